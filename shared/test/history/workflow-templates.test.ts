// Request templates of CI and workflow engines (YAML), and shell read as the shell reads it: a template
// expression inside an unquoted URL is a path segment, never the URL's end; a step that builds a URL hands
// it to a later step that sends it with its `method:`; a string spanning lines ends where its quote closes;
// a jq filter reads the response of the request piped into it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { languageOfFile, scanText } from '@keyfob/shared/history';

const ids = (text: string, languageId: string): string[] =>
  scanText(text, { languageId }).map((m) => `${m.line} ${m.subject.id}`);

describe('history: a template expression inside an unquoted URL is a path segment', () => {
  const template = (url: string, method = 'GET'): string =>
    [
      'steps:',
      '  - ref: call',
      '    action: core.http_request',
      '    args:',
      `      url: ${url}`,
      `      method: ${method}`,
    ].join('\n');

  it('`${{ inputs.x }}`, `{{ x }}` and `${ X }` with blanks inside hold the path on', () => {
    for (const hole of ['${{ inputs.org }}', '{{ org }}', '${ ORG }', '${{inputs.org}}'])
      assert.deepEqual(ids(template(`https://tfe.example.com/api/v2/organizations/${hole}/projects`), 'yaml'), [
        '5 endpoint GET /organizations/:organization_name/projects',
      ]);
    assert.deepEqual(
      ids(template('https://tfe.example.com/api/v2/organizations/${{ inputs.org }}/projects', 'POST'), 'yaml'),
      ['5 endpoint POST /organizations/:organization_name/projects'],
    );
  });

  it('a leading template (the host) is read with the path after it', () => {
    assert.deepEqual(ids(template('${{ inputs.tfe_url }}/api/v2/organizations/${{ inputs.org }}/projects'), 'yaml'), [
      '5 endpoint GET /organizations/:organization_name/projects',
    ]);
  });

  it('a path going on past the template is not its shorter prefix', () => {
    // GET /workspaces/:id/runs has no endpoint in the history: nothing, not GET /workspaces/:workspace_id.
    assert.deepEqual(ids(template('https://tfe.example.com/api/v2/workspaces/${{ inputs.id }}/runs'), 'yaml'), []);
  });
});

describe('history: a workflow step builds a URL, a later step sends it with its method', () => {
  const workflow = (reader: string, method = 'GET'): string =>
    [
      'definition:',
      '  steps:',
      '    - ref: make_url',
      '      action: core.script.run_python',
      '      args:',
      '        script: |',
      '          def main(org, name):',
      '              if name:',
      '                  return f"https://tfe.example.com/api/v2/organizations/{org}/workspaces/{name}"',
      '              base = f"https://tfe.example.com/api/v2/projects/{org}"',
      '              return base',
      '    - ref: send',
      '      action: core.http_request',
      '      args:',
      `        url: \${{ steps.${reader}.result }}`,
      ...(method === '' ? [] : [`        method: ${method}`]),
      '        headers:',
      '          Authorization: Bearer ${{ SECRETS.tfe.TOKEN }}',
    ].join('\n');

  it("a returned URL, and one returned through a variable, take the sending step's method", () => {
    assert.deepEqual(ids(workflow('make_url'), 'yaml'), [
      '9 endpoint GET /organizations/:organization_name/workspaces/:name',
      '10 endpoint GET /projects/:project_id',
    ]);
  });

  it("another step's result, or a sending step with no method written, says nothing", () => {
    assert.deepEqual(ids(workflow('other'), 'yaml'), []);
    assert.deepEqual(ids(workflow('make_url', ''), 'yaml'), []);
  });

  it('a GitHub Actions step output set to a URL is sent by the step whose `url:` reads it', () => {
    const action = [
      'steps:',
      '  - name: Build',
      '    id: build',
      '    run: |',
      '      echo "target=https://tfe.example.com/api/v2/projects/${{ inputs.project }}" >> "$GITHUB_OUTPUT"',
      '  - name: Remove',
      '    uses: some/http-request-action@v1',
      '    with:',
      '      url: ${{ steps.build.outputs.target }}',
      "      method: 'DELETE'",
    ].join('\n');
    assert.deepEqual(ids(action, 'yaml'), ['5 endpoint DELETE /projects/:project_id']);
  });
});

