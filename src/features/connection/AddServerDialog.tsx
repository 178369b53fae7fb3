// "Add server": another server beside the one on screen, which stays connected — a dialog over the
// workspace (never the start screen), its URL empty and one filled button.
import { useId, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { revealInvisible } from '../../lib/text.ts';
import { serverKey } from '../../lib/serverKey.ts';

interface Props {
  /** The server on screen, which stays connected (its name). */
  stays: string;
  /** The tab's other servers, which stay connected too. */
  others: number;
  /** The server on screen: asking for it again changes nothing. */
  shownUrl: string;
  onAdd: (url: string, bearerToken: string) => void;
  onCancel: () => void;
}

const inputClass =
  'w-full rounded-md border border-field bg-panel px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-blue-500';

export function AddServerDialog({ stays, others, shownUrl, onAdd, onCancel }: Props) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string>();
  return (
    <Modal labelledBy={id} describedBy={`${id}-note`} onCancel={onCancel}>
      <form
        className="flex flex-col gap-3 text-sm"
        aria-label="Add server"
        onSubmit={(event) => {
          event.preventDefault();
          // The one name a server is known by (its remembered era, History, the set's membership).
          if (serverKey(url) === serverKey(shownUrl)) return setProblem('That server is the one on screen: it is connected already.');
          onAdd(url.trim(), token);
        }}
      >
        <h2 id={id} className="text-base font-semibold">
          Add server
        </h2>
        <p id={`${id}-note`} className="text-subtle">
          {revealInvisible(stays)}
          {others ? ` and ${others === 1 ? 'the other server' : `the other ${others} servers`} stay` : ' stays'} connected: the new server
          comes on screen, and the chip switches between them.
        </p>
        <label className="flex flex-col gap-1">
          Server URL
          <input
            className={inputClass}
            type="url"
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              setProblem(undefined);
            }}
            placeholder="http://127.0.0.1:3000/mcp"
            required
            spellCheck={false}
          />
        </label>
        <label className="flex flex-col gap-1">
          Bearer token (optional)
          <input
            className={inputClass}
            type="password"
            autoComplete="off"
            value={token}
            onChange={(event) => setToken(event.target.value)}
          />
        </label>
        {problem ? (
          <p role="alert" className="text-warn">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="primary">
            Connect
          </Button>
        </div>
      </form>
    </Modal>
  );
}

// Loaded when asked for (ConnectionBar), not in the start screen's bundle.
export default AddServerDialog;
