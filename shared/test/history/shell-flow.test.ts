// The shell family's value flow (shell-flow.ts): a variable the text assigns once holds one URL wherever it is
// used, so every command that sends it whole says a method of that URL, however far below; a variable assigned
// twice, a use that extends the URL or passes it as data, says nothing more (made-up snippets).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';
import { Lines } from '../../src/history/lines.ts';
import { type ShellFlow, shellFlow } from '../../src/history/shell-flow.ts';

const endpoints = (text: string, languageId: string): string[] =>
  scanText(text, { languageId })
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

const filler = (n: number, line: string): string[] => Array.from({ length: n }, () => line);
const PROVIDERS = '/organizations/:organization_name/registry-providers';

describe('history: every command that sends a variable assigned a URL once', () => {
  it('PowerShell: a URL read, then created far below, commands over backtick-continued lines', () => {
    const text = [
      '$providersUri = "$tfeUrl/api/v2/organizations/$Organization/registry-providers"',
      '$list = Invoke-RestMethod `',
      '    -Uri $providersUri `',
      '    -Method GET `',
      '    -Headers $headers',
      ...filler(30, 'Write-Output "checking $provider"'),
      'if (-not $found) {',
      '    $created = Invoke-RestMethod `',
      '        -Uri $providersUri `',
      '        -Method POST `',
      '        -Headers $headers `',
      '        -Body $payload',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'powershell'), [`1 endpoint GET ${PROVIDERS}`, `1 endpoint POST ${PROVIDERS}`]);
  });

  it('bash: curl reads it, and POSTs it forty lines below', () => {
    const text = [
      'PROVIDERS_URL="https://app.terraform.io/api/v2/organizations/${ORG}/registry-providers"',
      'existing=$(curl -sS -H "Authorization: Bearer $TOKEN" "$PROVIDERS_URL" | jq -r ".data[].attributes.name")',
      ...filler(40, 'echo "$existing"'),
      'curl -sS -X POST -H "Content-Type: application/vnd.api+json" -d @provider.json "$PROVIDERS_URL"',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'shellscript'), [`1 endpoint GET ${PROVIDERS}`, `1 endpoint POST ${PROVIDERS}`]);
  });

  it('a variable assigned twice may hold either URL at a far use: only its first send counts', () => {
    const text = [
      'URL="https://app.terraform.io/api/v2/organizations/${ORG}/registry-providers"',
      'curl -sS "$URL"',
      ...filler(20, 'echo "$URL"'),
      'URL="https://app.terraform.io/api/v2/organizations/${ORG}/registry-modules"',
      'curl -sS -X POST -d @m.json "$URL"',
    ].join('\n');
    assert.ok(!endpoints(text, 'shellscript').includes(`1 endpoint POST ${PROVIDERS}`));
  });

  it('a use that extends the URL or passes it as data is another value, not a send of it', () => {
    const text = [
      'URL="https://app.terraform.io/api/v2/organizations/${ORG}/registry-providers"',
      'curl -sS "$URL"',
      ...filler(20, 'echo "$URL"'),
      'curl -sS -X POST -d @v.json "$URL/private/$ORG/$NAME/versions"',
      'curl -sS -X POST -d "$URL" https://example.com/hook',
    ].join('\n');
    assert.deepEqual(
      endpoints(text, 'shellscript').filter((e) => e.startsWith('1 ')),
      [`1 endpoint GET ${PROVIDERS}`],
    );
  });
});

describe('history: a shell word that opens with a variable holding a URL is that URL extended', () => {
  const VERSIONS = '/organizations/:organization_name/registry-providers/:registry_name/:namespace/:name/versions';

  it('Jenkins: `def registryUrl = "…"` then `sh """curl -X POST ${registryUrl}/private/…/versions"""`', () => {
    const text = [
      'pipeline {',
      '  stages {',
      "    stage('publish') {",
      '      steps {',
      '        script {',
      '          def registryUrl = "https://app.terraform.io/api/v2/organizations/${org}/registry-providers"',
      '          sh """curl -sS -X POST -H \'Content-Type: application/vnd.api+json\' -d @version.json ${registryUrl}/private/${org}/${name}/versions"""',
      '        }',
      '      }',
      '    }',
      '  }',
      '}',
    ].join('\n');
    // The base itself is only extended: its own line claims no endpoint.
    assert.deepEqual(endpoints(text, 'groovy'), [`7 endpoint POST ${VERSIONS}`]);
  });

  it('bash: an unquoted `${URL}/versions/$v` is the version; the variable extended is no send of its own URL', () => {
    const text = [
      'PROVIDER_URL="https://app.terraform.io/api/v2/organizations/$ORG/registry-providers/private/$ORG/$NAME"',
      'curl -sS -X DELETE -H "Authorization: Bearer $TOKEN" ${PROVIDER_URL}/versions/$VERSION',
      'curl -sS -X POST -d @version.json ${PROVIDER_URL}/versions',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'shellscript'), [
      `2 endpoint DELETE ${VERSIONS}/:version`,
      `3 endpoint POST ${VERSIONS}`,
    ]);
  });
});

