import { trustContextOf } from '../lint/index.ts';
import { applyOutcome, type ApplyOutcome } from './apply-outcome.ts';
import { collectDesiredState, type DesiredStateResult, type RoleFileText } from './desired-state.ts';
import { executePlan, type ExecutedStep } from './execute-plan.ts';
import { planApply } from './plan-apply.ts';
import type { Plan } from './plan-types.ts';
import { readCurrentState, type ApplyClient } from './read-current-state.ts';

/** What `applyFiles` is asked to do. */
export interface ApplyFilesOptions {
  /** The mount apply writes to (a manifest for another mount is refused). */
  readonly mount: string;
  /** The repository's workflows, for the JWT roles' trust checks. */
  readonly workflows: readonly RoleFileText[];
  /** Also delete what no file declares. */
  readonly prune: boolean;
  /** Plan only: change nothing. */
  readonly dryRun: boolean;
}

/** What `applyFiles` tells as it goes, so a caller can show each stage when it happens. */
export interface ApplyEvents {
  /** The files were linted (every file's problems), before any engine call. */
  readonly linted?: (collected: DesiredStateResult) => void;
  /** The plan, before any change is made. */
  readonly planned?: (plan: Plan) => void;
  /** A change the engine accepted and showed when read back. */
  readonly applied?: (done: ExecutedStep) => void;
}

/** How an apply ended; every result carries the linted files. */
export type ApplyResult =
  /** A file has errors: nothing was read or changed. */
  | { readonly status: 'invalid'; readonly collected: DesiredStateResult }
  /** The engine's state could not be read: nothing was changed. */
  | { readonly status: 'unread'; readonly collected: DesiredStateResult; readonly error: unknown }
  /** A dry run, or the engine already matches: nothing was changed. */
  | { readonly status: 'planned'; readonly collected: DesiredStateResult; readonly plan: Plan }
  /** The plan was carried out; `error` is why `outcome.failed` failed, when one did. */
  | {
      readonly status: 'applied';
      readonly collected: DesiredStateResult;
      readonly plan: Plan;
      readonly outcome: ApplyOutcome;
      readonly error?: unknown;
    };

/**
 * The one apply sequence of `keyfob apply` and the action's apply mode: lint the files (nothing goes
 * further while any has an error), read what the engine holds, plan, and (unless a dry run or
 * nothing changes) write each change in order, reading each back with the write's index, stopping
 * at the first failure. The result says exactly what the engine now holds; callers only render it.
 */
export async function applyFiles(
  client: ApplyClient,
  files: readonly RoleFileText[],
  options: ApplyFilesOptions,
  events: ApplyEvents = {},
): Promise<ApplyResult> {
  const collected = collectDesiredState(files, {
    mount: options.mount,
    trust: trustContextOf(files, options.workflows),
  });
  events.linted?.(collected);
  if (!collected.ok) return { status: 'invalid', collected };
  let plan: Plan;
  try {
    const current = await readCurrentState(client, collected.desired, { prune: options.prune });
    plan = planApply(collected.desired, current, { prune: options.prune });
  } catch (error) {
    return { status: 'unread', collected, error };
  }
  events.planned?.(plan);
  if (options.dryRun || !plan.changed) return { status: 'planned', collected, plan };
  let done = 0;
  try {
    await executePlan(client, plan, (step) => {
      done += 1;
      events.applied?.(step);
    });
  } catch (error) {
    return { status: 'applied', collected, plan, outcome: applyOutcome(plan, done), error };
  }
  return { status: 'applied', collected, plan, outcome: applyOutcome(plan, done) };
}
