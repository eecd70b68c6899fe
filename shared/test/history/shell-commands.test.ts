// The method of a URL in shell code comes from the command that sends it, read as curl reads its
// arguments, also through a variable and a wrapper of curl; a method the path's endpoints do not have
// claims nothing (never the one method the history knows for the path).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { languageOfFile, replacementEdit, scanText } from '@keyfob/shared/history';

// Read as a file of a project that names this API (`apiElsewhere`): its paths on a base the snippet alone does
// not show to be this API's are kept, as in the client it stands for (alone they are any API's: unrooted-paths.test.ts).
const endpoints = (text: string, languageId = 'shellscript'): string[] =>
  scanText(text, { languageId, apiElsewhere: true })
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

describe('history: a GitHub Actions step output that holds a URL is sent by the step that reads it', () => {
  const action = [
    'runs:',
    '  using: composite',
    '  steps:',
    '    - name: "Setup"',
    '      id: setup',
    '      shell: bash',
    '      run: |',
    "        _base_url='https://app.terraform.io/api/v2/organizations/${{ inputs.organization }}/registry-modules'",
    '        _register_url="${_base_url}"',
    '        _lookup_url="https://app.terraform.io/api/v2/organizations/${{ inputs.organization }}/registry-modules/${{ inputs.registry }}/${{ inputs.namespace }}/${{ inputs.name }}/${{ inputs.provider }}"',
    '        echo "lookup_url=${_lookup_url}" >> $GITHUB_OUTPUT',
    '        echo "register_url=${_register_url}" >> $GITHUB_OUTPUT',
    '    - name: "Register"',
    '      id: register',
    '      shell: bash',
    '      run: |',
    '        echo "Looking up ${{ steps.setup.outputs.lookup_url }}"',
    '        _lookup_resp="$(curl \\',
    '          -s \\',
    '          -X GET \\',
    '          "${{ steps.setup.outputs.lookup_url}}")"',
    '        _register_resp="$(curl \\',
    '          -X POST \\',
    '          --data-raw "${_body}" \\',
    '          ${{ steps.setup.outputs.register_url}})"',
  ].join('\n');

  it('through a variable assigned the URL whole, and the output set from it', () => {
    assert.deepEqual(endpoints(action, 'yaml'), [
      '8 endpoint POST /organizations/:organization_name/registry-modules',
      // `"${_base_url}"`: the base's value, the URL the register step POSTs
      '9 endpoint POST /organizations/:organization_name/registry-modules',
      '10 endpoint GET /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name/:provider',
    ]);
  });

  it('an output of another step (another id) says nothing', () => {
    assert.deepEqual(endpoints(action.replaceAll('steps.setup.', 'steps.other.'), 'yaml'), []);
  });
});