describe('history: what a variable holds in the shell family (Makefile, CI variables, export), read at its use', () => {
  const VERSIONS = '/organizations/:organization_name/registry-providers/:registry_name/:namespace/:name/versions';

  it('Makefile: `API := …` and a variable built from it, extended in recipes', () => {
    const text = [
      'ORG_API := https://app.terraform.io/api/v2/organizations/acme',
      'PROVIDER ?= $(ORG_API)/registry-providers/private/acme/aws',
      'clean:',
      '\tcurl -X DELETE -H "Authorization: Bearer $(TOKEN)" $(PROVIDER)/versions/$(VERSION)',
      'publish:',
      '\t@curl -sS -X POST -d @version.json $(PROVIDER)/versions',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'makefile'), [
      `4 endpoint DELETE ${VERSIONS}/:version`,
      `6 endpoint POST ${VERSIONS}`,
    ]);
  });

  it("GitLab CI: a base under `variables:`, the job's script extends it", () => {
    const text = [
      'variables:',
      '  PROVIDER_URL: "https://app.terraform.io/api/v2/organizations/${TFE_ORG}/registry-providers/private/${TFE_ORG}/${NAME}"',
      'publish:',
      '  stage: deploy',
      '  script:',
      '    - curl -sS -X POST -H "Authorization: Bearer $TFE_TOKEN" -d @v.json "${PROVIDER_URL}/versions"',
      '    - curl -sS -X DELETE "$PROVIDER_URL/versions/$OLD_VERSION"',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'yaml'), [
      `6 endpoint POST ${VERSIONS}`,
      `7 endpoint DELETE ${VERSIONS}/:version`,
    ]);
  });

  it('bash: `export X=…` unquoted, and a default (`X="${X:-…}"`)', () => {
    const text = [
      'export ORG_URL=https://app.terraform.io/api/v2/organizations/$TFE_ORG',
      'PROVIDER_URL="${PROVIDER_URL:-$ORG_URL/registry-providers/private/$TFE_ORG/$NAME}"',
      'curl -sS -X POST -d @version.json "$PROVIDER_URL/versions"',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'shellscript'), [`3 endpoint POST ${VERSIONS}`]);
  });

  it('two jobs that give the variable two values: unknown, nothing said', () => {
    const text = [
      'build:',
      '  variables:',
      '    PROVIDER_URL: "https://app.terraform.io/api/v2/organizations/acme/registry-providers/private/acme/aws"',
      '  script:',
      '    - curl -sS -X POST -d @v.json "${PROVIDER_URL}/versions"',
      'other:',
      '  variables:',
      '    PROVIDER_URL: "https://app.terraform.io/api/v2/organizations/acme/registry-modules/private/acme/vpc"',
      '  script:',
      '    - echo done',
    ].join('\n');
    // (Line 8's own URL is read as written, as before: only the script's use is in question.)
    assert.deepEqual(
      endpoints(text, 'yaml').filter((e) => e.startsWith('5 ')),
      [],
    );
  });
});

describe('history: every command that sends a CI variable or a Makefile variable holding a URL', () => {
  it("GitLab CI: a `variables:` key read and created by the job's script", () => {
    const text = [
      'variables:',
      '  PROVIDERS_URL: "https://app.terraform.io/api/v2/organizations/${TFE_ORG}/registry-providers"',
      'publish:',
      '  script:',
      '    - curl -sS -H "Authorization: Bearer $TFE_TOKEN" "$PROVIDERS_URL"',
      '    - curl -sS -X POST -d @provider.json "$PROVIDERS_URL"',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'yaml'), [`2 endpoint GET ${PROVIDERS}`, `2 endpoint POST ${PROVIDERS}`]);
  });

  it('Makefile: `URL := …` sent whole by two recipes as `$(URL)`', () => {
    const text = [
      'PROVIDERS_URL := https://app.terraform.io/api/v2/organizations/$(ORG)/registry-providers',
      'list:',
      '\tcurl -sS $(PROVIDERS_URL)',
      'create:',
      '\tcurl -sS -X POST -d @provider.json $(PROVIDERS_URL)',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'makefile'), [`1 endpoint GET ${PROVIDERS}`, `1 endpoint POST ${PROVIDERS}`]);
  });
});