describe('history: a shell string spanning lines ends where its quote closes', () => {
  it('the command after a multi-line single-quoted body sends its URL', () => {
    const script = [
      'BODY=$(jq -n \\',
      '  --arg ws "$WS" \\',
      "  '{",
      '    data: {',
      '      type: "projects"',
      '    }',
      '  }\' | http POST "https://tfe.example.com/api/v2/organizations/$ORG/projects" \\',
      '  "Authorization: Bearer $TOKEN")',
    ].join('\n');
    assert.deepEqual(
      ids(script, 'shellscript').filter((s) => s.includes('endpoint')),
      ['7 endpoint POST /organizations/:organization_name/projects'],
    );
  });

  it('quotes nested in a command substitution inside double quotes do not shift the reading', () => {
    const script = [
      'name="$(',
      '  curl -s "https://tfe.example.com/api/v2/projects/$id" |',
      "    jq -r '.data.id'",
      ')"',
      'curl -s -X DELETE "https://tfe.example.com/api/v2/projects/$id"',
    ].join('\n');
    assert.deepEqual(
      ids(script, 'shellscript').filter((s) => s.includes('DELETE')),
      ['5 endpoint DELETE /projects/:project_id'],
    );
  });

  it('a variable sent after a multi-line double-quoted body (`-d "{` … `}" \\`) takes that command\'s method', () => {
    const script = (flags: string): string =>
      [
        'API_BASE="https://app.terraform.io/api/v2/organizations/${ORG}/registry-modules"',
        '',
        'create_module() {',
        '  RESPONSE=$(curl -s -w "\\n%{http_code}" \\',
        `    ${flags} \\`,
        '    -H "Content-Type: application/vnd.api+json" \\',
        '    -d "{',
        '      \\"data\\": {',
        '        \\"type\\": \\"registry-modules\\",',
        '        \\"attributes\\": { \\"name\\": \\"${1}\\" }',
        '      }',
        '    }" \\',
        '    "${API_BASE}")',
        '}',
      ].join('\n');
    const endpoints = (text: string): string[] => ids(text, 'shellscript').filter((s) => s.includes('endpoint'));
    assert.deepEqual(endpoints(script('-X POST')), [
      '1 endpoint POST /organizations/:organization_name/registry-modules',
      '13 endpoint POST /organizations/:organization_name/registry-modules',
    ]);
    // The command's own method flag decides (a body alone would be POST too): a GET sent with `-G` reads the list.
    assert.deepEqual(endpoints(script('-G')), [
      '1 endpoint GET /organizations/:organization_name/registry-modules',
      '13 endpoint GET /organizations/:organization_name/registry-modules',
    ]);
  });
});

describe('history: a jq filter reads the response of the request piped into it', () => {
  const names = (text: string): string[] => ids(text, 'shellscript').filter((s) => !s.includes('endpoint'));

  it('piped from the request (over a line break), through a variable holding the URL, or a response variable', () => {
    assert.deepEqual(
      names(
        [
          'curl -s "https://tfe.example.com/api/v2/organizations/$ORG/projects" |',
          "  jq -r '.data[] | select(.attributes.name == $want) | .id'",
        ].join('\n'),
      ),
      ['2 attribute projects name'],
    );
    assert.deepEqual(
      names(
        [
          'PROJECTS_URL="https://tfe.example.com/api/v2/organizations/$ORG/projects"',
          'response=$(curl -s \\',
          '  -H "Authorization: Bearer $TOKEN" \\',
          '  "$PROJECTS_URL")',
          'id=$(echo "$response" | jq -r \\',
          '  --arg N "$NAME" \\',
          "  '.data[] | select(.attributes.name == $N) | .id')",
          'other=$(jq -r \'.data[0].attributes.name\' <<< "$response")',
        ].join('\n'),
      ),
      ['7 attribute projects name', '8 attribute projects name'],
    );
  });

  it("another resource's response, an included resource, or a jq fed by no request says nothing", () => {
    assert.deepEqual(
      names(
        [
          'curl -s "https://tfe.example.com/api/v2/organizations/$ORG/workspaces/$WS" |',
          "  jq -r '.data.attributes.name'",
          'curl -s "https://tfe.example.com/api/v2/organizations/$ORG/projects?include=x" |',
          "  jq -r '.included[].attributes.name'",
          "jq -r '.data.attributes.name' project.json",
        ].join('\n'),
      ),
      [],
    );
  });
});

