import { formatDuration, parseDuration } from '@keyfob/shared/duration';
import { withSettle } from '../settle.ts';
import type { EngineStep } from '../step.ts';
import { table } from '../summary.ts';

/**
 * `static-role`: creates a static role for an existing cloud user, or updates its
 * `rotation_period`. Reads it first to say which, and to warn that an update moves the next rotation
 * to now plus the new period (seed 1, static role rule 3). A changed `username` is refused by
 * engines that pin the user's id, so it is reported as an error from the engine.
 */
export async function runStaticRole(step: EngineStep): Promise<void> {
  const role = step.config.role ?? '';
  const wanted = step.config.staticRole ?? { username: '', rotationPeriod: '' };
  const seconds = parseDuration(wanted.rotationPeriod, { allowInteger: true }).seconds ?? 0;
  const before = await step.client.readStaticRole(role);
  const unchanged = before !== undefined && before.username === wanted.username && before.rotationPeriod === seconds;
  if (!unchanged)
    await withSettle(step, `static-role ${role}`, () =>
      step.client.writeStaticRole(role, { username: wanted.username, rotation_period: wanted.rotationPeriod }),
    );
  const action = before === undefined ? 'created' : unchanged ? 'unchanged' : 'updated';
  step.runner.info(
    `Static role ${role} ${action} (user ${wanted.username}, rotation every ${formatDuration(seconds)}).`,
  );
  if (action === 'updated' && before?.rotationPeriod !== seconds) {
    step.runner.notice(
      `Static role ${role}: the new rotation_period moves its next rotation to now plus ${formatDuration(seconds)}.`,
    );
  }
  step.runner.setOutput('changed', String(action !== 'unchanged'));
  if (step.config.summary) {
    const rows = [[role, wanted.username, formatDuration(seconds), action]];
    await step.runner.appendSummary(
      `### keyfob: static role\n\n${table(['Static role', 'User', 'Rotation period', 'Result'], rows)}\n\n`,
    );
  }
}