describe('history: the method of a shell command that sends a URL', () => {
  const table: [string, string, string[]][] = [
    [
      "a script named for the API sends curl's default without flags",
      'orgs="$("$srcdir/terraform_cloud_api.sh" "/organizations" | jq -r .data[].id)"',
      ['1 endpoint GET /organizations'],
    ],
    [
      "a script given curl's flags elsewhere, called by its path, sends GET without them",
      '"$srcdir/tfc.sh" "/organizations/$org/varsets" | jq .\n"$srcdir/tfc.sh" "/organizations/$org/varsets" -X POST -d @v.json',
      [
        '1 endpoint GET /organizations/:organization_name/varsets',
        '2 endpoint POST /organizations/:organization_name/varsets',
      ],
    ],
    ['another script says nothing', '"$srcdir/tfc.sh" "/organizations/$org/varsets" | jq .', []],
    [
      "a here-document's body between the URL's assignment and the command that sends it does not count as lines",
      [
        'VERSION_URL="https://$HOST/api/v2/organizations/$ORG/registry-modules/private/$ORG/$MOD/$PROV/versions"',
        '',
        'VERSION_PAYLOAD=$(cat <<EOF',
        ...Array.from({ length: 11 }, (_, k) => (k === 5 ? '  "type": "registry-module-versions",' : '  {')),
        'EOF',
        ')',
        '',
        'echo "Creating version $VERSION at: $VERSION_URL"',
        'VERSION_RESPONSE=$(curl -s -X POST \\',
        '  -H "Content-Type: application/vnd.api+json" \\',
        '  -d "$VERSION_PAYLOAD" \\',
        '  "$VERSION_URL")',
      ].join('\n'),
      [
        '1 endpoint POST /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name/:provider/versions',
      ],
    ],
    [
      "an apostrophe in a here-document's body opens no string: the command after it is read",
      [
        'cat > notes.txt <<EOF',
        "It's a note",
        'EOF',
        'jq -n \'{data: {type: "runs"}}\' | http POST "https://app.terraform.io/api/v2/runs" \\',
        '  "Authorization: Bearer $TOKEN"',
      ].join('\n'),
      ['4 endpoint POST /runs'],
    ],
    [
      'plain curl is GET (its default)',
      'curl -s "$A/api/v2/workspaces/$ID/tasks"',
      ['1 endpoint GET /workspaces/:workspace_id/tasks'],
    ],
    [
      '-d means POST',
      'curl -s -d @task.json "$A/api/v2/workspaces/$ID/tasks"',
      ['1 endpoint POST /workspaces/:workspace_id/tasks'],
    ],
    [
      '--data-binary means POST',
      'curl --data-binary @t.json "$A/api/v2/workspaces/$ID/tasks"',
      ['1 endpoint POST /workspaces/:workspace_id/tasks'],
    ],
    [
      '-G with -d is GET',
      'curl -G -d "page[size]=5" "$A/api/v2/workspaces/$ID/tasks"',
      ['1 endpoint GET /workspaces/:workspace_id/tasks'],
    ],
    ['-XPATCH', 'curl -XPATCH -d @p.json "$TFE_ADDR/api/v2/projects/$P"', ['1 endpoint PATCH /projects/:project_id']],
    [
      '--request=DELETE',
      'curl --request=DELETE "$TFE_ADDR/api/v2/projects/$P"',
      ['1 endpoint DELETE /projects/:project_id'],
    ],
    [
      'the method on a continuation line',
      'curl -s \\\n  --header "Authorization: Bearer $T" \\\n  "$TFE_ADDR/api/v2/projects/$P" \\\n  --request DELETE',
      ['3 endpoint DELETE /projects/:project_id'],
    ],
    [
      'a variable sent by a wrapper of curl on a later line',
      'url="$tfe_address/api/v2/projects/$p"\nif ! tfh_api_call -X DELETE "$url" >/dev/null; then\n  exit 1\nfi',
      ['1 endpoint DELETE /projects/:project_id'],
    ],
    [
      'inside "$(…)", with an echo of the URL first',
      'url="$tfe_address/api/v2/projects/$p"\necho "sending to $url"\nresp="$(api_call --request PATCH -d @"$payload" "$url")"',
      ['1 endpoint PATCH /projects/:project_id'],
    ],
    [
      'a wrapper named for its method',
      'tfe_delete "$A/api/v2/projects/$P"',
      ['1 endpoint DELETE /projects/:project_id'],
    ],
    [
      'a wrapper given the method as its argument (a function passing it to curl -X)',
      'tfc_api() {\n  curl -s -X "$1" -H "$auth" "https://app.terraform.io/api/v2$2"\n}\ntfc_api PATCH "/projects/$P"\ntfc_api DELETE "/projects/$P"',
      ['4 endpoint PATCH /projects/:project_id', '5 endpoint DELETE /projects/:project_id'],
    ],
    [
      'PowerShell -Method',
      'Invoke-RestMethod -Method Patch -Uri "$TFE_ADDR/api/v2/projects/$P"',
      ['1 endpoint PATCH /projects/:project_id'],
    ],
  ];
  for (const [name, text, expected] of table)
    it(name, () => {
      assert.deepEqual(endpoints(text), expected);
    });

  it('a PowerShell module (.psm1) is read as PowerShell, as a script (.ps1) is', () => {
    const text = 'Invoke-RestMethod -Method Patch -Uri "$TFE_ADDR/api/v2/projects/$P"';
    for (const file of ['tfe/tfe.psm1', 'TFWorkspace.ps1']) {
      const languageId = languageOfFile(file);
      assert.equal(languageId, 'powershell', file);
      assert.deepEqual(endpoints(text, languageId), ['1 endpoint PATCH /projects/:project_id'], file);
    }
  });

  it("PowerShell's comment-based help (<# … #>) is a comment: the endpoints it lists are no uses", () => {
    const text = [
      'function New-TFModule {',
      '    <#',
      '    .DESCRIPTION',
      '    Publish a module',
      '        POST /organizations/:organization_name/registry-modules',
      '    #>',
      '    Invoke-RestMethod -Method Post -Uri "https://$Server/api/v2/organizations/$Org/registry-modules"',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'powershell'), [
      '7 endpoint POST /organizations/:organization_name/registry-modules',
    ]);
    // Not in shell, where <# is no comment.
    assert.deepEqual(endpoints('echo "<#"\ncurl -X POST "$A/api/v2/runs"\necho "#>"'), ['2 endpoint POST /runs']);
  });

  it('a POST (curl -d) to a path whose only known endpoint is GET claims nothing', () => {
    // The history knows GET /organizations/:organization_name/ssh-keys only: creating a key is not it.
    const text = 'url="$address/api/v2/organizations/$org/ssh-keys"\nnew_resp="$(tfh_api_call -d @"$payload" "$url")"';
    assert.deepEqual(endpoints(text), []);
    assert.deepEqual(endpoints('curl -d @key.json "$A/api/v2/organizations/$O/ssh-keys"'), []);
    // The same path read with plain curl is that GET.
    assert.deepEqual(endpoints('curl "$A/api/v2/organizations/$O/ssh-keys"'), [
      '1 endpoint GET /organizations/:organization_name/ssh-keys',
    ]);
  });

  it('a wrapper without method flags says nothing: only a path the API has one method on is claimed', () => {
    assert.deepEqual(endpoints('url="$A/api/v2/projects/$P"\nresp="$(tfh_api_call "$url")"'), []);
    // The history knows only GET on ssh-keys, but the API creates keys there with POST too: nothing.
    assert.deepEqual(endpoints('url="$A/api/v2/organizations/$O/ssh-keys"\nresp="$(tfh_api_call "$url")"'), []);
    // The API has only GET on a run's task stages.
    assert.deepEqual(endpoints('url="$A/api/v2/runs/$R/task-stages"\nresp="$(tfh_api_call "$url")"'), [
      '1 endpoint GET /runs/:run_id/task-stages',
    ]);
  });

  it('a wrapper the text gives curl flags elsewhere sends curl default, GET, without them', () => {
    const text = [
      'url="$A/api/v2/organizations/$O/ssh-keys"',
      'resp="$(tfh_api_call "$url")"',
      'new_resp="$(tfh_api_call -d @"$payload" "$url")"',
    ].join('\n');
    assert.deepEqual(endpoints(text), ['1 endpoint GET /organizations/:organization_name/ssh-keys']);
  });

  it('a method token on a nearby line that the path lacks claims nothing in other languages too', () => {
    const js = 'await fetch(`${base}/organizations/${org}/ssh-keys`, {\n  method: "POST",\n  body,\n});';
    assert.deepEqual(endpoints(js, 'typescript'), []);
  });

  it('an implied method has no token for a quick fix to rewrite', () => {
    const text = 'curl -d @m.json "$A/api/v2/registry-modules/actions/delete/$ORG/vpc"';
    const match = scanText(text, { languageId: 'shellscript' }).find((m) => m.subject.type === 'endpoint');
    assert.equal(match?.subject.id, 'endpoint POST /registry-modules/actions/delete/:organization_name/:name');
    const fix = match ? replacementEdit(match) : undefined;
    assert.ok(fix, 'a replacement');
    assert.equal(fix.edits.length, 1, 'only the path is rewritten');
    assert.match(fix.title, /send it with DELETE/);
  });
});

