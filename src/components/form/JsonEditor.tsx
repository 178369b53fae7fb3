// A real JSON code editor (CodeMirror 6): syntax highlighting, bracket matching, undo history,
// and completion of the property names and values a schema declares. The text is the source
// of truth: whatever is typed stays exactly as typed (no re-escaping, no reformatting). No
// automatic bracket closing: typed character by character, `"}]\"["` inside a string came out
// with stray `]}` appended — exactly the corruption users of other inspectors complain about.
// Loaded on demand — only when someone edits JSON. It lives in a shadow root: there CodeMirror
// styles itself with constructed style sheets, which our CSP allows (style-src 'self' forbids
// the <style> element it would otherwise add to the document).
import { autocompletion, completionKeymap, type CompletionSource } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { HighlightStyle, bracketMatching, syntaxHighlighting, syntaxTree } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import { EditorState, Prec } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import type { PropertyHint, ValueHint } from '../../schema/schemaPath.ts';
import { EchoLog } from './echoes.ts';

interface Props {
  value: string;
  onChange: (text: string) => void;
  /** The editor's accessible name. */
  label: string;
  /** Property names to offer while typing a key in the object at this path. */
  propertiesAt?: (path: (string | number)[]) => readonly PropertyHint[];
  /** Values (enum members, booleans, defaults…) to offer while typing the value at this path. */
  valuesAt?: (path: (string | number)[]) => readonly ValueHint[];
  invalid?: boolean;
  /** Ctrl+Enter / ⌘Enter: call (CodeMirror's own binding would insert a blank line). */
  onSubmit?: () => void;
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

/** Whether the innermost object or array around `pos` is an object or an array. */
function containerAt(state: EditorState, pos: number): 'Object' | 'Array' | undefined {
  for (let node: SyntaxNode | null = syntaxTree(state).resolveInner(pos, -1); node; node = node.parent) {
    if (node.name === 'Object' || node.name === 'Array') return node.name;
  }
  return undefined;
}

/** The last meaningful character before `pos`, and the position just after it. */
function lastMark(state: EditorState, pos: number): { char: string; after: number } {
  const from = Math.max(0, pos - 200);
  const text = state.sliceDoc(from, pos).trimEnd();
  return { char: text.slice(-1), after: from + text.length };
}

/** Completes a property name after an opening quote in key position, from the schema at that path. */
function propertyCompletion(propertiesAt: (path: (string | number)[]) => readonly PropertyHint[]): CompletionSource {
  return (context) => {
    const word = context.matchBefore(/"[^"\\\n]*$/);
    if (!word) return null;
    // Key position: right after an object's "{" or a "," between its members.
    const before = lastMark(context.state, word.from).char;
    if (before !== '{' && !(before === ',' && containerAt(context.state, word.from) === 'Object')) return null;
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

/**
 * Completes a value the schema names (enum, const, true/false, null, default, examples) once
 * the person starts typing one after a key's ":" or in an array — or asks with Ctrl+Space.
 * Nothing pops up on its own after ":", so Enter keeps meaning a new line there.
 */
function valueCompletion(valuesAt: (path: (string | number)[]) => readonly ValueHint[]): CompletionSource {
  const valuePosition = (state: EditorState, from: number) => {
    const before = lastMark(state, from);
    const inArray = (before.char === '[' || before.char === ',') && containerAt(state, before.after) === 'Array';
    return before.char === ':' || inArray ? before : undefined;
  };
  return (context) => {
    // A string being typed, else a bare word (true, null, 12); a quote found first may be the
    // closing quote of the key (`"condition": |`), so each is checked for value position.
    const found = [context.matchBefore(/"[^"\\\n]*$/), context.matchBefore(/[\w.+-]*$/)]
      .map((word) => word && { word, before: valuePosition(context.state, word.from) })
      .find((candidate) => candidate?.before);
    if (!found?.before || (found.word.from === found.word.to && !context.explicit)) return null;
    const { word, before } = found;
    // The path is read at the ":" / "[" / ",": with nothing typed yet, the syntax tree has no
    // value node for the cursor to be in.
    const hints = valuesAt(pathAt(context.state, before.after));
    const typedOut = (text: string) => hints.some((hint) => hint.text === text);
    return {
      from: word.from,
      // A value typed out in full is not offered again, so Enter after it starts a new line.
      options: hints.filter((hint) => hint.text !== word.text).map((hint) => ({ label: hint.text, type: 'constant', detail: hint.detail })),
      validFor: (text) => /^(?:"[^"\\\n]*|[\w.+-]*)$/.test(text) && !typedOut(text),
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

// Colours from the page's tokens (styles.css), so each theme has its own readable set; the
// default style's were made for a white page (2.4:1 for strings on dark navy).
const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--color-code-property)' },
  { tag: tags.string, color: 'var(--color-code-string)' },
  { tag: tags.number, color: 'var(--color-code-number)' },
  { tag: [tags.bool, tags.null, tags.keyword], color: 'var(--color-code-literal)' },
  { tag: [tags.punctuation, tags.separator, tags.brace, tags.squareBracket], color: 'var(--color-code-punctuation)' },
  { tag: tags.invalid, color: 'var(--color-danger)' },
]);

