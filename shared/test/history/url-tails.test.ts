// URLs on a base the text does not show (shared/src/history/url-tails.ts): `f"{cfg.API}/registry-modules"` may
// be the API root's path or the tail of `/organizations/{org}/registry-modules`, as the base holds one or the
// other. A path no template fits from the root is read as the one longer path it is the tail of; a path that
// the root has another endpoint for is not claimed until a URL on the same base (in the file, or in another
// file of the project) says what the base holds. Snippets written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanProject, scanText } from '@keyfob/shared/history';
import { history } from '../../src/history/history.ts';
import type { PathSegment } from '../../src/history/path-trie.ts';
import { tailFits } from '../../src/history/url-tails.ts';

const endpoints = (matches: readonly { line: number; subject: { id: string }; confidence: string }[]): string[] =>
  matches.filter((m) => m.subject.id.startsWith('endpoint')).map((m) => `${m.line} ${m.subject.id} ${m.confidence}`);

const CLIENTS = [
  'import requests',
  'import cfg',
  '',
  'def clients():',
  '    return requests.get(f"{cfg.API}/oauth-clients", headers=cfg.HEADERS).json()',
  '',
  'def drop(name):',
  '    url = f"{cfg.API}/registry-modules/private/{cfg.ORG}/{name}"',
  '    requests.delete(url, headers=cfg.HEADERS)',
].join('\n');

const CREATE = [
  'import requests',
  'import cfg',
  '',
  'def create(payload):',
  '    url = f"{cfg.API}/registry-modules"',
  '    return requests.post(url, json=payload, headers=cfg.HEADERS)',
].join('\n');

describe('URLs on an unknown base', () => {
  it('a path no template fits from the root is the one longer path it is the tail of (in context)', () => {
    // A tail is no evidence of this API by itself: read as a file of a project naming it (`apiElsewhere`).
    assert.deepEqual(endpoints(scanText(CLIENTS, { fileName: 'clients.py', apiElsewhere: true })), [
      '5 endpoint GET /organizations/:organization_name/oauth-clients context',
      '8 endpoint DELETE /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name context',
    ]);
  });

  it('alone, a path the root has another endpoint for is not claimed (not the deprecated POST /registry-modules)', () => {
    assert.deepEqual(endpoints(scanText(CREATE, { fileName: 'create.py' })), []);
  });

  it('another file of the project saying what the base holds reads it whole', () => {
    const [, create] = scanProject([
      { text: CLIENTS, fileName: 'tfe/clients.py' },
      { text: CREATE, fileName: 'tfe/create.py' },
    ]);
    assert.deepEqual(endpoints(create ?? []), [
      '5 endpoint POST /organizations/:organization_name/registry-modules context',
    ]);
  });

  it('a path the API has from the root keeps its reading (a base that is the API root)', () => {
    const text = ['import requests', 'def show(ws_id):', '    return requests.get(f"{BASE}/workspaces/{ws_id}")'].join(
      '\n',
    );
    // In a project naming this API (`apiElsewhere`); alone, `{BASE}/workspaces/…` is any API's and says nothing.
    assert.deepEqual(endpoints(scanText(text, { fileName: 'show.py' })), []);
    assert.deepEqual(endpoints(scanText(text, { fileName: 'show.py', apiElsewhere: true })), [
      '3 endpoint GET /workspaces/:workspace_id exact',
    ]);
  });

  it('a tail of several longer paths is not claimed', () => {
    const text = ['import requests', 'def sets():', '    return requests.get(f"{cfg.API}/varsets")'].join('\n');
    assert.deepEqual(endpoints(scanText(text, { fileName: 'sets.py' })), []);
  });
});

/** A path's segments as normalizeUrl gives them (`{}` a placeholder). */
const segments = (path: string): PathSegment[] =>
  path.split('/').map((text) => ({ text, placeholder: text.startsWith('{') }));
const fits = (path: string): string[] =>
  tailFits(history, segments(path)).map((t) => `${t.key} ${t.methods.join(',')} ${t.candidates.length}`);

describe('tailFits: the longer paths a path is the tail of', () => {
  it('looked up by the first segment and the tail’s length: the shortest and the longest tails, several fits', () => {
    assert.deepEqual(fits('oauth-clients'), ['organizations/* GET,POST 1']);
    // The longest path of the data, from its first literal past the root (nine segments).
    assert.deepEqual(fits('registry-providers/{}/{}/{}/versions/{}/platforms/{}/{}'), ['organizations/* GET,DELETE 1']);
    assert.deepEqual(fits('platforms/{}/{}'), ['organizations/*/registry-providers/*/*/*/versions/* GET,DELETE 1']);
    // Two paths hold the tail, in the data's order.
    assert.deepEqual(fits('relationships/tags'), ['teams/* POST,DELETE 0', 'workspaces/* GET,POST,DELETE 1']);
    // A length no path has from that segment on, a word no path has, a placeholder first: none.
    assert.deepEqual(fits('oauth-clients/{}/{}/{}/{}/{}/{}/{}/{}/{}/{}'), []);
    assert.deepEqual(fits('nonexistent'), []);
    assert.deepEqual(fits('{}/runs'), []);
    // Asked twice, the same fits.
    assert.deepEqual(fits('relationships/tags'), ['teams/* POST,DELETE 0', 'workspaces/* GET,POST,DELETE 1']);
  });
});
