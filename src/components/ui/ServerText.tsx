// Text a server chose (a name, a title, a message quoting one), shown as it reads: control, bidi
// and zero-width characters revealed as ⟨U+XXXX⟩ (src/lib/text.ts), and the whole isolated in a
// <bdi>, so no direction it carries spills onto Toolscope's own words beside it (audit 4, N4).
import { revealInvisible } from '../../lib/text.ts';

export function ServerText({ text, className }: { text: string; className?: string }) {
  return <bdi className={className}>{revealInvisible(text)}</bdi>;
}
