// Another product's `/api/v2` root reached through the text's own base or helper, not written in each path: Coder's
// helper that writes `${CODER_URL}/api/v2/${path}` and is handed `workspaces/${id}`, Freshservice's
// `API = f"https://{domain}/api/v2"`. The text names that product (its header, its settings): its paths are that
// product's. Made-up programs in the style of real ones.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const found = (text: string, fileName: string): string[] =>
  scanText(text, { fileName }).map((m) => `${m.line} ${m.subject.id}`);

const fresh = [
  'import os',
  'import requests',
  '',
  'DOMAIN = os.environ["FRESHSERVICE_DOMAIN"]',
  'AUTH = (os.environ["FRESHSERVICE_API_KEY"], "X")',
  'API = f"https://{DOMAIN}/api/v2"',
  '',
  '',
  'def project(project_id):',
  '    return requests.get(f"{API}/projects/{project_id}", auth=AUTH).json()["project"]',
  '',
  '',
  'def workspace(workspace_id):',
  '    return requests.get(f"{API}/workspaces/{workspace_id}", auth=AUTH).json()["workspace"]',
].join('\n');

describe("history: another product's /api/v2 root in a base or helper of the text", () => {
  it('a text naming another /api/v2 product drops the paths it hands to its helper', () => {
    const coder = [
      'const CODER_URL = process.env.CODER_URL!;',
      '',
      'async function coder<T>(method: string, path: string): Promise<T> {',
      '  const res = await fetch(`${CODER_URL}/api/v2/${path}`, {',
      '    method,',
      "    headers: { 'Coder-Session-Token': process.env.CODER_SESSION_TOKEN! },",
      '  });',
      '  return (await res.json()) as T;',
      '}',
      '',
      "export const workspace = (id: string) => coder('GET', `workspaces/${id}`);",
      "export const orgWorkspaces = (org: string) => coder('GET', `organizations/${org}/workspaces`);",
    ].join('\n');
    assert.deepEqual(found(coder, 'src/coder.ts'), []);
  });

  it("a base of the file holding another product's root: its shared paths and workspaces", () => {
    assert.deepEqual(found(fresh, 'pm.py'), []);
  });

  it("a file named for this API keeps them, whatever other product's names it holds", () => {
    // The file's name is asked before the text is searched for another product's names (`HitCollector.collect`).
    assert.deepEqual(found(fresh, 'terraform_cloud/pm.py'), [
      '10 endpoint GET /projects/:project_id',
      '14 endpoint GET /workspaces/:workspace_id',
    ]);
  });

  it('the same base named for this API keeps them', () => {
    const tfe = fresh.replaceAll('FRESHSERVICE_', 'TFE_');
    assert.deepEqual(found(tfe, 'pm.py'), [
      '10 endpoint GET /projects/:project_id',
      '14 endpoint GET /workspaces/:workspace_id',
    ]);
  });
});
