import { Button } from '../../components/ui/Button.tsx';
import { copyWithToast } from '../../web/toasts.ts';

/** Copies what the server sent, as JSON (pretty-printed), and says so. */
export function CopyJson({ value, label }: { value: unknown; label: string }) {
  return (
    <Button
      className="px-2 py-0.5 text-xs"
      onClick={() => copyWithToast({ title: 'Copied as JSON', text: JSON.stringify(value, null, 2), notes: [] })}
    >
      {label}
    </Button>
  );
}