describe('history: the shell value flow on adversarial input (bounded work, no crash)', () => {
  it('a value of 130,000 references (390 KB) is not read, and the scan does not throw', () => {
    const url = 'https://app.terraform.io/api/v2';
    const huge = ['A4="' + url + '"', 'A3="' + '$A4'.repeat(130_000) + '"', 'A2="$A3"', 'curl -X POST "$A2/runs"'];
    const plain = ['A4="' + url + '"', 'A3="$A4"', 'A2="$A3"', 'curl -X POST "$A2/runs"'];
    assert.deepEqual(endpoints(huge.join('\n'), 'shellscript'), ['4 endpoint POST /runs']);
    assert.deepEqual(endpoints(plain.join('\n'), 'shellscript'), ['4 endpoint POST /runs']);
  });

  it('each variable is worked out once: four levels of k references cost about k, not k⁴', () => {
    // `A3="$A4$A4…"`, `A2="$A3$A3…"`, …: read without a memo, every path to A4 is read again (k=40: 2.5 million).
    const nested = (k: number): string => {
      const out = ['A4="https://app.terraform.io/api/v2/organizations/acme"'];
      for (let d = 3; d >= 0; d--) out.push(`A${d}="` + `$A${d + 1}`.repeat(k) + '"');
      out.push('curl -X POST "$A0/runs"');
      return out.join('\n');
    };
    const few = searches(() => scanText(nested(10), { languageId: 'shellscript' }));
    const many = searches(() => scanText(nested(40), { languageId: 'shellscript' }));
    assert.ok(many < 4 * few, `${many} searches for k=40 against ${few} for k=10`);
  });
});

/** How many regular expression executions a run makes (String.prototype.matchAll and RegExp.exec alike). */
function searches(run: () => unknown): number {
  const original = Object.getOwnPropertyDescriptor(RegExp.prototype, 'exec')!;
  const exec = original.value as (this: RegExp, s: string) => RegExpExecArray | null;
  let count = 0;
  Object.defineProperty(RegExp.prototype, 'exec', {
    ...original,
    value: function (this: RegExp, s: string): RegExpExecArray | null {
      count++;
      return exec.call(this, s);
    },
  });
  try {
    run();
  } finally {
    Object.defineProperty(RegExp.prototype, 'exec', original);
  }
  return count;
}

describe('history: uses of a variable that send nothing (review findings 7a, c, d, f)', () => {
  const AWS = '/organizations/:organization_name/registry-providers/:registry_name/:namespace/:name';
  const URL = 'https://app.terraform.io/api/v2/organizations/acme/registry-providers/private/acme/aws';

  it('a commented command, in a script and in a YAML `run: |` block, is no DELETE', () => {
    const script = [`url="${URL}"`, 'curl -s "$url"', '# To remove it:', '#   curl -s -X DELETE "$url"'].join('\n');
    assert.deepEqual(endpoints(script, 'shellscript'), [`1 endpoint GET ${AWS}`]);
    const workflow = [
      'jobs:',
      '  check:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: |',
      `          url="${URL}"`,
      '          curl -s "$url"',
      '          # curl -X DELETE "$url"',
    ].join('\n');
    assert.deepEqual(endpoints(workflow, 'yaml'), [`6 endpoint GET ${AWS}`]);
  });

  it('a command only shown: GitLab\'s `- echo "… curl -X DELETE $X"`, a recipe\'s `@echo`', () => {
    const gitlab = [
      'variables:',
      `  PROVIDER_URL: "${URL}"`,
      'check:',
      '  script:',
      '    - curl -s "$PROVIDER_URL"',
      '    - echo "run manually: curl -X DELETE $PROVIDER_URL"',
    ].join('\n');
    assert.deepEqual(endpoints(gitlab, 'yaml'), [`2 endpoint GET ${AWS}`]);
    const make = [`URL := ${URL}`, 'check:', '\tcurl -s $(URL)', '\t@echo "to remove: curl -X DELETE $(URL)"'].join(
      '\n',
    );
    assert.deepEqual(endpoints(make, 'makefile'), [`1 endpoint GET ${AWS}`]);
  });

  it('a function whose `local url="$1"; …` (after `{`) holds another value is no send of the module URL', () => {
    const text = [`url="${URL}"`, 'curl -s "$url"', 'remove() { local url="$1"; curl -s -X DELETE "$url"; }'].join(
      '\n',
    );
    assert.deepEqual(endpoints(text, 'shellscript'), [`1 endpoint GET ${AWS}`]);
  });
});

