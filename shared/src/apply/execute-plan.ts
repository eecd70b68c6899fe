import type { StaticRoleBody } from '../client/index.ts';
import type { Plan, PlanStep } from './plan-types.ts';
import type { ApplyClient } from './read-current-state.ts';

/** A step that was carried out, with the warnings the engine attached to its writes. */
export interface ExecutedStep {
  readonly step: PlanStep;
  readonly warnings: readonly string[];
}

/**
 * Carries out a plan's changing steps in order (`unchanged` steps are skipped). A failure stops the
 * run and rejects; `onStep` has by then been told of every step that succeeded, so callers can say
 * exactly what changed before the failure.
 */
export async function executePlan(
  client: ApplyClient,
  plan: Plan,
  onStep?: (done: ExecutedStep) => void,
): Promise<ExecutedStep[]> {
  const done: ExecutedStep[] = [];
  for (const step of plan.steps) {
    if (step.op === 'unchanged') continue;
    const warnings = await executeStep(client, step);
    const executed = { step, warnings };
    done.push(executed);
    onStep?.(executed);
  }
  return done;
}

async function executeStep(client: ApplyClient, step: PlanStep): Promise<readonly string[]> {
  if (step.kind === 'policy' || step.kind === 'jwt-role') return executeAccessStep(client, step);
  const isRole = step.kind === 'role';
  if (step.op === 'delete' || step.op === 'replace') {
    if (isRole) await client.deleteRole(step.name);
    else await client.deleteStaticRole(step.name);
    if (step.op === 'delete') return [];
  }
  const body = step.body ?? {};
  const result = isRole
    ? await client.writeRole(step.name, body, sourceOption(step))
    : await client.writeStaticRole(step.name, body as StaticRoleBody);
  await confirmWritten(client, step);
  return result.warnings;
}

/** Policies and JWT roles: a write replaces the whole definition, so there is no replace step. */
async function executeAccessStep(client: ApplyClient, step: PlanStep): Promise<readonly string[]> {
  const isPolicy = step.kind === 'policy';
  if (step.op === 'delete') {
    if (isPolicy) await client.deletePolicy(step.name);
    else await client.deleteJwtRole(step.name);
    return [];
  }
  const body = step.body ?? {};
  const result = isPolicy
    ? await client.writePolicy(step.name, typeof body.policy === 'string' ? body.policy : '')
    : await client.writeJwtRole(step.name, body);
  await confirmWritten(client, step);
  return result.warnings;
}

/**
 * Reads back what a step wrote. On a cluster the read carries the write's `X-Vault-Index` (the
 * client keeps it), so a standby that has not caught up forwards it to the active node instead of
 * answering from older state; a write the engine then does not show is a failure, not a success.
 */
async function confirmWritten(client: ApplyClient, step: PlanStep): Promise<void> {
  const read = {
    role: () => client.readRole(step.name),
    'static-role': () => client.readStaticRole(step.name),
    policy: () => client.readPolicyText(step.name),
    'jwt-role': () => client.readJwtRole(step.name),
  }[step.kind];
  if ((await read()) !== undefined) return;
  throw new Error(
    `the engine does not show ${step.kind} "${step.name}" right after writing it [APPLY_WRITE_NOT_READ_BACK]; on a cluster behind a load balancer, check that it forwards X-Vault-Index and X-Vault-Inconsistent`,
  );
}

/** Longest file name and most statements `x-keyfob-source` carries (the engine's bounds). */
const SOURCE_LIMITS = { file: 1024, statements: 200 } as const;

/**
 * `x-keyfob-source` for a role write: the role file and the lines of its policy, so keyfob's engine
 * can name them in a decoded authorization message. Other engines ignore the header.
 */
function sourceOption(step: PlanStep): { headers: Record<string, string> } | undefined {
  const source = step.source;
  if (!source || source.file === '' || source.file.length > SOURCE_LIMITS.file) return undefined;
  const value = {
    file: source.file,
    ...(source.policy
      ? { line: source.policy.line, statements: source.policy.statements.slice(0, SOURCE_LIMITS.statements) }
      : {}),
  };
  return { headers: { 'x-keyfob-source': encodeURIComponent(JSON.stringify(value)) } };
}
