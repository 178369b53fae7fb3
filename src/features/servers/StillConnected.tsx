import { Button } from '../../components/ui/Button.tsx';
import { ServerText } from '../../components/ui/ServerText.tsx';

/** While another server is being added: the servers that stay connected, each one click from the screen. */
export function StillConnected({ labels, onOpen }: { labels: ReadonlyMap<string, string>; onOpen: (url: string) => void }) {
  return (
    <section aria-label="Still connected" className="flex flex-wrap items-center gap-2 border-b border-line px-3 py-2 text-sm">
      <span className="text-subtle">Adding a server — {labels.size === 1 ? 'this one stays' : 'these stay'} connected:</span>
      {[...labels].map(([url, label]) => (
        <Button key={url} className="px-2 py-0.5 text-xs" onClick={() => onOpen(url)}>
          Back to <ServerText text={label} />
        </Button>
      ))}
    </section>
  );
}
