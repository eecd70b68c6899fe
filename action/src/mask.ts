import { redactSecrets, sanitizeLine } from '@keyfob/shared/client';
import { secretParts } from '@keyfob/shared/credentials';
import type { Runner } from './runner.ts';

/**
 * Every secret the step has seen: each is registered with the runner's log masker the moment it is
 * added (the whole value and each of its lines, since the runner matches line by line), and kept
 * so that failure messages can be redacted before they are printed.
 */
export class SecretBook {
  private readonly values = new Set<string>();

  constructor(private readonly runner: Pick<Runner, 'setSecret'>) {}

  /** Masks a value; call it as soon as the value is in hand, before anything is logged. */
  add(value: string | null | undefined): void {
    if (typeof value !== 'string') return;
    for (const part of secretParts(value)) {
      if (this.values.has(part)) continue;
      this.values.add(part);
      this.runner.setSecret(part);
    }
  }

  /** The text with every known secret (and anything shaped like a token) replaced by `***`. */
  redact(text: string): string {
    return redactSecrets(text, [...this.values]);
  }

  /**
   * One safe log line from text that may carry outside words: every secret of the step redacted
   * before any cut, no line break, no workflow command (see `sanitizeLine`).
   */
  sanitize(text: string): string {
    return sanitizeLine(text, [...this.values]);
  }

  /** Every registered value (for tests, leak checks and the engine client's own redaction). */
  list(): string[] {
    return [...this.values];
  }
}
