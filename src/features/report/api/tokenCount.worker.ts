// Counts o200k tokens off the page's thread: the tokenizer is a 2 MB chunk whose evaluation and
// counting would otherwise hold the workspace (the report chip's score needs exact counts only for
// a listing near a threshold of the token rules: quickScore.ts).
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { boundedCount } from '../../../report/promptCost.ts';

// Linear in the text, however long a run without a space (src/report/promptCost.ts).
const count = boundedCount((text) => countTokens(text));

interface WorkerScope {
  onmessage: ((event: MessageEvent<{ id: number; texts: string[] }>) => void) | null;
  postMessage: (message: { id: number; counts: number[] }) => void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, texts } = event.data;
  scope.postMessage({ id, counts: texts.map(count) });
};