describe('history: curl written inside another language (a Jenkinsfile script, a Robot Framework keyword)', () => {
  it("a Jenkinsfile's sh script spreads curl over lines: the URL unquoted on its own line, the method above it", () => {
    const jenkins = [
      'def tagExists(tag) {',
      '  return sh(script: """',
      '    curl -s \\',
      '    --header "Authorization: Bearer ${TOKEN}" \\',
      '    --request DELETE \\',
      '    https://tfe.example.com/api/v2/organizations/${ORG}/registry-modules/private/${ORG}/net/aws/${tag}',
      '  """, returnStatus: true)',
      '}',
      'url = "https://tfe.example.com/api/v2/organizations/${ORG}/registry-modules/private/${ORG}/net/aws/versions"',
      'sh(script: """',
      '  curl \\',
      '    -X POST \\',
      "    -d '${body}' \\",
      "    '${url}'",
      '""")',
    ].join('\n');
    assert.deepEqual(endpoints(jenkins, 'groovy'), [
      '6 endpoint DELETE /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name/:provider/:version',
      '9 endpoint POST /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name/:provider/versions',
    ]);
  });

  it('a Robot Framework keyword runs curl after &&: plain curl sends GET', () => {
    const robot = [
      '*** Tasks ***',
      'Read The Workspace',
      '    ${rsp}=    RW.CLI.Run Cli',
      '    ...    cmd=TOKEN=$(cat $TOKEN_FILE) && curl -s -H "Authorization: Bearer $TOKEN" \'${API}/organizations/${ORG}/workspaces/${WS}\'',
    ].join('\n');
    assert.deepEqual(
      scanText(robot, { fileName: 'tasks/runbook.robot', apiElsewhere: true })
        .filter((m) => m.subject.type === 'endpoint')
        .map((m) => `${m.line} ${m.subject.id}`),
      ['4 endpoint GET /organizations/:organization_name/workspaces/:name'],
    );
  });

  it('another command in such a string says nothing', () => {
    const jenkins = [
      'sh """',
      '  echo \\',
      '    https://tfe.example.com/api/v2/organizations/${ORG}/workspaces/${WS}',
      '"""',
    ];
    assert.deepEqual(endpoints(jenkins.join('\n'), 'groovy'), []);
  });
});

