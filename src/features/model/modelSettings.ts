// The page's model settings, held in this tab's memory only: never written to any storage, export,
// share link, History or Traffic body — gone on reload (the panel says so beside the key field).
import { createStore } from '../../lib/store.ts';
import type { ModelProvider } from '../../model/modelWire.ts';

export interface ModelSettings {
  provider: ModelProvider;
  baseUrl: string;
  model: string;
  key: string;
  /** Send through Toolscope's loopback proxy (for a provider that allows no browser origin). */
  viaProxy: boolean;
}

/** A local Ollama's OpenAI-compatible endpoint: the suggestion (no key, nothing leaves the machine). */
export const SUGGESTED_BASE: Record<ModelProvider, string> = {
  openai: 'http://127.0.0.1:11434/v1',
  anthropic: 'https://api.anthropic.com',
};

export const modelSettings = createStore<ModelSettings>({
  provider: 'openai',
  baseUrl: SUGGESTED_BASE.openai,
  model: '',
  key: '',
  viaProxy: false,
});

/** The provider's own headers the proxy must pass on (it forwards Authorization and Content-Type by itself). */
export const PROXY_FORWARD: Record<ModelProvider, readonly string[]> = { openai: [], anthropic: ['x-api-key', 'anthropic-version'] };

/**
 * Anthropic answers a page only when it says it knows the key is exposed to the browser
 * (docs.anthropic.com, "CORS": the anthropic-dangerous-direct-browser-access header).
 */
export const BROWSER_HEADERS: Record<ModelProvider, Record<string, string>> = {
  openai: {},
  anthropic: { 'anthropic-dangerous-direct-browser-access': 'true' },
};

/** What to set when the provider refuses a direct call from this page (no CORS). */
export function refusedAdvice(provider: ModelProvider, baseUrl: string, origin: string): string {
  if (provider === 'anthropic')
    return `Anthropic refused a direct call from this page. Toolscope sends anthropic-dangerous-direct-browser-access: true; check the base URL (${baseUrl}) and the key.`;
  if (/^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//.test(`${baseUrl.replace(/\/+$/, '')}/`))
    return `The model server refused a direct call from this page (no CORS). For Ollama, start it with OLLAMA_ORIGINS=${origin} (ollama serve); LM Studio: turn on "Enable CORS" in its server settings. Or tick "Through Toolscope's proxy".`;
  return `The provider refused a direct call from this page (no CORS headers for ${origin}). Allow this origin on the server (vLLM: --allowed-origins '["${origin}"]'), or tick "Through Toolscope's proxy".`;
}

/**
 * Whether anything answers at this base URL at all: an opaque request (mode "no-cors", no
 * credentials, nothing read) resolves when a server answered — even one that allows no CORS — and
 * fails when nothing listens there. Bounded at 3 s.
 */
export async function answersAtAll(baseUrl: string): Promise<boolean> {
  try {
    await fetch(baseUrl.trim(), { mode: 'no-cors', credentials: 'omit', signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
}
