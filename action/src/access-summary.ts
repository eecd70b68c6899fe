import { buildAccessReport, DEFAULT_MOUNTS, readEngineAccess, renderAccessMarkdown } from '@keyfob/shared/access';
import { isEngineError } from '@keyfob/shared/client';
import type { EngineStep } from './step.ts';

/**
 * Appends "who can get what" to the job summary: the engine's JWT roles, who can log in with each,
 * and the credential roles, static roles, rotations and configuration their tokens reach (the same
 * table as `keyfob access --format markdown`). A token that may not read policies or JWT roles
 * leaves it out with a notice; it never fails the step.
 */
export async function summarizeAccess(step: EngineStep, when: string): Promise<void> {
  const { config, runner, client } = step;
  if (!config.summary) return;
  const jwtMount = config.auth?.method === 'jwt' ? config.auth.path : DEFAULT_MOUNTS.jwtMount;
  try {
    const { inputs, errors } = await readEngineAccess(client, { jwtMount });
    for (const e of errors) runner.warning(`Who can get what: ${e}`);
    const report = buildAccessReport(inputs);
    await runner.appendSummary(`${renderAccessMarkdown(report, `### keyfob: who can get what ${when}`)}\n`);
    runner.info(
      `Who can get what (${report.jwtRoles.length} JWT roles, ${report.targets.filter((t) => t.name !== '*').length} roles) is in the job summary.`,
    );
  } catch (error) {
    if (!isEngineError(error)) throw error;
    runner.notice(
      `Who can get what is not in the job summary: the engine refused to show policies or JWT roles (${error.message}). Give the token list and read on sys/policies/acl and auth/${jwtMount}/role to see it.`,
    );
  }
}
