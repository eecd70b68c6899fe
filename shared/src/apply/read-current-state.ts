import type { EngineClient, EngineRole, EngineStaticRole } from '../client/index.ts';
import type { CurrentState, DesiredState } from './plan-types.ts';

/** The client calls apply needs (an `EngineClient` fits; tests pass a fake). */
export type ApplyClient = Pick<
  EngineClient,
  | 'readRole'
  | 'listRoles'
  | 'writeRole'
  | 'deleteRole'
  | 'readStaticRole'
  | 'listStaticRoles'
  | 'writeStaticRole'
  | 'deleteStaticRole'
  | 'readPolicyText'
  | 'listPolicies'
  | 'writePolicy'
  | 'deletePolicy'
  | 'readJwtRole'
  | 'listJwtRoles'
  | 'writeJwtRole'
  | 'deleteJwtRole'
>;

/** How many reads run at once: enough to hide latency, few enough not to trip an engine's rate limit. */
const CONCURRENCY = 4;

/**
 * Reads what the engine holds for every declared name and, with `prune`, lists every name. Reads
 * go a few at a time; a missing role is simply absent from the maps. Engine failures reject.
 */
export async function readCurrentState(
  client: ApplyClient,
  desired: DesiredState,
  options: { readonly prune: boolean },
): Promise<CurrentState> {
  const roles = new Map<string, EngineRole>();
  const staticRoles = new Map<string, EngineStaticRole>();
  const policies = new Map<string, string>();
  const jwtRoles = new Map<string, Readonly<Record<string, unknown>>>();
  const tasks: (() => Promise<void>)[] = [
    ...[...desired.roles.keys()].map((name) => async () => {
      const found = await client.readRole(name);
      if (found) roles.set(name, found);
    }),
    ...[...desired.staticRoles.keys()].map((name) => async () => {
      const found = await client.readStaticRole(name);
      if (found) staticRoles.set(name, found);
    }),
    ...[...(desired.policies?.keys() ?? [])].map((name) => async () => {
      const found = await client.readPolicyText(name);
      if (found !== undefined) policies.set(name, found);
    }),
    ...[...(desired.jwtRoles?.keys() ?? [])].map((name) => async () => {
      const found = await client.readJwtRole(name);
      if (found) jwtRoles.set(name, found);
    }),
  ];
  await runLimited(tasks, CONCURRENCY);
  const roleNames = options.prune ? await client.listRoles() : undefined;
  const staticRoleNames = options.prune ? await client.listStaticRoles() : undefined;
  // Listed only when the files declare some: prune leaves a kind alone that no file declares.
  const policyNames = options.prune && (desired.policies?.size ?? 0) > 0 ? await client.listPolicies() : undefined;
  const jwtRoleNames = options.prune && (desired.jwtRoles?.size ?? 0) > 0 ? await client.listJwtRoles() : undefined;
  return { roles, staticRoles, roleNames, staticRoleNames, policies, policyNames, jwtRoles, jwtRoleNames };
}

/** Runs tasks with at most `limit` in flight; rejects with the first failure. */
export async function runLimited(tasks: readonly (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const task = tasks[next];
      next += 1;
      if (task) await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}
