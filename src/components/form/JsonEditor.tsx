// A real JSON code editor (CodeMirror 6): syntax highlighting, bracket matching, undo history,
// and completion of the property names a schema declares. The text is the source of truth:
// whatever is typed stays exactly as typed (no re-escaping, no reformatting). No automatic
// bracket closing: typed character by character, `"}]\"["` inside a string came out with
// stray `]}` appended — exactly the corruption users of other inspectors complain about.
// Loaded on demand — only when someone edits JSON. It lives in a shadow root: there CodeMirror
// styles itself with constructed style sheets, which our CSP allows (style-src 'self' forbids
// the <style> element it would otherwise add to the document).
import { autocompletion, completionKeymap, type CompletionSource } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting, syntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { useEffect, useRef } from 'react';

export interface PropertyHint {
  name: string;
  detail?: string;
}

interface Props {
  value: string;
  onChange: (text: string) => void;
  /** The editor's accessible name. */
  label: string;
  /** Property names to offer while typing a key in the object at this path. */
  propertiesAt?: (path: (string | number)[]) => readonly PropertyHint[];
  invalid?: boolean;
}

// The syntax tree's node type, without depending on @lezer/common directly.
type SyntaxNode = ReturnType<ReturnType<typeof syntaxTree>['resolveInner']>;

const VALUE_NODES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

/** The instance path of the object the cursor is in (property names and array indexes). */
export function pathAt(state: EditorState, pos: number): (string | number)[] {
  const path: (string | number)[] = [];
  for (let node: SyntaxNode | null = syntaxTree(state).resolveInner(pos, -1); node; node = node.parent) {
    if (node.name === 'Property') {
      const name = node.getChild('PropertyName');
      // Only a property whose *value* holds the cursor is on the path (not the key being typed).
      if (name && pos > name.to) {
        try {
          path.unshift(String(JSON.parse(state.sliceDoc(name.from, name.to))));
        } catch {
          path.unshift(state.sliceDoc(name.from + 1, name.to - 1));
        }
      }
    } else if (node.name === 'Array') {
      let index = 0;
      for (let item = node.firstChild; item; item = item.nextSibling) if (VALUE_NODES.has(item.name) && item.to <= pos) index++;
      path.unshift(index);
    }
  }
  return path;
}

/** Completes a property name after an opening quote in key position, from the schema at that path. */
function propertyCompletion(propertiesAt: (path: (string | number)[]) => readonly PropertyHint[]): CompletionSource {
  return (context) => {
    const word = context.matchBefore(/"[^"\\\n]*$/);
    if (!word) return null;
    // Key position: the previous meaningful character opens an object or separates members.
    const before = context.state.sliceDoc(Math.max(0, word.from - 200), word.from).trimEnd();
    if (!/[{,]$/.test(before)) return null;
    return {
      from: word.from + 1,
      options: propertiesAt(pathAt(context.state, word.from)).map((property) => ({
        label: property.name,
        type: 'property',
        detail: property.detail,
        apply: `${property.name}": `,
      })),
      validFor: /^[^"\\\n]*$/,
    };
  };
}

// Inside the shadow root our Tailwind classes do not reach: size and colours come from here
// (colour is inherited from the host, so dark mode follows the page).
const theme = EditorView.theme({
  '&': { minHeight: '10rem', color: 'inherit', backgroundColor: 'transparent', fontSize: '0.875rem' },
  '&.cm-focused': { outline: '2px solid #3b82f6' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', minHeight: '10rem' },
  '.cm-content': { caretColor: 'currentColor', padding: '0.5rem 0' },
  '.cm-placeholder': { color: '#94a3b8' },
});

const NO_PROPERTIES = () => [];

export default function JsonEditor({ value, onChange, label, propertiesAt = NO_PROPERTIES, invalid }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(undefined);
  const latest = useRef({ onChange, propertiesAt });
  useEffect(() => {
    latest.current = { onChange, propertiesAt };
  });

  useEffect(() => {
    if (!host.current) return;
    const shadow = host.current.shadowRoot ?? host.current.attachShadow({ mode: 'open' });
    const parent = document.createElement('div');
    shadow.append(parent);
    const editor = new EditorView({
      root: shadow,
      parent,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          json(),
          syntaxHighlighting(defaultHighlightStyle),
          bracketMatching(),
          autocompletion({ override: [propertyCompletion((path) => latest.current.propertiesAt(path))] }),
          keymap.of([...defaultKeymap, ...historyKeymap, ...completionKeymap]),
          EditorView.lineWrapping,
          theme,
          placeholder('{}'),
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      parent.remove();
    };
    // The editor is created once; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A change from outside (the form, a reset) replaces the text; our own edits already match.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return (
    <div
      ref={host}
      data-invalid={invalid ? 'true' : undefined}
      className="min-h-40 overflow-hidden rounded-md border border-slate-300 bg-white text-slate-900 data-[invalid=true]:border-red-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    />
  );
}
