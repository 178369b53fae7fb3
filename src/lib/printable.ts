// Text from a server, made safe to print on a terminal: every C0 and C1 control character but the
// newline and the tab (ESC, CSI, OSC… — what clears a screen, sets a title or writes the clipboard
// through OSC 52), and every bidi control and zero-width character (a name that reads otherwise
// than it is: audit 4, N4), is shown as the six characters \uXXXX instead. Valid inside JSON
// strings and XML text alike, so it applies to a whole report whatever its format.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

export const printable = (text: string): string =>
  text.replace(CONTROL, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
