// The page the authorization server redirects back to. It checks the answer, hands it to the
// Toolscope tab that started the sign-in (BroadcastChannel: same origin only, and it works
// even when the opener link is severed), and removes the code from the address bar.
import '../app/shell/styles.css';
import { CALLBACK_CHANNEL, PENDING_PREFIX, checkCallback, parsePending } from '../mcp/auth/oauthCallback.ts';

const params = new URLSearchParams(window.location.search);
window.history.replaceState(null, '', window.location.pathname);
const verdict = checkCallback(params, (state) => parsePending(window.localStorage.getItem(PENDING_PREFIX + state)));
const output = document.getElementById('verdict');
if (output) output.textContent = verdict.sentence;
if (verdict.message) {
  const channel = new BroadcastChannel(CALLBACK_CHANNEL);
  channel.postMessage(verdict.message);
  channel.close();
}
if (verdict.ok && !verdict.message.error) window.setTimeout(() => window.close(), 1500);