describe('history: a Postman request body (JSON inside a JSON string) is the resource its type names', () => {
  const request = (method: string, type: string, path: string[]): string =>
    JSON.stringify({
      item: [
        {
          name: 'Create',
          request: {
            method,
            body: {
              mode: 'raw',
              raw: `{\n  "data": {\n    "type": "${type}",\n    "attributes": {\n      "name": "x",\n      "default-execution-mode": "remote"\n    }\n  }\n}\n`,
            },
            url: { raw: `https://{{BASE_URL}}/api/v2/${path.join('/')}`, path: ['api', 'v2', ...path] },
          },
        },
      ],
    });
  const names = (text: string): string[] =>
    scanText(text, { languageId: 'json' })
      .filter((m) => m.subject.type === 'attribute')
      .map((m) => m.subject.id);

  it("the body's escaped `type` names its resource: no other resource's attribute is meant", () => {
    assert.deepEqual(names(request('POST', 'projects', ['organizations', '{{ORG}}', 'projects'])), [
      'attribute projects name',
    ]);
  });

  it("a URL's segments listed apart are no attribute names", () => {
    const text = [
      request('PATCH', 'projects', ['projects', '{{ID}}', 'tag-bindings']),
      request('POST', 'workspaces', ['projects', '{{ID}}', 'relationships', 'workspaces']),
    ].join('\n');
    assert.deepEqual(
      scanText(text, { languageId: 'json' })
        .filter((m) => m.text === 'tag-bindings')
        .map((m) => m.subject.id),
      [],
    );
  });
});

describe('history: Jenkins pipelines and shell commands inside strings', () => {
  const endpoints = (text: string, options: { languageId?: string; fileName?: string }): string[] =>
    scanText(text, options)
      .filter((m) => m.subject.type === 'endpoint')
      .map((m) => `${m.line} ${m.subject.id}`);

  it('a Jenkinsfile is Groovy, and its httpRequest step sends GET unless its httpMode says otherwise', () => {
    const pipeline = [
      'def find() {',
      '    def response = httpRequest(',
      '        customHeaders: [[ name: "Authorization", value: "Bearer " + env.TOKEN ]],',
      '        url: "https://tfe.example.com/api/v2/projects/" + env.PROJECT_ID',
      '    )',
      '}',
      'def drop() {',
      '    def response = httpRequest(',
      "        httpMode: 'DELETE',",
      '        url: "https://tfe.example.com/api/v2/projects/" + env.PROJECT_ID',
      '    )',
      '}',
    ].join('\n');
    assert.equal(languageOfFile('ci/JenkinsFile'), 'groovy');
    assert.equal(languageOfFile('Jenkinsfile.deploy'), 'groovy');
    assert.deepEqual(endpoints(pipeline, { fileName: 'ci/JenkinsFile' }), [
      '4 endpoint GET /projects/:project_id',
      '10 endpoint DELETE /projects/:project_id',
    ]);
    // Another call taking a url: argument says nothing.
    assert.deepEqual(endpoints(pipeline.replaceAll('httpRequest(', 'fetchIt('), { fileName: 'Jenkinsfile' }), [
      '10 endpoint DELETE /projects/:project_id',
    ]);
  });

  it('a command substitution inside double quotes is code: its URL, quoted or bare, is read whole', () => {
    const script = [
      'sets="$(curl "$@" https://tfe.example.com/api/v2/organizations/"${org}"/projects)"',
      'tokens=$(curl -s "https://tfe.example.com/api/v2/projects/$(_jq \'.id\')/tag-bindings" | jq -r .data)',
    ].join('\n');
    assert.deepEqual(endpoints(script, { languageId: 'shellscript' }), [
      '1 endpoint GET /organizations/:organization_name/projects',
      '2 endpoint GET /projects/:project_id/tag-bindings',
    ]);
  });

  it("curl's method flag handed to a wrapper inside an options string", () => {
    const script = [
      'url="https://${TFE_HOST}/api/v2/projects/${id}"',
      'echo "one"',
      'echo "two"',
      'echo "three"',
      'result=$(make_request -url "$url" -options "--request DELETE --silent")',
    ].join('\n');
    assert.deepEqual(endpoints(script, { languageId: 'shellscript' }), ['1 endpoint DELETE /projects/:project_id']);
  });
});