describe('history: a test of the variable holding a URL is no request', () => {
  it('a pagination loop tests the URL before curl sends it', () => {
    const text = [
      'NEXT="https://$HOST/api/v2/organizations/$ORG/projects"',
      'while [ -n "$NEXT" ] && [ "$NEXT" != "null" ]; do',
      '  PAGE=$(curl -s -H "Authorization: Bearer $TFE_TOKEN" "$NEXT")',
      '  NEXT=$(echo "$PAGE" | jq -r .links.next)',
      'done',
    ].join('\n');
    assert.deepEqual(endpoints(text), ['1 endpoint GET /organizations/:organization_name/projects']);
    assert.deepEqual(
      endpoints(text.replace('while [ -n "$NEXT" ] && [ "$NEXT" != "null" ]', 'while [[ -n "${NEXT}" ]]')),
      ['1 endpoint GET /organizations/:organization_name/projects'],
    );
  });
});

describe("history: jq reads the response of a shell function of the text, and a relationship's name", () => {
  const keys = (text: string): string[] =>
    scanText(text, { languageId: 'shellscript' })
      .filter((m) => m.subject.type === 'attribute')
      .map((m) => `${m.line} ${m.subject.id}`);
  const script = [
    'fetch_ws() {',
    '  curl -sf -H "Authorization: Bearer $TOKEN" "https://$TFE/api/v2/organizations/$1/workspaces/$2"',
    '}',
    'pools_of() {',
    '  curl -sf -H "Authorization: Bearer $TOKEN" "https://$TFE/api/v2/organizations/$1/agent-pools"',
    '}',
    'check() {',
    '  local doc; doc="$(fetch_ws "$ORG" "$WS")"',
    '  proj="$(jq -r \'.data.relationships.project.data.id\' <<<"$doc")"',
    '  local all; all="$(pools_of "$ORG")"',
    '  scoped="$(jq -r --arg n "$POOL" \'',
    '    map(select(.attributes."organization-scoped")) | .[0].id',
    '  \' <<<"$all")"',
    '}',
  ].join('\n');

  it('the function its output comes from gives the resource; a filter over lines is read whole', () => {
    assert.deepEqual(keys(script), ['9 attribute workspaces project', '12 attribute agent-pools organization-scoped']);
  });

  it('a function whose requests end with two resources, or a command of no function, says nothing', () => {
    const two = script.replace(
      '"https://$TFE/api/v2/organizations/$1/agent-pools"',
      '"https://$TFE/api/v2/organizations/$1/agent-pools"\n  curl -sf "https://$TFE/api/v2/organizations/$1/oauth-clients"',
    );
    assert.deepEqual(
      keys(two).filter((k) => k.includes('agent-pools')),
      [],
    );
    const none = script.replace('all="$(pools_of "$ORG")"', 'all="$(cat pools.json)"');
    assert.deepEqual(
      keys(none).filter((k) => k.includes('agent-pools')),
      [],
    );
  });
});

