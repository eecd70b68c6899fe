import { secretParts } from '@keyfob/shared';
import type { Runner } from './runner.ts';

/**
 * Registers a secret with the runner's log masker: the whole value and each of its lines (the runner
 * matches line by line). Call it the moment the value is in hand, before anything is logged.
 */
export function maskSecret(runner: Pick<Runner, 'setSecret'>, value: string | null | undefined): void {
  if (typeof value !== 'string') return;
  for (const part of secretParts(value)) runner.setSecret(part);
}
