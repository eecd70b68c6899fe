// The encoded authorization message of a denial (DecodeAuthorizationMessage's input): opaque text that
// decodes back to the same message, and never begins with `-`, which the aws command's parser reads as
// an option when a user types `aws sts decode-authorization-message --encoded-message <message>`.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { CloudError } from '../src/cloud/cloud-error.ts';
import {
  decodeAuthorization,
  encodeAuthorization,
  type DecodedAuthorization,
} from '../src/cloud/authorization-message.ts';

const key = randomBytes(32);
const message = (n: number): DecodedAuthorization => ({
  allowed: false,
  explicitDeny: false,
  matchedStatements: { items: [] },
  failures: { items: [] },
  context: {
    principal: { id: `AROA${n}`, name: 'builder', arn: 'arn:aws:iam::123456789012:role/builder' },
    action: 's3:GetObject',
    resource: `arn:aws:s3:::bucket/${n}`,
    conditions: { items: [] },
  },
  keyfob: { reason: 'no statement allows the action', policies: [] },
});

describe('encoded authorization message', () => {
  it('never begins with "-" and decodes back to the same message (2,000 messages)', () => {
    // Each message has a fresh random nonce in front: without a fixed first character, about one in
    // 64 would begin with base64url's `-`.
    for (let n = 0; n < 2000; n++) {
      const encoded = encodeAuthorization(key, message(n));
      assert.match(encoded, /^[A-Za-z0-9][A-Za-z0-9_-]*$/, encoded);
      assert.deepEqual(JSON.parse(decodeAuthorization(key, encoded)), message(n));
    }
  });

  it('refuses a changed message as the provider does', () => {
    const encoded = encodeAuthorization(key, message(0));
    // A character in the middle: the last one may carry only padding bits, and changing those changes no byte.
    const at = Math.floor(encoded.length / 2);
    const changed = `${encoded.slice(0, at)}${encoded[at] === 'A' ? 'B' : 'A'}${encoded.slice(at + 1)}`;
    assert.throws(
      () => decodeAuthorization(key, changed),
      (e: unknown) => e instanceof CloudError && e.code === 'InvalidAuthorizationMessageException',
    );
  });
});
