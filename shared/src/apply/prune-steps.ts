import { applyCodes } from '../codes/apply.ts';
import type { Problem } from '../problem.ts';
import type { PlanStep } from './plan-types.ts';

type ApplyKind = PlanStep['kind'];

/** How a note names the things of each kind. */
const KIND_NAMES: Readonly<Record<ApplyKind, string>> = {
  role: 'roles',
  'static-role': 'static roles',
  policy: 'policies',
  'jwt-role': 'JWT roles',
};

/** Kinds pruned only when the files declare at least one, so role-only files never wipe them. */
const ONLY_WHEN_DECLARED: ReadonlySet<ApplyKind> = new Set(['policy', 'jwt-role']);

/**
 * The delete steps of `prune` for one kind: what the engine lists and no file declares, names sorted.
 * None, with a note, when the engine did not list that kind (`APPLY_PRUNE_UNLISTED`) or when no file
 * declares any policy or JWT role (`APPLY_PRUNE_KIND_SKIPPED`).
 */
export function pruneSteps(
  kind: ApplyKind,
  declared: ReadonlyMap<string, unknown>,
  listed: readonly string[] | undefined,
  problems: Problem[],
): PlanStep[] {
  const what = KIND_NAMES[kind];
  if (ONLY_WHEN_DECLARED.has(kind) && declared.size === 0) {
    problems.push(
      applyNote(
        'APPLY_PRUNE_KIND_SKIPPED',
        `No file declares any ${what}, so prune leaves the engine's ${what} alone.`,
      ),
    );
    return [];
  }
  if (listed === undefined) {
    problems.push(
      applyNote(
        'APPLY_PRUNE_UNLISTED',
        `The engine did not list its ${what}, so prune could not find ${what} that no file declares.`,
      ),
    );
    return [];
  }
  return listed
    .filter((name) => !declared.has(name))
    .sort()
    .map((name) => ({ op: 'delete' as const, kind, name, fields: [] }));
}

/** A note of the apply plan (its code's severity), about the named thing when `name` is given. */
export function applyNote(code: keyof typeof applyCodes, message: string, name = ''): Problem {
  return { code, severity: applyCodes[code].severity, message, path: '', ...(name === '' ? {} : { data: { name } }) };
}
