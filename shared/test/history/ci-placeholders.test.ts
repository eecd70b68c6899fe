// A templating language's placeholder inside a URL that CI runs (CircleCI's `<< parameters.x >>`, Tekton's
// `$(params.x)`, GitHub's `${{ inputs.x }}`, Helm's `{{ .Values.x }}`) is ONE path segment's value, spaces and all,
// never the end of the URL; and a base that holds the host and `/api` (`$API_BASE/v2/organizations/…`) leaves the
// path after `v2`. Made-up files of each host's usual shape.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const endpoints = (text: string, fileName: string): string[] =>
  scanText(text, { fileName })
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

const API = 'https://app.terraform.io/api/v2';

describe('history: CI templating placeholders inside URLs', () => {
  it("CircleCI: `<< parameters.x >>` is one segment's value; a path under it that has no history is no shorter path", () => {
    const orb = [
      'steps:',
      '  - run:',
      '      command: |',
      `        curl -s ${API}/organizations/<< parameters.organization >>/workspaces`,
      `        ID=$(curl -s ${API}/workspaces/<< parameters.workspace-id >>/vars | jq -r '.data[0].id')`,
    ].join('\n');
    assert.deepEqual(endpoints(orb, 'src/commands/list.yml'), [
      '4 endpoint GET /organizations/:organization_name/workspaces',
    ]);
  });

  it('CircleCI: `$(echo << parameters.token >>)` opens no here-document, so the curl commands after it are read', () => {
    const orb = [
      'steps:',
      '  - run:',
      '      command: |',
      '        echo "export TOKEN=$(echo << parameters.token >>)" >> $BASH_ENV',
      '        echo "export ORG=$(echo <<pipeline.parameters.org>>)" >> $BASH_ENV',
      '  - run:',
      '      command: |',
      '        cat > notes.txt << EOF',
      `        curl -s ${API}/runs/$RUN_ID`,
      '        EOF',
      `        curl -s ${API}/organizations/$ORG/workspaces`,
    ].join('\n');
    assert.deepEqual(endpoints(orb, 'orb.yml'), ['11 endpoint GET /organizations/:organization_name/workspaces']);
  });

  // A guard, not the rule at work: main before 0da12a6b already read these three (r1 checked); it keeps them read.
  it('guard: Tekton, GitHub Actions and Helm placeholders stay one segment each', () => {
    const tekton = [
      'spec:',
      '  steps:',
      '    - script: |',
      `        curl -s ${API}/organizations/$(params.org)/workspaces`,
    ];
    assert.deepEqual(endpoints(tekton.join('\n'), 'task.yaml'), [
      '4 endpoint GET /organizations/:organization_name/workspaces',
    ]);
    const actions = [
      'jobs:',
      '  a:',
      '    steps:',
      `      - run: curl -s ${API}/organizations/\${{ inputs.org }}/workspaces`,
    ];
    assert.deepEqual(endpoints(actions.join('\n'), '.github/workflows/a.yml'), [
      '4 endpoint GET /organizations/:organization_name/workspaces',
    ]);
    const helm = ['    - |', `      curl -s {{ .Values.tfeUrl }}/api/v2/organizations/{{ .Values.org }}/workspaces`];
    assert.deepEqual(
      endpoints(['spec:', '  containers:', '    - command:', ...helm].join('\n'), 'templates/job.yaml'),
      ['5 endpoint GET /organizations/:organization_name/workspaces'],
    );
  });

  it('a base holding the host and `/api`: the path is read after `v2`, in a shell script and in Python', () => {
    const shell = [
      'TF_API_BASE=https://app.terraform.io/api',
      'curl -s --request POST --data @v.json \\',
      '  --url "$TF_API_BASE/v2/organizations/$ORG/registry-modules/private/$ORG/$NAME/$PROVIDER/versions"',
    ].join('\n');
    assert.deepEqual(endpoints(shell, 'publish.sh'), [
      '3 endpoint POST /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name/:provider/versions',
    ]);
    const python = [
      'import requests',
      'r = requests.get(f"{TFE_API_BASE}/v2/organizations/{org}/workspaces", headers=h)',
    ].join('\n');
    assert.deepEqual(endpoints(python, 'list.py'), ['2 endpoint GET /organizations/:organization_name/workspaces']);
  });

  it('a base before `v2` that neither its name nor the file says is this API’s: another API’s version root', () => {
    // Many APIs put their version right after the host (a cloud's `/v2/projects/{id}`, a CI service's
    // `/v2/organizations/{org}/…`): a base named for nothing of this API, in a file that shows nothing of it.
    const other = [
      'const CLOUD_API = process.env.CLOUD_API_URL!;',
      "export const drop = (id: string) => fetch(`${CLOUD_API}/v2/projects/${id}`, { method: 'DELETE' });",
      'export const pipelines = (org: string) => fetch(`${process.env.CI_SERVICE_API}/v2/organizations/${org}/projects`);',
    ].join('\n');
    assert.deepEqual(endpoints(other, 'cloud.ts'), []);
    const python = [
      'import requests',
      'r = requests.get(f"{API_BASE}/v2/organizations/{org}/workspaces", headers=h)',
    ].join('\n');
    assert.deepEqual(endpoints(python, 'list.py'), []);
    // The same base in a file that names HCP Terraform's host is read.
    const shown = ['API_BASE = os.environ.get("API_BASE", "https://app.terraform.io/api")', python].join('\n');
    assert.deepEqual(endpoints(shown, 'list.py'), ['3 endpoint GET /organizations/:organization_name/workspaces']);
  });
});
