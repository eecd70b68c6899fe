import type * as vscode from 'vscode';

/**
 * A minimal event source with VS Code's `Event` shape. Providers hand their `event` to VS Code at
 * registration; using this instead of `vscode.EventEmitter` keeps activation free of `vscode`
 * classes (the activation benchmark loads the bundle against a stub of the API namespaces).
 */
export class SimpleEmitter<T> {
  readonly #listeners = new Set<(value: T) => unknown>();

  readonly event: vscode.Event<T> = (listener, thisArgs?: unknown, disposables?: vscode.Disposable[]) => {
    const bound = (value: T): unknown => listener.call(thisArgs, value);
    this.#listeners.add(bound);
    const subscription = { dispose: () => void this.#listeners.delete(bound) };
    disposables?.push(subscription);
    return subscription;
  };

  fire(value: T): void {
    for (const listener of [...this.#listeners]) listener(value);
  }

  dispose(): void {
    this.#listeners.clear();
  }
}
