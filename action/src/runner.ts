/** Where an annotation points: a file and a 1-based range, plus an optional title. */
export interface Annotation {
  readonly file?: string;
  readonly title?: string;
  readonly startLine?: number;
  readonly startColumn?: number;
  readonly endLine?: number;
  readonly endColumn?: number;
}

/**
 * Everything the action does to the runner, behind one interface: `coreRunner()` backs it with
 * `@actions/core` (the workflow commands and environment files the runner reads), tests back it with
 * a recorder. Keeping `@actions/core` behind it means no other module imports `@actions/*`.
 */
export interface Runner {
  /** The process environment (GitHub context, proxy variables, OIDC request variables). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** An input by its `action.yml` name, trimmed; `''` when not given. Only `inputs.ts` calls it. */
  getInput(name: string): string;
  /** Registers a value the runner must hide in every later log line. */
  setSecret(value: string): void;
  info(text: string): void;
  debug(text: string): void;
  notice(text: string, where?: Annotation): void;
  warning(text: string, where?: Annotation): void;
  error(text: string, where?: Annotation): void;
  /** Opens a collapsible log group (closed by `endGroup`). */
  startGroup(title: string): void;
  endGroup(): void;
  /** Sets a variable for this process and every later step of the job. */
  exportVariable(name: string, value: string): void;
  setOutput(name: string, value: string): void;
  /** Keeps a value for the post step (`getState` there). */
  saveState(name: string, value: string): void;
  getState(name: string): string;
  /** Appends Markdown to the job summary. */
  appendSummary(markdown: string): Promise<void>;
  /** Marks the step failed with one message (the action calls it once, at the top). */
  setFailed(message: string): void;
  /** Milliseconds since the epoch. */
  now(): number;
}
