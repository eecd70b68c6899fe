// A client whose base URL ends with `/api/` writes its paths from the version on (`v2/organizations/{org}/…`): the
// API path starts after `v2`, as after `/api/v2`. Shape of held46's noos-terraform client (`default_base_url =
// "https://app.terraform.io/api/"`, `self.get(path=f"v2/organizations/{organization}/workspaces/{workspace}")`,
// `self.post(path="v2/runs", …)`); made-up names. Before: no path read, so neither these calls nor the client's
// operations called from other files (`tf_client.run_plan(ws, msg)`) were found.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanProject, scanText } from '@keyfob/shared/history';

const client = [
  'class CloudClient(json.JSONClient):',
  '    default_base_url = "https://app.terraform.io/api/"',
  '',
  '    def get_workspace_id(self, organization: str, workspace: str) -> str:',
  '        response = self.get(',
  '            path=f"v2/organizations/{organization}/workspaces/{workspace}",',
  '            statuses=(http_client.OK,),',
  '        )',
  '        return response["data"]["id"]',
  '',
  '    def run_plan(self, workspace_id: str, message: str) -> str:',
  '        response = self.post(path="v2/runs", data=data)',
  '        return response["data"]["id"]',
].join('\n');

describe('history: a path written from the API version on (`v2/…`)', () => {
  it('is read from the API root after `v2`, with the method of the call that sends it', () => {
    const rows = scanText(client, { fileName: 'client.py' }).map((m) => `${m.line} ${m.subject.id}`);
    assert.deepEqual(rows, [
      '6 endpoint GET /organizations/:organization_name/workspaces/:name',
      '12 endpoint POST /runs',
    ]);
  });

  it("the client's operations are then the project's: a call in another file is a use", () => {
    const api = [
      'from cloud import client',
      '',
      'def run(organization, workspace, token, message):',
      '    tf_client = client.CloudClient()',
      '    workspace_id = tf_client.get_workspace_id(organization, workspace)',
      '    return tf_client.run_plan(workspace_id, message)',
    ].join('\n');
    const [, uses] = scanProject([
      { text: client, fileName: 'cloud/client.py' },
      { text: api, fileName: 'cloud/api.py' },
    ]);
    assert.deepEqual(
      (uses ?? []).map((m) => `${m.line} ${m.text} ${m.subject.id}`),
      [
        '5 get_workspace_id endpoint GET /organizations/:organization_name/workspaces/:name',
        '6 run_plan endpoint POST /runs',
      ],
    );
  });

  it('a `v2` segment before a placeholder, or another version, says nothing', () => {
    // a registry's `/v2/{name}/manifests/{tag}` (Docker's), GitLab's `v4/projects/{id}`
    const other = 'r = session.get(f"v2/{image}/manifests/{tag}")\nq = session.get(f"v4/projects/{pid}/pipelines")';
    assert.deepEqual(scanText(other, { fileName: 'registry.py' }), []);
  });

  it("another service's `v2/…` paths beside a file of this API stay silent (DigitalOcean)", () => {
    // rv v1-do: godo's `NewRequest(ctx, "GET", "v2/projects/"+id, nil)` and a class on api.digitalocean.com in a
    // project that names this API elsewhere were GET/DELETE/PATCH /projects/:project_id
    const tfe = 'package sync\n\nimport tfe "github.com/hashicorp/go-tfe"\n\nvar c *tfe.Client\n';
    const godo = [
      'package sync',
      '',
      'const projectsBasePath = "v2/projects"',
      '',
      'func (d *doClient) project(id string) error {',
      '\treq, err := d.client.NewRequest(ctx, "GET", "v2/projects/"+id, nil)',
      '\t_, err = d.client.Do(ctx, req, nil)',
      '\treturn err',
      '}',
      '',
      'func (d *doClient) deleteProject(id string) error {',
      '\treq, _ := d.client.NewRequest(ctx, "DELETE", fmt.Sprintf("v2/projects/%s", id), nil)',
      '\t_, err := d.client.Do(ctx, req, nil)',
      '\treturn err',
      '}',
    ].join('\n');
    const py = [
      'TFE_TOKEN = "x"  # also talks to app.terraform.io elsewhere',
      '',
      'class DigitalOcean:',
      '    base = "https://api.digitalocean.com/"',
      '',
      '    def project(self, pid):',
      '        return self.get(path=f"v2/projects/{pid}")',
      '',
      '    def update(self, pid, body):',
      '        return self.patch(path=f"v2/projects/{pid}", json=body)',
    ].join('\n');
    const found = scanProject([
      { text: tfe, fileName: 'tfe.go' },
      { text: godo, fileName: 'do.go' },
      { text: py, fileName: 'do.py' },
    ]);
    const rows = found.flat().map((m) => `${m.line} ${m.subject.id}`);
    assert.ok(!rows.some((r) => r.includes('/projects/')), rows.join('\n'));
  });
});
