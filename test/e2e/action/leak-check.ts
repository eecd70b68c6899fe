// The leak test applied to every scenario of the action's end-to-end suite: no secret in stderr, the
// job summary or the outputs (unless the scenario asked for it), and in stdout only after the
// `::add-mask::` line that registers it.
import assert from 'node:assert/strict';
import type { StepRun } from '../../helpers/run-action.ts';

/** Secret values too short to search for meaningfully are skipped (the runner masks them anyway). */
const MIN_LENGTH = 8;

/**
 * Asserts that `run` leaked none of `secrets` (plus every value it masked itself). `allowedOutputs`
 * names outputs that may hold a secret because the scenario asked for it (`output-credentials`,
 * `new-access-key`).
 */
export function assertNoLeak(
  scenario: string,
  run: StepRun,
  secrets: readonly (string | null | undefined)[],
  allowedOutputs: readonly string[] = [],
): void {
  const all = [
    ...new Set([...secrets, ...run.masks].filter((s): s is string => typeof s === 'string' && s.length >= MIN_LENGTH)),
  ];
  const lines = run.stdout.split('\n');
  for (const secret of all) {
    const label = `${scenario}: secret ${secret.slice(0, 4)}…`;
    assert.ok(!run.stderr.includes(secret), `${label} appears on stderr`);
    assert.ok(!run.summary.includes(secret), `${label} appears in the job summary`);
    for (const [name, value] of Object.entries(run.outputs)) {
      if (!allowedOutputs.includes(name)) assert.ok(!value.includes(secret), `${label} appears in output ${name}`);
    }
    const maskLine = lines.findIndex((line) => line === `::add-mask::${secret}`);
    lines.forEach((line, index) => {
      if (!line.includes(secret) || line.startsWith('::add-mask::')) return;
      assert.ok(
        maskLine !== -1 && maskLine < index,
        `${label} printed on stdout line ${index + 1} before its ::add-mask::`,
      );
    });
  }
}

/** The credential values a run exported (everything under *_ACCESS_KEY*, *_SECRET*, *_SESSION_TOKEN). */
export function exportedSecrets(run: StepRun): string[] {
  return Object.entries(run.env)
    .filter(([name, value]) => value !== '' && /ACCESS_KEY|SECRET|SESSION_TOKEN/.test(name))
    .map(([, value]) => value);
}
