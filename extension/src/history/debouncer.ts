/** Runs the latest callback for a key once no new one has come for `delayMs` (one timer per key). */
export class Debouncer {
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();

  schedule(key: string, delayMs: number, run: () => void): void {
    clearTimeout(this.#timers.get(key));
    this.#timers.set(
      key,
      setTimeout(() => {
        this.#timers.delete(key);
        run();
      }, delayMs),
    );
  }

  cancel(key: string): void {
    clearTimeout(this.#timers.get(key));
    this.#timers.delete(key);
  }

  dispose(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }
}
