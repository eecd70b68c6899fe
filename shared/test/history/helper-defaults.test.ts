import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

// Read as a file of a project that names this API (`apiElsewhere`): its paths on a base the snippet alone does
// not show to be this API's are kept, as in the client it stands for (alone they are any API's: unrooted-paths.test.ts).
/** Endpoint subject ids a Python source yields on the line holding `marker`. */
function endpointsOn(source: string, marker: string): string[] {
  const lines = source.split('\n');
  const line = lines.findIndex((l) => l.includes(marker)) + 1;
  assert.ok(line > 0, `no line holds ${marker}`);
  return scanText(source, { languageId: 'python', fileName: 'exporter.py', apiElsewhere: true })
    .filter((m) => m.line === line && m.subject.id.startsWith('endpoint '))
    .map((m) => m.subject.id);
}

/** A helper whose own definition sets the method it sends when a call names none. */
const HELPER = [
  'class Exporter:',
  '    def _extract_data_from_api(',
  '        self,',
  '        path: str,',
  '        drop_response_properties: list | None = None,',
  '        method: str = "GET",',
  '        request_data: dict | None = None,',
  '    ) -> list[dict]:',
  '        url = f"{self._endpoint}/api/v2{path}"',
  '        return self._call_api(url, method=method, request_data=request_data)',
  '',
];

describe("a helper's default method, read from its own definition (Python)", () => {
  it('a call that names no method sends the default; one that does sends its own', () => {
    const source = [
      ...HELPER,
      '    def migrate(self, organization, workspace_id, var_set_id):',
      '        projects = self._extract_data_from_api(',
      '            path=f"/organizations/{organization}/projects",',
      '        )',
      '        backup = self._extract_data_from_api(',
      '            path=f"/varsets/{var_set_id}",',
      '            properties=["attributes.priority"],',
      '        )',
      '        self._extract_data_from_api(',
      '            method="DELETE",',
      '            path=f"/varsets/{workspace_id}",',
      '        )',
    ].join('\n');
    assert.deepEqual(endpointsOn(source, '/projects"'), ['endpoint GET /organizations/:organization_name/projects']);
    assert.deepEqual(endpointsOn(source, '/varsets/{var_set_id}'), ['endpoint GET /varsets/:varset_id']);
    assert.deepEqual(endpointsOn(source, '/varsets/{workspace_id}'), ['endpoint DELETE /varsets/:varset_id']);
  });

  it("a .get( inside the URL's own placeholders is no method", () => {
    const source = [
      ...HELPER,
      '    def migrate(self, organization, var_set):',
      '        created = self._extract_data_from_api(',
      '            method="POST",',
      '            path=f"/organizations/{organization.get(\'id\')}/projects",',
      '            request_data={"data": {"type": "projects"}},',
      '        )',
      '        self._extract_data_from_api(',
      '            method="PATCH",',
      '            path=f"/varsets/{var_set.get(\'id\')}",',
      '        )',
      '        self._extract_data_from_api(',
      '            path=f"/organizations/{organization.get(\'name\')}/projects",',
      // A call whose arguments run long still takes its definition's default.
      ...Array.from({ length: 30 }, (_, k) => `            # property attributes.field-${k} of the projects listed`),
      '            properties=["attributes.name", "attributes.description", "relationships.organization.data.id"],',
      '        )',
    ].join('\n');
    assert.deepEqual(endpointsOn(source, "get('id')}/projects"), [
      'endpoint POST /organizations/:organization_name/projects',
    ]);
    assert.deepEqual(endpointsOn(source, "var_set.get('id')}"), ['endpoint PATCH /varsets/:varset_id']);
    // The default, not the placeholder's .get(, says GET here.
    assert.deepEqual(endpointsOn(source, "get('name')}/projects"), [
      'endpoint GET /organizations/:organization_name/projects',
    ]);
  });

  it('without a default in the definition, a call naming no method is not guessed', () => {
    const source = [
      'class Exporter:',
      '    def _send(self, path, method, request_data=None):',
      '        return self._call_api(path, method=method)',
      '',
      '    def migrate(self, workspace_id):',
      '        self._send(',
      '            path=f"/varsets/{workspace_id}",',
      '        )',
    ].join('\n');
    assert.deepEqual(endpointsOn(source, '/varsets/'), []);
  });
});

describe("a URL function's call sites (Python)", () => {
  it('an HTTP helper given a method that only returns a URL sends that URL with its own method, at the call', () => {
    const source = [
      'class Endpoints:',
      '    def projects(self) -> str:',
      '        """Endpoint for listing or creating projects."""',
      '        return f"/organizations/{self.organization}/projects"',
      '',
      '    def project(self, project_id: str) -> str:',
      '        return f"/projects/{project_id}"',
      '',
      'class Client:',
      '    async def create_project(self, payload):',
      '        return await self.post(self.endpoints.projects(), payload)',
      '',
      '    async def update_project(self, project_id, payload):',
      '        return await self.patch(self.endpoints.project(project_id), payload)',
      '',
      '    async def list_projects(self, params):',
      '        return await self.get(self.endpoints.projects(), params)',
      '',
      '    async def describe(self, project_id):',
      '        return self.describe_text(self.endpoints.project(project_id))',
    ].join('\n');
    assert.deepEqual(endpointsOn(source, 'self.post('), ['endpoint POST /organizations/:organization_name/projects']);
    assert.deepEqual(endpointsOn(source, 'self.patch('), ['endpoint PATCH /projects/:project_id']);
    assert.deepEqual(endpointsOn(source, 'self.get('), ['endpoint GET /organizations/:organization_name/projects']);
    // A call that is no HTTP helper sends nothing.
    assert.deepEqual(endpointsOn(source, 'describe_text('), []);
  });
});