const NO_HINTS = () => [];

// Text typed over a selection, or a selection deleted, is done by CodeMirror, not by the browser: Chrome's own editing
// carries the deleted text's style over as a `style` attribute ("typing style"), which our CSP
// refuses (style-src-attr) — and which CodeMirror would only take out again.
/** The selection as the browser holds it now (CodeMirror's state may not have read a select-all yet). */
function domSelection(view: EditorView): { from: number; to: number } | undefined {
  const root = view.root as (Document | ShadowRoot) & { getSelection?: () => Selection | null };
  const selection = root.getSelection?.() ?? document.getSelection();
  if (!selection || selection.isCollapsed || !selection.anchorNode || !selection.focusNode) return undefined;
  if (!view.contentDOM.contains(selection.anchorNode) || !view.contentDOM.contains(selection.focusNode)) return undefined;
  const anchor = view.posAtDOM(selection.anchorNode, selection.anchorOffset);
  const head = view.posAtDOM(selection.focusNode, selection.focusOffset);
  return anchor === head ? undefined : { from: Math.min(anchor, head), to: Math.max(anchor, head) };
}

const replaceSelectionOurselves = EditorView.domEventHandlers({
  beforeinput(event, view) {
    const typing = event.inputType === 'insertText' && typeof event.data === 'string';
    const deleting = event.inputType.startsWith('delete') && event.inputType !== 'deleteByDrag';
    if ((!typing && !deleting) || view.composing) return false;
    const insert = typing ? (event.data ?? '') : '';
    const range = domSelection(view);
    if (range) {
      event.preventDefault();
      view.dispatch({
        changes: { ...range, insert },
        selection: { anchor: range.from + insert.length },
        userEvent: typing ? 'input.type' : 'delete.selection',
        scrollIntoView: true,
      });
      return true;
    }
    if (view.state.selection.ranges.every((each) => each.empty)) return false;
    event.preventDefault();
    view.dispatch(view.state.replaceSelection(insert), { userEvent: typing ? 'input.type' : 'delete.selection', scrollIntoView: true });
    return true;
  },
});

export default function JsonEditor({ value, onChange, label, propertiesAt = NO_HINTS, valuesAt = NO_HINTS, invalid, onSubmit }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(undefined);
  const latest = useRef({ onChange, propertiesAt, valuesAt, onSubmit });
  const echoes = useRef(new EchoLog());
  /** Set while `value` is being put into the editor: that is no edit to report back. */
  const applyingValue = useRef(false);
  useEffect(() => {
    latest.current = { onChange, propertiesAt, valuesAt, onSubmit };
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
          syntaxHighlighting(highlight),
          bracketMatching(),
          autocompletion({
            override: [
              propertyCompletion((path) => latest.current.propertiesAt(path)),
              valueCompletion((path) => latest.current.valuesAt(path)),
            ],
          }),
          // Ctrl+Enter calls the tool, as it does everywhere in the request pane — before the default keymap's blank line.
          Prec.highest(
            keymap.of([
              {
                key: 'Mod-Enter',
                run: () => {
                  const submit = latest.current.onSubmit;
                  submit?.();
                  return submit !== undefined;
                },
              },
            ]),
          ),
          keymap.of([...defaultKeymap, ...historyKeymap, ...completionKeymap]),
          EditorView.lineWrapping,
          replaceSelectionOurselves,
          theme,
          placeholder('{}'),
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true' }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged || applyingValue.current) return;
            const text = update.state.doc.toString();
            echoes.current.sent(text);
            latest.current.onChange(text);
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

  // A change from outside (the form, a reset) replaces the text. Our own edits come back as
  // `value` too — possibly late, when the next key was already typed: an echo of any text we
  // sent is never applied, or fast typing would lose characters (seen in e2e: a typed "}"
  // vanished when the previous render's value arrived after it).
  useEffect(() => {
    const editor = view.current;
    if (!editor || echoes.current.isEcho(value)) return;
    if (editor.state.doc.toString() !== value) {
      applyingValue.current = true;
      try {
        editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
      } finally {
        applyingValue.current = false;
      }
    }
  }, [value]);

  return (
    <div
      ref={host}
      data-invalid={invalid ? 'true' : undefined}
      className="min-h-40 overflow-hidden rounded-md border border-field bg-panel text-ink data-[invalid=true]:border-red-500"
    />
  );
}