describe('history: a JSON:API payload a jq program builds (jq -n)', () => {
  const keys = (text: string): string[] =>
    scanText(text, { languageId: 'shellscript' })
      .filter((m) => m.subject.type === 'attribute')
      .map((m) => `${m.line} ${m.subject.id}`);

  it("the keys of the attributes object are the type's beside it, over lines too", () => {
    const text = [
      'body=$(jq -n --arg t "$TITLE" --arg d "$TEXT" \'{',
      '  data: { type: "projects", attributes: { name: $t, "description": $d } }',
      "}')",
      'curl -s -X POST -d "$body" "https://$TFE/api/v2/organizations/$ORG/projects"',
    ].join('\n');
    assert.deepEqual(keys(text), ['2 attribute projects name', '2 attribute projects description']);
  });

  it('no type beside the attributes, or a program of another command, says nothing', () => {
    const untyped =
      'body=$(jq -n --arg d "$TEXT" \'{ data: { attributes: { description: $d } } }\')\ncurl -s "https://$TFE/api/v2/projects/$P"';
    assert.deepEqual(keys(untyped), []);
    const other =
      'body=$(yq -n \'{ data: { type: "projects", attributes: { description: "x" } } }\')\ncurl -s "https://$TFE/api/v2/projects/$P"';
    assert.deepEqual(keys(other), []);
  });
});

describe('history: a URL whose query is escaped for a shell (`\\?page\\[size\\]\\=50`)', () => {
  const subjects = (text: string): string[] =>
    scanText(text, { languageId: 'shellscript' })
      .filter((m) => m.subject.type === 'endpoint' || m.subject.type === 'parameter')
      .map((m) => `${m.line} ${m.subject.id}`);

  it('the path ends at the escaped `?`, the query keys lose their backslashes', () => {
    const text = [
      'list_teams() {',
      '  api_get "$@" --url \'https://${TFE_HOST}/api/v2/organizations/${ORG}/projects\\?page\\[number\\]\\=2\'',
      '}',
      'curl -s "https://$TFE_HOST/api/v2/organizations\\?page\\[size\\]\\=20\\&page\\[number\\]\\=1"',
    ].join('\n');
    assert.deepEqual(subjects(text), [
      '2 endpoint GET /organizations/:organization_name/projects',
      '2 parameter page[number] *',
      '4 endpoint GET /organizations',
      '4 parameter page[size] *',
      '4 parameter page[number] *',
    ]);
  });

  it('a backslash before anything else is no escaped query', () => {
    assert.deepEqual(subjects("api_get --url 'https://h/api/v2/organizations/${ORG}/teams\\page'"), []);
  });
});

