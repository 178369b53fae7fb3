// Focus that follows the person into what they opened: the first empty required field of a
// tool's arguments (else its first field, else its Call button), once the form is on screen.

const FIELDS =
  'input:not([type="hidden"]):not([disabled]):not([readonly]), select:not([disabled]), textarea:not([disabled]), [role="textbox"][contenteditable="true"]';

const isRequired = (field: Element) => (field as HTMLInputElement).required === true || field.getAttribute('aria-required') === 'true';
const isEmpty = (field: Element) =>
  (field instanceof HTMLInputElement && !['checkbox', 'radio'].includes(field.type)) ||
  field instanceof HTMLTextAreaElement ||
  field instanceof HTMLSelectElement
    ? (field as HTMLInputElement).value === ''
    : false;

/** Focuses the first empty required field in `form`, else its first field, else `fallback`; false when none is there yet. */
export function focusFirstField(form: Element | null, fallback?: HTMLElement | null): boolean {
  if (!form) return false;
  const fields = [...form.querySelectorAll<HTMLElement>(FIELDS)];
  const target = fields.find((field) => isRequired(field) && isEmpty(field)) ?? fields[0] ?? fallback;
  if (!target) return false;
  target.focus();
  return document.activeElement === target;
}

/**
 * Runs `focusFirstField` on the form `find` returns as soon as it exists (the form's code may still
 * be loading), giving up after `timeoutMs` or when the person moves focus themselves. Returns a cancel.
 */
export function focusWhenReady(
  root: HTMLElement,
  find: () => { form: Element | null; fallback?: HTMLElement | null },
  timeoutMs = 5000,
): () => void {
  const startedOn = document.activeElement;
  let done = false;
  const attempt = () => {
    if (done) return;
    // The person already went somewhere else (typed in the search, opened a dialog): leave them there.
    if (document.activeElement !== startedOn && document.activeElement !== document.body && !root.contains(document.activeElement)) {
      stop();
      return;
    }
    const { form, fallback } = find();
    if (form && focusFirstField(form, fallback)) stop();
  };
  const observer = new MutationObserver(attempt);
  const timer = setTimeout(() => stop(), timeoutMs);
  const frame = requestAnimationFrame(attempt);
  function stop() {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    cancelAnimationFrame(frame);
  }
  observer.observe(root, { childList: true, subtree: true });
  return stop;
}
