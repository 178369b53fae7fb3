// What an app asks the person before it happens: a link to open in a new tab, files to save.
// Nothing opens and nothing is saved without the answer (src/apphost/hostSession.ts waits for it).
import { Button } from '../../components/ui/Button.tsx';
import type { AppHostSession, AppHostSnapshot } from '../../apphost/hostSession.ts';
import { revealInvisible } from '../../lib/text.ts';

export default function AppQuestions({ session, snapshot }: { session: AppHostSession; snapshot: AppHostSnapshot }) {
  const { link, download } = snapshot;
  return (
    <>
      {link ? (
        <div role="alertdialog" aria-label="The app wants to open a link" className="flex flex-wrap items-center gap-2 text-sm">
          <span>
            The app wants to open <span className="font-mono break-all">{link}</span> in a new tab.
          </span>
          <Button onClick={() => session.answerLink(true)}>Open link</Button>
          <Button variant="ghost" onClick={() => session.answerLink(false)}>
            Don’t open
          </Button>
        </div>
      ) : null}
      {download ? (
        <div
          role="alertdialog"
          aria-label="The app wants to download a file"
          className="flex flex-col gap-1 rounded border border-line p-2 text-sm"
        >
          <span>The app wants to save {download.items.length === 1 ? 'a file' : `${download.items.length} files`} on this computer:</span>
          <ul className="text-xs">
            {download.items.map((item, index) => (
              <li key={index}>
                <span className="font-mono">{revealInvisible(item.name)}</span> · {revealInvisible(item.mimeType)} ·{' '}
                {item.bytes ? `${item.bytes.byteLength} bytes` : `read from ${revealInvisible(item.link ?? '')} on "Download"`}
              </li>
            ))}
          </ul>
          {download.problems.map((problem) => (
            <p key={problem} className="text-xs text-warn">
              {revealInvisible(problem)}
            </p>
          ))}
          <div className="flex gap-2">
            <Button disabled={!download.items.length} onClick={() => session.answerDownload(true)}>
              Download
            </Button>
            <Button variant="ghost" onClick={() => session.answerDownload(false)}>
              Don't download
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}
