// One verdict for a JWT role: each body goes through `keyfob lint` (lintText) and through the engine
// over HTTP (POST auth/jwt/role/NAME on a spawned `keyfob serve`); both must accept it or both refuse
// it. Then `keyfob apply` of a file the engine would refuse fails with the file's place, instead of
// planning nothing and saying the engine already matches.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { stringify } from 'yaml';
import { lintText } from '@keyfob/shared/lint';
import { startEngine, type EngineProcess } from '../../test/helpers/engine.ts';
import { main } from '../src/main.ts';
import { captureIo } from './capture-io.ts';

/** A JWT role that lints clean and that the engine stores (pinned to one repository, one audience). */
const BASE = {
  role_type: 'jwt',
  user_claim: 'repository',
  bound_audiences: ['https://github.com/octo'],
  bound_claims: { repository_id: '4242' },
  token_policies: ['deploy'],
};
const CIDRS = Array.from({ length: 257 }, (_, i) => `10.0.${Math.floor(i / 256)}.${i % 256}`);

const CASES: readonly { name: string; body: Record<string, unknown>; accepted: boolean }[] = [
  { name: 'the base role', body: BASE, accepted: true },
  { name: 'older field names', body: { ...BASE, policies: ['x'], ttl: 600, max_ttl: '1h' }, accepted: true },
  { name: 'a leeway of -1 (none)', body: { ...BASE, clock_skew_leeway: -1 }, accepted: true },
  { name: 'a use limit', body: { ...BASE, token_num_uses: 3 }, accepted: true },
  { name: 'bound CIDRs', body: { ...BASE, token_bound_cidrs: ['10.0.0.0/8', '::1'] }, accepted: true },
  { name: 'a negative token_num_uses', body: { ...BASE, token_num_uses: -1 }, accepted: false },
  { name: 'a negative num_uses (older name)', body: { ...BASE, num_uses: -2 }, accepted: false },
  { name: 'a periodic batch token', body: { ...BASE, token_type: 'batch', token_period: '1h' }, accepted: false },
  { name: 'a use-limited batch token', body: { ...BASE, token_type: 'batch', token_num_uses: 2 }, accepted: false },
  { name: 'role_type omitted, no redirect URIs', body: { ...BASE, role_type: undefined }, accepted: false },
  { name: 'no user claim', body: { ...BASE, user_claim: undefined }, accepted: false },
  { name: 'token_ttl above token_max_ttl', body: { ...BASE, token_ttl: '2h', token_max_ttl: '1h' }, accepted: false },
  { name: 'a bound CIDR that is no address', body: { ...BASE, token_bound_cidrs: ['office'] }, accepted: false },
  { name: 'more than 256 bound CIDRs', body: { ...BASE, token_bound_cidrs: CIDRS }, accepted: false },
  { name: 'an unknown token_type', body: { ...BASE, token_type: 'default-service' }, accepted: false },
  { name: 'a mapping onto role', body: { ...BASE, claim_mappings: { sub: 'role' } }, accepted: false },
  {
    name: 'a glob claim that is not a string',
    body: { ...BASE, bound_claims_type: 'glob', bound_claims: { repository_id: 4242 } },
    accepted: false,
  },
];

describe('JWT roles: lint and the engine give the same verdict', () => {
  let engine: EngineProcess;
  let dir = '';
  before(async () => {
    engine = await startEngine();
    dir = mkdtempSync(join(tmpdir(), 'keyfob-jwt-verdict-'));
  });
  after(async () => {
    await engine.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  CASES.forEach(({ name, body, accepted }, i) => {
    it(`${name}: ${accepted ? 'accepted' : 'refused'} by both`, async () => {
      const text = JSON.stringify(body);
      const errors = lintText(text, { fileName: `case.jwt-role.json` }).problems.filter((p) => p.severity === 'error');
      const answer = await fetch(`${engine.url}/v1/auth/jwt/role/case-${i}`, {
        method: 'POST',
        headers: { 'X-Service-Token': engine.rootToken, 'content-type': 'application/json' },
        body: text,
      });
      const said = await answer.text();
      assert.equal(errors.length === 0, accepted, `lint: ${JSON.stringify(errors.map((p) => p.code))}`);
      assert.equal(answer.ok, accepted, `engine: ${answer.status} ${said}`);
    });
  });

  it('keyfob apply refuses a file the engine would refuse, with its place, and writes nothing', async () => {
    writeFileSync(join(dir, 'uses.jwt-role.yaml'), stringify({ ...BASE, token_num_uses: -1 }));
    const io = captureIo(dir, { KEYFOB_URL: engine.url, KEYFOB_TOKEN: engine.rootToken });
    const code = await main(['apply', '.'], io);
    assert.equal(code, 1, io.err());
    assert.match(io.err(), /uses\.jwt-role\.yaml:\d+:\d+ error JWT_ROLE_NUM_USES_NEGATIVE /);
    const stored = await fetch(`${engine.url}/v1/auth/jwt/role/uses`, {
      headers: { 'X-Service-Token': engine.rootToken },
    });
    assert.equal(stored.status, 404);
  });
});