describe("history: a here-document's text runs nothing; one fed to a shell runs (review finding 7b)", () => {
  const AWS = '/organizations/:organization_name/registry-providers/:registry_name/:namespace/:name';
  const URL = 'https://app.terraform.io/api/v2/organizations/acme/registry-providers/private/acme/aws';

  it('`cat <<MSG` … `curl -X DELETE "$url"` … `MSG`, in a script and in a workflow step, is no DELETE', () => {
    const script = [`url="${URL}"`, 'curl -s "$url"', 'cat <<MSG', 'To remove it:', '  curl -X DELETE "$url"', 'MSG'];
    assert.deepEqual(endpoints(script.join('\n'), 'shellscript'), [`1 endpoint GET ${AWS}`]);
    const workflow = [
      'jobs:',
      '  check:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: |',
      `          url="${URL}"`,
      '          curl -s "$url"',
      '          cat >> "$GITHUB_STEP_SUMMARY" <<-\'EOF\'',
      '          remove with: curl -X DELETE "$url"',
      '          EOF',
    ];
    assert.deepEqual(endpoints(workflow.join('\n'), 'yaml'), [`6 endpoint GET ${AWS}`]);
  });

  it('the same text fed to a shell (`ssh host bash -s <<EOF`) is commands: its DELETE counts', () => {
    const script = [
      `url="${URL}"`,
      'curl -s "$url"',
      'ssh deploy@host bash -s <<EOF',
      '  curl -X DELETE "$url"',
      'EOF',
    ];
    assert.deepEqual(endpoints(script.join('\n'), 'shellscript'), [
      `1 endpoint GET ${AWS}`,
      `1 endpoint DELETE ${AWS}`,
    ]);
  });
});

describe('history: a CI step or job runs its own shell: a value it assigns is not read by another (review finding 7e)', () => {
  const AWS = '/organizations/:organization_name/registry-providers/:registry_name/:namespace/:name';
  const URL = 'https://app.terraform.io/api/v2/organizations/acme/registry-providers/private/acme/aws';

  it("GitHub: another step's `$url` comes from its own `env: url: ${{ inputs.target }}`: no DELETE", () => {
    const workflow = [
      'on: workflow_dispatch',
      'jobs:',
      '  check:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: |',
      `          url="${URL}"`,
      '          curl -s "$url"',
      '      - env:',
      '          url: ${{ inputs.target }}',
      '        run: curl -X DELETE "$url"',
    ];
    assert.deepEqual(endpoints(workflow.join('\n'), 'yaml'), [`7 endpoint GET ${AWS}`]);
  });

  it("GitLab: another job's `curl -X DELETE $URL` is not the first job's value; `before_script` and a workflow's env are seen by all", () => {
    const gitlab = [
      'check:',
      '  script:',
      `    - export URL="${URL}"`,
      '    - curl -s "$URL"',
      'remove:',
      '  script:',
      '    - curl -X DELETE "$URL"',
    ];
    assert.deepEqual(endpoints(gitlab.join('\n'), 'yaml'), [`3 endpoint GET ${AWS}`]);
    const shared = ['before_script:', `  - export URL="${URL}"`, 'remove:', '  script:', '    - curl -X DELETE "$URL"'];
    assert.deepEqual(endpoints(shared.join('\n'), 'yaml'), [`2 endpoint DELETE ${AWS}`]);
    const github = [
      'env:',
      `  PROVIDER: "${URL}"`,
      'jobs:',
      '  a:',
      '    steps:',
      '      - run: curl -s "$PROVIDER"',
      '  b:',
      '    steps:',
      '      - run: curl -X DELETE "$PROVIDER"',
    ];
    assert.deepEqual(endpoints(github.join('\n'), 'yaml'), [`2 endpoint GET ${AWS}`, `2 endpoint DELETE ${AWS}`]);
  });

  it("a job's `env:` is seen by its steps, not by another job's", () => {
    const workflow = [
      'jobs:',
      '  a:',
      '    env:',
      `      PROVIDER: "${URL}"`,
      '    steps:',
      '      - run: curl -s "$PROVIDER"',
      '  b:',
      '    steps:',
      '      - run: curl -X DELETE "$PROVIDER"',
    ];
    assert.deepEqual(endpoints(workflow.join('\n'), 'yaml'), [`4 endpoint GET ${AWS}`]);
  });
});

describe('history: the value flow kept per scan is the one its arguments ask for (review v1, item 7)', () => {
  it('a text read as a script, then as YAML, on one Lines: the second reading scopes by step', () => {
    const text = [
      'jobs:',
      '  check:',
      '    steps:',
      '      - run: |',
      '          url="https://app.terraform.io/api/v2/organizations/acme/registry-providers/private/acme/aws"',
      '          curl -s "$url"',
      '      - run: curl -X DELETE "$url"',
    ].join('\n');
    const methods = (flow: ShellFlow): string[] => flow.sends('url', 4).map((t) => t.method);
    const lines = new Lines(text);
    assert.deepEqual(methods(shellFlow(text, lines, false, false)), ['GET', 'DELETE']);
    assert.deepEqual(methods(shellFlow(text, lines, false, true)), ['GET']);
    assert.deepEqual(methods(shellFlow(text, new Lines(text), false, true)), ['GET']);
  });
});
