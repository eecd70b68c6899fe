import { formatDuration } from '@keyfob/shared/duration';
import { dataResult, EMPTY, type HandlerResult } from '../http/handler-result.ts';
import { notFound } from '../http/http-error.ts';
import { path, type RequestContext, type Route } from '../http/route.ts';
import { checkLeaseConfig, refusal } from '../validation/rules-adapter.ts';
import type { MountData } from './mount-data.ts';

/** `config/lease` of one mount: write (`lease`, `lease_max`, both required) and read (Go duration text). */
export function configLeaseRoutes(mount: MountData): Route[] {
  return [
    {
      pattern: path('config/lease'),
      fields: ['lease', 'lease_max'],
      operations: { read: () => readLease(mount), update: (ctx) => writeLease(mount, ctx) },
    },
  ];
}

function writeLease(mount: MountData, ctx: RequestContext): HandlerResult {
  const checked = checkLeaseConfig(ctx.params);
  if (!checked.value) throw refusal(checked);
  mount.leaseConfig = checked.value;
  return checked.warnings.length > 0 ? dataResult(null, checked.warnings) : EMPTY;
}

function readLease(mount: MountData): HandlerResult {
  const config = mount.leaseConfig;
  if (!config) throw notFound();
  // Seed 1: read back in normalised form, 30m -> 30m0s, 12h -> 12h0m0s.
  return dataResult({ lease: formatDuration(config.lease), lease_max: formatDuration(config.leaseMax) });
}
