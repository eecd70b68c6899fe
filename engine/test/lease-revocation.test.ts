// The lease manager with an asynchronous revoker (the provider layer answers through the AWS SDK):
// a lease goes only once the provider confirmed, a refusal keeps it (and expiry retries it 10 s
// later), concurrent revokes of one lease make one provider call.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { EngineClock } from '../src/clock.ts';
import { LeaseManager, type LeaseRecord } from '../src/leases/lease-manager.ts';
import { Store } from '../src/state/store.ts';

const HOUR = 3_600_000;

/** An iam_user lease (its user deleted on revocation), or with `sts` an STS lease (nothing to undo). */
function lease(id: string, issuedAt: number, extra: { token?: string; sts?: boolean } = {}): LeaseRecord {
  return {
    id: `cloud/creds/user/${id}`,
    mount: 'cloud',
    role: 'user',
    credentialType: extra.sts ? 'assumed_role' : 'iam_user',
    issuedAt,
    expiresAt: issuedAt + HOUR,
    lastRenewal: null,
    renewable: true,
    ttl: 3600,
    maxExpiresAt: issuedAt + 2 * HOUR,
    token: extra.token ?? 'token-hash',
    ...(extra.sts ? {} : { userName: `user-${id}` }),
  };
}

describe('lease revocation through an asynchronous provider', () => {
  let wall: number;
  let clock: EngineClock;
  let leases: LeaseManager;
  /** Users the fake provider deleted, in order; `refuse` makes it reject. */
  let deleted: string[];
  let refuse: boolean;

  beforeEach(() => {
    wall = Date.UTC(2026, 0, 1);
    clock = new EngineClock(0, () => wall);
    leases = new LeaseManager(new Store(), clock);
    deleted = [];
    refuse = false;
    leases.revoker = (record) => {
      if (record.userName === undefined) return undefined;
      const name = record.userName;
      return new Promise<void>((resolve, reject) =>
        setImmediate(() => {
          if (refuse) reject(new Error('ServiceFailure: provider down'));
          else {
            deleted.push(name);
            resolve();
          }
        }),
      );
    };
  });

  it('keeps the lease until the provider confirmed, then deletes it', async () => {
    leases.register(lease('a', clock.now()));
    const pending = leases.revoke('cloud/creds/user/a');
    assert.ok(leases.get('cloud/creds/user/a'), 'still there while the provider works');
    await pending;
    assert.equal(leases.get('cloud/creds/user/a'), undefined);
    assert.deepEqual(deleted, ['user-a']);
  });

  it('a refusal rejects and keeps the lease; revoking again once the provider is back works', async () => {
    leases.register(lease('b', clock.now()));
    refuse = true;
    await assert.rejects(leases.revoke('cloud/creds/user/b'), /provider down/);
    assert.ok(leases.get('cloud/creds/user/b'));
    refuse = false;
    await leases.revoke('cloud/creds/user/b');
    assert.equal(leases.size, 0);
  });

  it('concurrent revokes of one lease make one provider call', async () => {
    leases.register(lease('c', clock.now()));
    await Promise.all([
      leases.revoke('cloud/creds/user/c'),
      leases.revoke('cloud/creds/user/c'),
      leases.revokePrefix('cloud/creds/user/'),
    ]);
    assert.deepEqual(deleted, ['user-c']);
  });

  it('expiry: a refused revocation is retried 10 s later, then the lease goes', async () => {
    leases.register(lease('d', clock.now()));
    leases.register(lease('sts', clock.now(), { sts: true }));
    wall += HOUR;
    refuse = true;
    assert.equal(await leases.expire(clock.now()), 1, 'the STS lease has nothing to undo');
    assert.equal(leases.size, 1);
    refuse = false;
    wall += 5_000;
    assert.equal(await leases.expire(clock.now()), 0, 'not before the retry time');
    wall += 5_000;
    assert.equal(await leases.expire(clock.now()), 1);
    assert.equal(leases.size, 0);
    assert.deepEqual(deleted, ['user-d']);
  });

  it('revoking by token waits for the provider and keeps refused leases for a retry', async () => {
    leases.register(lease('e', clock.now()));
    leases.register(lease('f', clock.now(), { token: 'other' }));
    await leases.revokeByToken('token-hash');
    assert.deepEqual(deleted, ['user-e']);
    leases.register(lease('g', clock.now()));
    refuse = true;
    await leases.revokeByToken('token-hash');
    assert.equal(leases.size, 2, 'g stays for a retry, f belongs to another token');
    refuse = false;
    wall += 10_000;
    assert.equal(await leases.expire(clock.now()), 1);
    assert.deepEqual(deleted, ['user-e', 'user-g']);
  });
});
