// Types for run-action.mjs (plain JavaScript so `npm run demo` runs on bare Node), used by the tests.

/** What one step run left behind. */
export interface StepRun {
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Variables exported through GITHUB_ENV, in order (a later value wins in the map). */
  readonly env: Readonly<Record<string, string>>;
  readonly outputs: Readonly<Record<string, string>>;
  readonly state: Readonly<Record<string, string>>;
  readonly summary: string;
  /** Values registered with `::add-mask::`, decoded, in order. */
  readonly masks: readonly string[];
  /** Wall time of the process in milliseconds. */
  readonly ms: number;
}

/** How to run a step. */
export interface StepOptions {
  /** Inputs by their action.yml names. */
  readonly inputs: Readonly<Record<string, string>>;
  /** Extra environment (GitHub context, OIDC variables, proxies, HOME). */
  readonly env?: Readonly<Record<string, string>>;
  /** Saved state handed to a post step. */
  readonly state?: Readonly<Record<string, string>>;
  /** GITHUB_WORKSPACE and the working directory; default the repository root. */
  readonly workspace?: string;
  /** Kill the process after this many ms (default 60 s: a safety net, not a timing assertion). */
  readonly killAfterMs?: number;
}

export function node(
  args: readonly string[],
  options?: { cwd?: string; env?: NodeJS.ProcessEnv; killAfterMs?: number },
): Promise<{ code: number | null; stdout: string; stderr: string }>;
export function runStep(entry: 'main' | 'post', options: StepOptions): Promise<StepRun>;
export function runJob(options: StepOptions): Promise<{ main: StepRun; post: StepRun }>;
export function hideMasked(text: string, masks: readonly string[]): string;
export function runnerView(stdout: string, paint?: (code: string, text: string) => string): string;
