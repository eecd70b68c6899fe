import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderUsername } from '@keyfob/shared/template';
import { HttpError } from '../src/http/http-error.ts';
import { makeUsername } from '../src/secrets/username.ts';

/** A repeatable stand-in for the CSPRNG. */
function sequence(): (max: number) => number {
  let n = 7;
  return (max) => {
    n = (n * 31 + 11) % 9973;
    return n % max;
  };
}

const now = (): Date => new Date(Date.UTC(2025, 5, 1, 12, 0, 0));

describe('makeUsername matches the shared renderUsername', () => {
  const templates = [
    '',
    '{{ if (eq .Type "STS") }}{{ random 20 }}{{ else }}{{ .DisplayName }}-{{ .PolicyName }}{{ end }}',
    '{{ printf "%s-%s" .DisplayName (random 70) }}',
    '{{ if (eq .Type "STS") }}{{ printf "sts-%s-%s" (unix_time) (random 30) }}{{ else }}x{{ end }}',
    '{{ truncate -1 .DisplayName }}',
    '{{ nope }}',
  ];
  const inputs = [
    { credentialType: 'iam_user', displayName: 'token-deploy bot', roleName: 'deploy' },
    { credentialType: 'assumed_role', displayName: 'jwt-octocat', roleName: 'r' },
    { credentialType: 'federation_token', displayName: 'root', roleName: 'fed' },
  ];
  for (const template of templates) {
    for (const input of inputs) {
      it(`${JSON.stringify(template).slice(0, 40)} for ${input.credentialType}`, () => {
        const expected = renderUsername(template, input, { now, randomInt: sequence() });
        let actual: { ok: true; username: string } | { ok: false; message: string };
        try {
          actual = { ok: true, username: makeUsername(template, input, now, sequence()) };
        } catch (error) {
          assert.ok(error instanceof HttpError);
          assert.equal(error.status, 500);
          actual = { ok: false, message: error.errors[0] ?? '' };
        }
        if (expected.ok) assert.deepEqual(actual, { ok: true, username: expected.username });
        else assert.deepEqual(actual, { ok: false, message: `1 error occurred:\n\t* ${expected.message}\n\n` });
      });
    }
  }
});