describe('history: curl commands whose method is written away from the URL', () => {
  it('a `set --` list built above `curl "$@"` gives its flags; a function\'s "$@" is its caller\'s', () => {
    const text = [
      'url="https://tfe.example.com/api/v2/workspaces/${ws}/actions/safe-delete"',
      'set -- --header "Authorization: Bearer ${TOKEN}"',
      'set -- "$@" --silent --request POST',
      'curl "$@" "${url}"',
      'list="https://tfe.example.com/api/v2/organizations/${org}/registry-modules"',
      'set -- -H "Authorization: Bearer ${TOKEN}" --data @module.json',
      'curl "$@" "${list}"',
      'send() {',
      '  curl -s "$@" "https://tfe.example.com/api/v2/organizations/${org}/registry-providers"',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(text), [
      '1 endpoint POST /workspaces/:workspace_id/actions/safe-delete',
      '4 endpoint POST /workspaces/:workspace_id/actions/safe-delete',
      '5 endpoint POST /organizations/:organization_name/registry-modules',
      '7 endpoint POST /organizations/:organization_name/registry-modules',
      // the function's own "$@": not the `--data` of the list above it, curl's default
      '9 endpoint GET /organizations/:organization_name/registry-providers',
    ]);
  });

  it("a curl in another language's string continues its lines with a doubled backslash", () => {
    const text = [
      'def publish(String org, String token) {',
      '  sh """#!/bin/bash',
      '    curl -s -f -H "Authorization: Bearer ${token}" \\\\',
      '         -d @"payload.json" \\\\',
      '         https://tfe.example.com/api/v2/organizations/${org}/registry-modules \\\\',
      '         -o out.json',
      '  """',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(text, languageOfFile('Jenkinsfile') ?? 'groovy'), [
      '5 endpoint POST /organizations/:organization_name/registry-modules',
    ]);
  });

  it("a body flag whose string spans lines after the URL (`--data '{` …) still means POST", () => {
    const text = [
      "curl --location 'https://tfe.example.com/api/v2/organizations/acme/registry-providers' \\",
      '--header "Authorization: Bearer $TOKEN" \\',
      "--data '{",
      '  "data": {"type": "registry-providers"}',
      "}'",
      'out=$(curl -s "https://tfe.example.com/api/v2/organizations/acme/registry-modules" \\',
      '--data "{',
      '  \\"data\\": {\\"type\\": \\"registry-modules\\"}',
      '}")',
    ].join('\n');
    assert.deepEqual(endpoints(text), [
      '1 endpoint POST /organizations/:organization_name/registry-providers',
      '6 endpoint POST /organizations/:organization_name/registry-modules',
    ]);
  });

  it('the flags above a here-document in a `--data "$(cat <<EOF` word count for the URL after it', () => {
    const text = [
      'API="https://tfe.example.com/api/v2"',
      'create() {',
      '  curl -sS "${AUTH[@]}" \\',
      '    --request POST \\',
      '    --data "$(cat <<EOF',
      '{ "data": { "type": "registry-modules" } }',
      'EOF',
      ')" \\',
      '    "$API/organizations/${ORG}/registry-modules"',
      '}',
      'cat <<EOF > body.json',
      '{}',
      'EOF',
      'curl -s "$API/organizations/${ORG}/registry-modules/private/${ORG}/${NAME}/${PROVIDER}"',
    ].join('\n');
    assert.deepEqual(endpoints(text), [
      '9 endpoint POST /organizations/:organization_name/registry-modules',
      '14 endpoint GET /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name/:provider',
    ]);
  });
});

describe("history: a jq read of a loop's item of a response's data, a jq payload after a `\\` continuation", () => {
  const keys = (text: string): string[] =>
    scanText(text, { languageId: 'shellscript' })
      .filter((m) => m.subject.type === 'attribute')
      .map((m) => `${m.line} ${m.subject.id}`);

  it("`echo \"$r\" | jq -c '.data[]' | while read -r p` and `for p in $(…)`: p's keys are the response's resource's", () => {
    const text = [
      'projects=$(curl -s -H "$AUTH" \\',
      '  "https://$TFE/api/v2/organizations/$ORG/projects")',
      'echo "$projects" | jq -c \'.data[]\' | while read -r project; do',
      '  name=$(echo "$project" | jq -r \'.attributes.name\')',
      'done',
      'for ws in $(jq -c \'.data[]\' <<< "$projects"); do',
      '  echo "$ws" | jq -r \'.attributes.description\'',
      'done',
    ].join('\n');
    assert.deepEqual(keys(text), ['4 attribute projects name', '7 attribute projects description']);
  });

  it('another list than the items of data, or a loop over a literal, says nothing', () => {
    const text = [
      'projects=$(curl -s -H "$AUTH" "https://$TFE/api/v2/organizations/$ORG/projects")',
      'echo "$projects" | jq -c \'.included[]\' | while read -r item; do',
      '  echo "$item" | jq -r \'.attributes.name\'',
      'done',
      'for item in a b c; do',
      '  echo "$item" | jq -r \'.attributes.name\'',
      'done',
    ].join('\n');
    assert.deepEqual(keys(text), []);
  });

  it('a jq -n program opened on the line after the `\\` that continues its command', () => {
    const text = [
      'payload=$(jq -n --arg name "$org" --arg description "from ${SRC}/${ORG}" \\',
      "    '{",
      '  data: {',
      '    attributes: {',
      '      name: $name,',
      '      description: $description',
      '    },',
      '    type: "projects"',
      '  }',
      "}')",
      'curl -s -X POST --data "$payload" "https://$TFE/api/v2/organizations/$ORG/projects"',
    ].join('\n');
    assert.deepEqual(keys(text), ['5 attribute projects name', '6 attribute projects description']);
  });
});
