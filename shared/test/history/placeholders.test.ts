// A piece of a written-out URL path whose value is not known, in ANY template syntax (placeholders.ts), is one
// segment's value: the path goes on after it, and is never read cut short at it (`…/workspaces/<%=` is no workspace
// GET). Made-up snippets of each tool's usual shape; each case checks the full endpoint and that no shorter one is
// reported. `/workspaces/{x}/vars` has no history: only a path cut short there would report anything.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';
import { placeholderEnd } from '../../src/history/placeholders.ts';

const endpoints = (text: string, fileName: string): string[] =>
  scanText(text, { fileName })
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

const API = 'https://app.terraform.io/api/v2';
const LIST = 'endpoint GET /organizations/:organization_name/workspaces';

/** The organization's workspaces with `org` in its place (read whole), and a workspace's vars with `ws` (nothing). */
function both(
  make: (path: string) => string,
  fileName: string,
  org: string,
  ws: string,
): { list: string[]; vars: string[] } {
  return {
    list: endpoints(make(`${API}/organizations/${org}/workspaces`), fileName),
    vars: endpoints(make(`${API}/workspaces/${ws}/vars`), fileName),
  };
}

describe('history: a placeholder of any template syntax inside a written-out path', () => {
  it('the one reader: where each syntax starts and ends (spaces inside brackets are part of it)', () => {
    const cases: [string, string][] = [
      ['{{ x }}/', '{{ x }}'],
      ['${{ inputs.ws }}/', '${{ inputs.ws }}'],
      ['${x}/', '${x}'],
      ['$(x)/', '$(x)'],
      ['$($w.Id)/', '$($w.Id)'],
      ['$x/', '$x'],
      ['$[ variables.ws ]/', '$[ variables.ws ]'],
      ['%s/', '%s'],
      ['%(org)s/', '%(org)s'],
      ['%TFE_ORG%/', '%TFE_ORG%'],
      ['{}/', '{}'],
      ['{0}/', '{0}'],
      ['<x>/', '<x>'],
      ['<< parameters.x >>/', '<< parameters.x >>'],
      ['<%= @ws %>/', '<%= @ws %>'],
      ['#{ws}/', '#{ws}'],
      ['{$ws}/', '{$ws}'],
      ['@Model.Ws/', '@Model.Ws'],
      ['[ws]/', '[ws]'],
      ['[[ .ws ]]/', '[[ .ws ]]'],
      ['{{.Ws}}/', '{{.Ws}}'],
      // A double-brace expression going on on an indented line (a YAML folded scalar's `{{` then `  org }}`).
      ['{{\n      org }}/', '{{\n      org }}'],
    ];
    for (const [text, placeholder] of cases) assert.equal(placeholderEnd(text, 0), placeholder.length, text);
    // Not placeholders: a here-document's opener, a percent-encoding, a closing tag, one left open on its line.
    // (A double brace may go on on one indented line only: `{{ x\n  y\n  }}` is left open too.)
    for (const text of ['<<EOF', '%2F', '</a>', '{{ x\n}}', '{{ x\n  y\n  }}', '{ x\n  }', '$', '@_x'])
      assert.equal(placeholderEnd(text, 0), -1, text);
  });

  it("ERB (Chef, Puppet templates): `<%= @org %>` is one value, not the path's end", () => {
    const sh = (url: string) => ['#!/bin/sh', `curl -s -H "Authorization: Bearer <%= @token %>" ${url}`].join('\n');
    assert.deepEqual(both(sh, 'templates/list.sh.erb', '<%= @org %>', '<%= @workspace_id %>'), {
      list: [`2 ${LIST}`],
      vars: [],
    });
    const quoted = (url: string) => `curl -s "${url}"`;
    assert.deepEqual(both(quoted, 'list.sh.erb', '<%= @org %>', '<% ws %>'), {
      list: [`1 ${LIST}`],
      vars: [],
    });
  });

  it("Nomad/Levant `[[ .x ]]` and Azure Pipelines' runtime `$[ variables.x ]`", () => {
    const nomad = (url: string) =>
      [
        'job "sync" {',
        '  task "t" {',
        '    config {',
        `      args = ["-c", "curl -s ${url}"]`,
        '    }',
        '  }',
        '}',
      ].join('\n');
    assert.deepEqual(both(nomad, 'sync.nomad', '[[ .org ]]', '[[ .workspace_id ]]'), {
      list: [`4 ${LIST}`],
      vars: [],
    });
    const azure = (url: string) => ['steps:', '- script: |', `    curl -s ${url}`].join('\n');
    assert.deepEqual(both(azure, 'azure-pipelines.yml', '$[ variables.org ]', '$[ variables.ws ]'), {
      list: [`3 ${LIST}`],
      vars: [],
    });
  });

  it('the shell: a quote closed and reopened around a name is one word, one path', () => {
    const dq = (org: string) => `curl -s "${API}/organizations/"${org}"/workspaces"`;
    assert.deepEqual(endpoints(dq('$ORG'), 'list.sh'), [`1 ${LIST}`]);
    assert.deepEqual(endpoints(`curl -s "${API}/workspaces/"$WS"/vars"`, 'vars.sh'), []);
    assert.deepEqual(endpoints(`curl -s '${API}/organizations/'"$ORG"'/workspaces'`, 'list.sh'), [`1 ${LIST}`]);
    assert.deepEqual(endpoints(`curl -s '${API}/workspaces/'"$WS"'/vars'`, 'vars.sh'), []);
    // A GitLab job's script is the same shell.
    const gitlab = ['plan:', '  script:', `    - curl -s "${API}/organizations/"\${CI_ORG}"/workspaces"`].join('\n');
    assert.deepEqual(endpoints(gitlab, '.gitlab-ci.yml'), [`3 ${LIST}`]);
  });

  it("Jenkins Groovy: a `sh` script's pieces joined with `+` (`'''…''' + ws + '''…'''`, `\"…\" + id + \"…\"`)", () => {
    const triple = (head: string, name: string, tail: string) =>
      ['node {', "  sh '''", `    curl -s ${head}''' + ${name} + '''${tail}`, "  '''", '}'].join('\n');
    assert.deepEqual(endpoints(triple(`${API}/organizations/`, 'org', '/workspaces'), 'Jenkinsfile'), [`3 ${LIST}`]);
    assert.deepEqual(endpoints(triple(`${API}/workspaces/`, 'env.WS', '/vars'), 'Jenkinsfile'), []);
    const dq = (head: string, tail: string) => ['node {', `  sh "curl -s ${head}" + org + "${tail}"`, '}'].join('\n');
    assert.deepEqual(endpoints(dq(`${API}/organizations/`, '/workspaces'), 'Jenkinsfile'), [`2 ${LIST}`]);
    assert.deepEqual(endpoints(dq(`${API}/workspaces/`, '/vars'), 'Jenkinsfile'), []);
  });

  it('guard: the syntaxes read before this reader (CircleCI, GitHub, Ansible, Go, Python, PowerShell, batch, Ruby, Lua)', () => {
    const shell = (url: string) => `curl -s ${url}`;
    const rows: [(url: string) => string, string, string, string][] = [
      [
        (u) => `steps:\n  - run:\n      command: |\n        curl -s ${u}`,
        'orb.yml',
        '<< parameters.org >>',
        '<<pipeline.id>>',
      ],
      [
        (u) => `jobs:\n  a:\n    steps:\n      - run: curl -s ${u}`,
        '.github/workflows/a.yml',
        '${{ inputs.org }}',
        '${{ env.WS }}',
      ],
      [(u) => `- uri:\n    url: "${u}"\n    method: GET`, 'tasks/main.yml', '{{ tfe_org }}', '{{ ws | urlencode }}'],
      [(u) => `#!/bin/sh\ncurl -s "${u}"`, 'list.sh.tmpl', '{{.Org}}', '{{ .Ws }}'],
      [(u) => `import requests\nr = requests.get("${u}" % d)`, 'list.py', '%(org)s', '%(ws)s'],
      [(u) => `Invoke-RestMethod -Uri "${u}" -Headers $h`, 'list.ps1', '$($cfg.Org)', '$($w.Id)'],
      [shell, 'list.bat', '%TFE_ORG%', '%WS%'],
      [(u) => `resp = Net::HTTP.get(URI("${u}"))`, 'list.rb', '#{org}', '#{ws}'],
      [(u) => `local r = http.get(string.format("${u}", org))`, 'list.lua', '%s', '%s'],
      [shell, 'list.sh', 'org-$ORG', 'ws-${WS}'],
    ];
    for (const [make, file, org, ws] of rows) {
      const { list, vars } = both(make, file, org, ws);
      assert.equal(list.length, 1, `${file}: ${list.join(', ')}`);
      assert.ok(list[0]?.endsWith(LIST), `${file}: ${list[0]}`);
      assert.deepEqual(vars, [], file);
    }
  });

  it('one left open on each of many lines (reviewer v1 item 1, er20000.sh): each line read alone, the close looked for on it', () => {
    // The reader looks for `%>`/`>>`/`]]` only up to the line's end or PLACEHOLDER_MAX: on main it searched the whole
    // rest of the text first (20,000 lines: 1.8 s against 0.2 s; the time is the bench's, this checks the answers).
    const lines = Array.from({ length: 20000 }, (_, i) => `curl -s ${API}/projects/<%= x${i}`);
    const text = ['#!/bin/sh', ...lines, 'echo %> >> ]]'].join('\n');
    let at = text.indexOf('<%=');
    let open = 0;
    for (; at !== -1; at = text.indexOf('<%=', at + 1)) if (placeholderEnd(text, at) === -1) open++;
    assert.equal(open, 20000);
    const found = endpoints(text, 'er.sh');
    assert.equal(found.length, 20000);
    assert.ok(found.every((m) => m.endsWith('endpoint GET /projects/:project_id')));
    // The bound: a close PLACEHOLDER_MAX characters on is read, one further is not; nor one on the next line.
    for (const [open2, close] of [
      ['<%', '%>'],
      ['<< ', '>>'],
      ['[[', ']]'],
    ] as const) {
      const within = `${open2}${'x'.repeat(120 - open2.length + 2)}${close}/`;
      const beyond = `${open2}${'x'.repeat(121 - open2.length + 2)}${close}/`;
      assert.equal(placeholderEnd(within, 0), within.length - 1, within);
      assert.equal(placeholderEnd(beyond, 0), -1, beyond);
      assert.equal(placeholderEnd(`${open2} x\n${close}/`, 0), -1, open2);
      assert.equal(placeholderEnd(`${open2} x ${close}`, 0), open2.length + 3 + close.length, open2);
    }
  });
});
