import { formatDuration } from '../duration/index.ts';
import { defineRule, fieldPath, reportAboveCap, type Rule, type RuleContext } from './rule.ts';

function requireField(code: 'LEASE_MISSING_LEASE' | 'LEASE_MISSING_LEASE_MAX', field: string, example: string): Rule {
  return defineRule(
    'lease-config',
    code,
    `seed 1, Lease configuration table (${field}: required)`,
    (context, report) => {
      if (context.fields.present.has(field)) return;
      report({
        path: fieldPath(context, field),
        target: 'key',
        message: `The lease configuration has no ${field}; add a duration such as "${example}".`,
        data: { field },
      });
    },
  );
}

const leaseWithinMax = defineRule<RuleContext>(
  'lease-config',
  'LEASE_EXCEEDS_MAX',
  'seed 1, Lease configuration table (lease_max: maximum lease)',
  (context, report) =>
    reportAboveCap(
      context,
      report,
      'lease',
      context.fields.seconds.get('lease'),
      context.fields.seconds.get('lease_max'),
      (lease, max) =>
        `lease (${formatDuration(lease)}) is longer than lease_max (${formatDuration(max)}), so leases are cut to lease_max; shorten lease or raise lease_max.`,
    ),
);

/** Every rule of the lease configuration. */
export const leaseRules: readonly Rule[] = [
  requireField('LEASE_MISSING_LEASE', 'lease', '1h'),
  requireField('LEASE_MISSING_LEASE_MAX', 'lease_max', '24h'),
  leaseWithinMax,
];
