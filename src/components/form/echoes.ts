// A controlled text editor sends each edit up and gets it back as its `value` — sometimes
// late: the next key may already be typed when the previous render's value arrives. Applying
// that stale echo would drop the newer keystrokes. This remembers what was sent and not yet
// echoed, so the editor can tell its own echoes (old or new) from a real change from outside.

const MAX_PENDING = 20;

export class EchoLog {
  #pending: string[] = [];

  /** An edit was sent up. */
  sent(text: string) {
    this.#pending.push(text);
    if (this.#pending.length > MAX_PENDING) this.#pending.shift();
  }

  /**
   * Whether `value` is an echo of something sent (consuming it and everything sent before it:
   * a later echo stands for earlier ones React skipped). A change from outside clears the log.
   */
  isEcho(value: string): boolean {
    const at = this.#pending.indexOf(value);
    if (at < 0) {
      this.#pending = [];
      return false;
    }
    this.#pending.splice(0, at + 1);
    return true;
  }
}
