// The server.json check off the page's thread: a pasted or dropped file is untrusted and may be
// large (a 1 MB file of broken packages), and the schema and its checker stay out of the page's
// first chunks (loaded with this worker, when a server.json is first checked).
import { checkServerJson, type Checked } from '../../../registry/serverJson.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<{ id: number; text: string }>) => void) | null;
  postMessage: (message: { id: number; checked: Checked }) => void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, text } = event.data;
  scope.postMessage({ id, checked: checkServerJson(text) });
};
