import type { Problem } from '@keyfob/shared/problem';
import { INPUT_DEFAULTS } from './action-config.ts';
import { parseBoolean, parseChoice, parseDurationMs, type Parsed } from './input-parsers.ts';
import type { SecretBook } from './mask.ts';
import type { Runner } from './runner.ts';

/**
 * Reads inputs through the runner, applying `INPUT_DEFAULTS`, and collects every problem instead of
 * stopping at the first. Used only by `inputs.ts`: no other module reads inputs.
 */
export class InputReader {
  readonly problems: Problem[] = [];
  constructor(
    private readonly runner: Runner,
    private readonly secrets: SecretBook,
  ) {}

  /** The input's text, or its default, or `''`. */
  text(name: string): string {
    const value = this.runner.getInput(name);
    return value === '' ? defaultOf(name) : value;
  }

  /** A secret input: registered with the runner's masker before anything can print it. */
  secret(name: string): string {
    const value = this.runner.getInput(name);
    this.secrets.add(value);
    return value;
  }

  /** Whether the workflow set the input to something other than its default. */
  isGiven(name: string): boolean {
    const value = this.runner.getInput(name);
    return value !== '' && value !== defaultOf(name);
  }

  /** The input's text, `undefined` when empty. */
  optional(name: string): string | undefined {
    const value = this.text(name);
    return value === '' ? undefined : value;
  }

  bool(name: string): boolean {
    return this.take(parseBoolean(name, this.text(name)), false);
  }

  durationMs(name: string): number {
    return this.take(parseDurationMs(name, this.text(name)), 1000);
  }

  choice<T extends string>(name: string, choices: readonly T[]): T | undefined {
    return this.take(parseChoice(name, this.text(name), choices), undefined);
  }

  /** Keeps a parsed value, or records its problem and returns `fallback`. */
  take<T, F>(parsed: Parsed<T>, fallback: F): T | F {
    if (parsed.ok) return parsed.value;
    this.problems.push(parsed.problem);
    return fallback;
  }

  report(...problems: readonly Problem[]): void {
    this.problems.push(...problems);
  }
}

function defaultOf(name: string): string {
  return (INPUT_DEFAULTS as Readonly<Record<string, string>>)[name] ?? '';
}
