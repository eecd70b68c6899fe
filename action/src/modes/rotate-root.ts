import { withSettle } from '../settle.ts';
import type { EngineStep } from '../step.ts';
import { table } from '../summary.ts';

/**
 * `rotate-root`: the engine replaces its own root key (`POST /config/rotate-root`); afterwards only the
 * engine knows the secret. A rotation right after another one meets the cloud's consistency window,
 * so the call is retried through it. The new key id goes to the `new-access-key` output, masked.
 */
export async function runRotateRoot(step: EngineStep): Promise<void> {
  const result = await withSettle(step, 'rotate-root', () => step.client.rotateRoot());
  step.secrets.add(result.accessKey);
  step.runner.info(
    `Rotated the root key of mount ${step.engine.mount}; the new key id is in the new-access-key output (masked).`,
  );
  step.runner.info(
    'The cloud may refuse the new key for a few seconds; later steps of this action retry through that window (rotate-root-settle).',
  );
  step.runner.setOutput('new-access-key', result.accessKey);
  if (step.config.summary) {
    const rows = [[step.engine.mount, 'rotated', new Date(step.runner.now()).toISOString()]];
    await step.runner.appendSummary(
      `### keyfob: root key rotated\n\n${table(['Mount', 'Root key', 'At (UTC)'], rows)}\n\n`,
    );
  }
}
