import { hasErrors, type Problem } from '../problem.ts';
import { leaseRules } from './lease-rules.ts';
import { parseFields } from './parse-fields.ts';
import { isPlainObject, notAnObject, type CheckOptions } from './resource-input.ts';
import { runRules } from './rule.ts';
import { checkShape } from './shape.ts';
import type { LeaseConfig } from './types.ts';

/** Result of `validateLeaseConfig`. */
export interface LeaseConfigValidation {
  /** Lease and maximum in seconds; undefined when any problem is an error. */
  readonly config: LeaseConfig | undefined;
  readonly problems: Problem[];
}

/**
 * Validates a lease configuration (`POST /config/lease` body or a manifest's `lease`): both
 * fields required, durations with a unit (`h` the largest), `lease` not above `lease_max`.
 *
 * Codes: `FIELD_*`, `DURATION_*`, `LEASE_*`.
 *
 * @example validateLeaseConfig({ lease: '30m', lease_max: '12h' }).config // { lease: 1800, leaseMax: 43200 }
 */
export function validateLeaseConfig(input: unknown, options: Pick<CheckOptions, 'source'> = {}): LeaseConfigValidation {
  return checkLeaseConfig(input, { ...options, basePath: '' });
}

/** `validateLeaseConfig` for an object inside a larger document. */
export function checkLeaseConfig(input: unknown, options: CheckOptions): LeaseConfigValidation {
  const basePath = options.basePath ?? '';
  if (!isPlainObject(input)) return { config: undefined, problems: [notAnObject('lease configuration', input, basePath)] };
  const shape = checkShape('lease-config', input, basePath);
  const problems = [...shape.problems];
  const fields = parseFields('lease-config', input, basePath, shape.badFields, problems, options.source);
  runRules(leaseRules, { input, fields, basePath }, problems);
  if (hasErrors(problems)) return { config: undefined, problems };
  return { config: { lease: fields.seconds.get('lease') ?? 0, leaseMax: fields.seconds.get('lease_max') ?? 0 }, problems };
}