describe('history: a shell variable assigned once opens a double-quoted word with its value', () => {
  const base = "_base='https://tfe.example.com/api/v2/organizations/${ORG}/registry-modules'";
  const use = 'curl -s -X GET "${_base}/${REG}/${NS}/${NAME}/${PROV}"';
  const module =
    'endpoint GET /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name/:provider';

  it('`"${_base}/${name}/…"` is read as the base’s path with the rest after it', () => {
    assert.ok(ids([base, use].join('\n'), 'shellscript').includes(`2 ${module}`));
    const step = ['steps:', '  - run: |', `      ${base}`, `      ${use}`].join('\n');
    assert.ok(ids(step, 'github-actions-workflow').includes(`4 ${module}`));
  });

  it('a word that is the variable alone spans the placeholder, not the base’s length', () => {
    const text = [base, 'reg="${_base}"', 'curl -s -X POST --data @body.json "$reg"'].join('\n');
    const spans = scanText(text, { languageId: 'shellscript' })
      .filter((m) => m.line === 2)
      .map((m) => `${m.line}:${m.column}-${m.endLine}:${m.endColumn} ${m.subject.id}`);
    assert.deepEqual(spans, ['2:6-2:14 endpoint POST /organizations/:organization_name/registry-modules']);
  });

  it('not a variable assigned twice (which value is meant is not known)', () => {
    const again = "_base='https://tfe.example.com/api/v2/organizations/${ORG}/workspaces'";
    assert.ok(!ids([base, again, use].join('\n'), 'shellscript').some((s) => s.endsWith(module)));
  });
});

describe('history: an Ansible uri task with no method sends GET (the module default)', () => {
  const endpoints = (text: string): string[] =>
    scanText(text, { languageId: 'yaml' })
      .filter((m) => m.subject.type === 'endpoint')
      .map((m) => `${m.line} ${m.subject.id}`);

  it('a url: under uri: with no method: key beside it is a GET; a method: beside it decides', () => {
    const text = [
      '- name: List the teams',
      '  uri:',
      '    url: "https://{{ host }}/api/v2/organizations/{{ org }}/projects"',
      '    headers:',
      '      Authorization: "Bearer {{ tfe_token }}"',
      '  register: teams',
      '',
      '- name: Make one',
      '  ansible.builtin.uri:',
      '    url: "https://{{ host }}/api/v2/organizations/{{ org }}/projects"',
      '    body_format: json',
      '    method: POST',
    ].join('\n');
    assert.deepEqual(endpoints(text), [
      '3 endpoint GET /organizations/:organization_name/projects',
      '10 endpoint POST /organizations/:organization_name/projects',
    ]);
  });

  it('a url: of another module, or with a query, says no method', () => {
    const other = [
      '- name: x',
      '  get_url:',
      '    url: "https://{{ host }}/api/v2/organizations/{{ org }}/projects"',
    ].join('\n');
    assert.deepEqual(endpoints(other), []);
    const queried = ['- name: x', '  uri:', '    url: "https://{{ host }}/api/v2/organizations/?name=Default"'].join(
      '\n',
    );
    assert.deepEqual(endpoints(queried), []);
  });

  it("a folded url (`>-`) whose template expression breaks its line is one URL, sent with the task's method", () => {
    const task = (method: string): string =>
      [
        '- name: Lookup workspace id by organization and name',
        '  ansible.builtin.uri:',
        '    url: >-',
        "      {{ hcp_terraform_host | default('https://app.terraform.io') | regex_replace('/$', '') }}/api/v2/organizations/{{",
        '      hcp_terraform_organization }}/workspaces/{{ hcp_terraform_workspace }}',
        `    method: ${method}`,
        '    return_content: true',
      ].join('\n');
    assert.deepEqual(endpoints(task('GET')), ['4 endpoint GET /organizations/:organization_name/workspaces/:name']);
    // A method the history has no endpoint for there: none.
    assert.deepEqual(endpoints(task('DELETE')), []);
    // An expression that opens and does not close on the next line is no placeholder: nothing is read across two breaks.
    const open = task('GET').replace('hcp_terraform_organization }}', 'hcp_terraform_organization\n      }}');
    assert.deepEqual(endpoints(open), []);
  });
});
