import { leaseRules } from './lease-rules.ts';
import { readResource, settle, sourceOf, type Validation } from './read-resource.ts';
import type { CheckOptions } from './resource-input.ts';
import { runRules } from './rule.ts';
import type { LeaseConfig } from './types.ts';

/** Result of `validateLeaseConfig`: lease and maximum in seconds, undefined when any problem is an error. */
export type LeaseConfigValidation = Validation<LeaseConfig>;

/**
 * Validates a lease configuration (`POST /config/lease` body or a manifest's `lease`): both
 * fields required, durations with a unit (`h` the largest), `lease` not above `lease_max`.
 *
 * Codes: `FIELD_*`, `DURATION_*`, `LEASE_*`.
 *
 * @example validateLeaseConfig({ lease: '30m', lease_max: '12h' }).value // { lease: 1800, leaseMax: 43200 }
 */
export function validateLeaseConfig(input: unknown, options: Pick<CheckOptions, 'source'> = {}): LeaseConfigValidation {
  return checkLeaseConfig(input, { ...options, basePath: '' });
}

/** `validateLeaseConfig` for an object inside a larger document. */
export function checkLeaseConfig(input: unknown, options: CheckOptions): LeaseConfigValidation {
  const basePath = options.basePath ?? '';
  const read = readResource('lease-config', input, { what: 'lease configuration', basePath, ...sourceOf(options) });
  if (!read.ok) return { value: undefined, problems: read.problems };
  const { fields, problems } = read;
  runRules(leaseRules, { input: read.input, fields, basePath }, problems);
  return settle(problems, () => ({
    lease: fields.seconds.get('lease') ?? 0,
    leaseMax: fields.seconds.get('lease_max') ?? 0,
  }));
}
