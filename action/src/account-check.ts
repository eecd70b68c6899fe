import type { EngineClient } from '@keyfob/shared/client';
import { getCallerIdentity, guardAccount } from '@keyfob/shared/credentials';
import type { ActionConfig, EngineSettings } from './action-config.ts';
import type { Issued } from './issued.ts';
import type { SecretBook } from './mask.ts';
import type { Runner } from './runner.ts';
import { StepFailure } from './step.ts';

/** What checking a set's account takes. */
export interface AccountCheck {
  readonly client: Pick<EngineClient, 'revokeLease'>;
  readonly config: Pick<ActionConfig, 'maskAccountId' | 'sts'>;
  readonly engine: Pick<EngineSettings, 'requestTimeoutMs'>;
  readonly runner: Runner;
  readonly secrets: SecretBook;
  readonly fetch: typeof fetch;
}

/**
 * The account allow-list and `mask-account-id` for one set, before it goes anywhere: the account
 * (from the ARN, else GetCallerIdentity with the set itself) is masked first when asked; a set in an
 * account the request does not allow is revoked at the engine and the step fails (`StepFailure`)
 * naming the account, the list and the fix.
 */
export async function checkAccount(issued: Issued, check: AccountCheck): Promise<void> {
  const { request } = issued;
  const result = await guardAccount(issued, {
    allowed: request.allowedAccountIds,
    wanted: check.config.maskAccountId,
    ask: () =>
      getCallerIdentity({
        endpoint: check.config.sts.endpoint,
        region: check.config.sts.region,
        credentials: issued,
        fetch: check.fetch,
        now: () => check.runner.now(),
        timeoutMs: check.engine.requestTimeoutMs,
      }),
    revoke: (leaseId) => check.client.revokeLease(leaseId),
    field: request.allowedAccountIdsField ?? 'allowed-account-ids',
    onAccount: (account) => {
      if (check.config.maskAccountId) check.secrets.add(account);
    },
  });
  if (result.refusal !== undefined) throw new StepFailure(result.refusal);
  if (result.account !== undefined && request.allowedAccountIds !== undefined)
    check.runner.info(`Credentials for ${request.role} are in account ${result.account}, which is allowed.`);
}
