// A URL held by a key or variable whose name says its method (shared/src/history/function-verbs.ts, holderVerb):
// a table of the paths a client reads and writes (`PathGet: "/agent-pools/{id}"`, `list_url = "…"`) sends each with
// the method its name's verb says, where the path alone does not decide. Snippets written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const endpoints = (matches: readonly { line: number; subject: { id: string }; confidence: string }[]): string[] =>
  matches.filter((m) => m.subject.id.startsWith('endpoint')).map((m) => `${m.line} ${m.subject.id} ${m.confidence}`);

describe('URLs held by a name that says the method', () => {
  it('a Go table of paths: PathGet, PathList, PathCreate', () => {
    const text = [
      'package kinds',
      '',
      'var kinds = []Kind{',
      '\t{',
      '\t\tName:       "projects",',
      '\t\tPathGet:    "/projects/{id}",',
      '\t\tPathList:   "/organizations/{org}/projects",',
      '\t\tPathCreate: "/organizations/{org}/projects",',
      '\t},',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(scanText(text, { fileName: 'kinds.go', apiElsewhere: true })), [
      '6 endpoint GET /projects/:project_id context',
      '7 endpoint GET /organizations/:organization_name/projects context',
      '8 endpoint POST /organizations/:organization_name/projects context',
    ]);
  });

  it('Python and JS names: list_url = …, "deletePath": …', () => {
    const py = ['LIST_URL = "/organizations/{org}/varsets"', 'varset_delete_path = "/varsets/{id}"'].join('\n');
    assert.deepEqual(endpoints(scanText(py, { fileName: 'paths.py', apiElsewhere: true })), [
      '1 endpoint GET /organizations/:organization_name/varsets context',
      '2 endpoint DELETE /varsets/:varset_id context',
    ]);
    const js = 'export const paths = { "deletePath": "/projects/{id}", updateUrl: `/projects/${id}` };';
    assert.deepEqual(endpoints(scanText(js, { fileName: 'paths.js', apiElsewhere: true })), [
      '1 endpoint DELETE /projects/:project_id context',
      '1 endpoint PATCH /projects/:project_id context',
    ]);
  });

  it('no method where the name has no path word, no verb, a setter, or two verbs that disagree', () => {
    const text = [
      'PROJECT = "/projects/{id}"',
      'project_path = "/projects/{id}"',
      'set_path = "/projects/{id}"',
      'new_url = "/projects/{id}"',
      'get_or_delete_url = "/projects/{id}"',
      'if path == "/projects/{id}": pass',
    ].join('\n');
    assert.deepEqual(endpoints(scanText(text, { fileName: 'paths.py' })), []);
  });

  it('a getter of the path (`get_path`) takes the method its type names; a plain type leaves its GET', () => {
    const text = [
      'impl RestPath<&str> for ProjectList {',
      '    fn get_path(org: &str) -> Result<String, Error> {',
      '        Ok(format!("/api/v2/organizations/{}/projects", org))',
      '    }',
      '}',
      '',
      'impl RestPath<&str> for NewProjectPost {',
      '    fn get_path(org: &str) -> Result<String, Error> {',
      '        Ok(format!("/api/v2/organizations/{}/projects", org))',
      '    }',
      '}',
      '',
      'impl RestPath<&str> for ProjectPatch {',
      '    fn get_path(id: &str) -> Result<String, Error> {',
      '        Ok(format!("/api/v2/projects/{}", id))',
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(scanText(text, { fileName: 'tfe/paths.rs' })), [
      '3 endpoint GET /organizations/:organization_name/projects context',
      '9 endpoint POST /organizations/:organization_name/projects context',
      '15 endpoint PATCH /projects/:project_id context',
    ]);
  });
});
