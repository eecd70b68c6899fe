// A file's language, decided in one place (`languageOf`) for every face: a script without an
// extension is read in the language its shebang names, so its curl commands are commands (the
// method read as curl reads it) and its strings and comments are the shell's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { languageOf, languageOfShebang, scanProject, scanText } from '@keyfob/shared/history';

const SCRIPT = [
  '#!/bin/sh',
  '# generate - list the projects of an organization',
  'project_ids="$(',
  '  curl "$@" https://app.terraform.io/api/v2/organizations/"${organization_name}"/projects |',
  "    jq -r '.data[].id'",
  ')"',
  'curl -X DELETE "https://app.terraform.io/api/v2/workspaces/${workspace_id}/relationships/tags"',
].join('\n');

const EXPECTED = [
  '4 endpoint GET /organizations/:organization_name/projects <>',
  '7 endpoint DELETE /workspaces/:workspace_id/relationships/tags <DELETE>',
];

const endpoints = (matches: readonly { line: number; subject: { id: string }; method?: { text: string } }[]) =>
  matches
    .filter((m) => m.subject.id.startsWith('endpoint '))
    .map((m) => `${m.line} ${m.subject.id} <${m.method?.text ?? ''}>`);

describe('history: the language of a file without a known extension is its shebang’s', () => {
  it('reads the interpreter from the first line only', () => {
    const cases: [string, string | undefined][] = [
      ['#!/bin/bash\necho', 'shellscript'],
      ['#!/bin/sh', 'shellscript'],
      ['#! /usr/bin/env zsh\r\n', 'shellscript'],
      ['#!/usr/bin/env python3\n', 'python'],
      ['#!/usr/bin/python3.11 -u\n', 'python'],
      ['#!/usr/bin/env node\n', 'javascript'],
      ['#!/usr/bin/env -S node --no-warnings\n', 'javascript'],
      ['#!/usr/bin/env pwsh\n', 'powershell'],
      ['#!/usr/bin/env awk -f\n', undefined],
      ['\n#!/bin/bash\n', undefined],
      ['echo "#!/bin/bash"', undefined],
      [`#!/usr/bin/${'x'.repeat(300)}bash\n`, undefined],
    ];
    for (const [text, expected] of cases) assert.equal(languageOfShebang(text), expected, JSON.stringify(text));
  });

  it('the name decides first, then the shebang; an editor’s own language wins except plain text', () => {
    assert.equal(languageOf({ fileName: 'bin/deploy', text: '#!/bin/bash\n' }), 'shellscript');
    assert.equal(languageOf({ fileName: 'deploy.py', text: '#!/bin/bash\n' }), 'python');
    assert.equal(languageOf({ fileName: 'bin/deploy', text: 'curl x\n' }), undefined);
    assert.equal(languageOf({ languageId: 'python', fileName: 'bin/deploy', text: '#!/bin/bash\n' }), 'python');
    assert.equal(languageOf({ languageId: 'plaintext', fileName: 'bin/deploy', text: '#!/bin/bash\n' }), 'shellscript');
    // Plain text from an editor is what the CLI decides for the file: a language the matcher has no profile for
    // (`.cr`) is read the same by both faces, a `.txt` stays plain text.
    for (const fileName of ['src/app.cr', 'notes.txt', 'bin/deploy', 'LICENSE'])
      assert.equal(
        languageOf({ languageId: 'plaintext', fileName, text: 'x = 1\n' }),
        languageOf({ fileName, text: 'x = 1\n' }),
        fileName,
      );
    assert.equal(languageOf({ languageId: 'plaintext', fileName: 'notes.txt', text: '' }), 'plaintext');
    // Neovim's `sh` is no id the matcher knows: the file tells.
    assert.equal(languageOf({ languageId: 'sh', fileName: 'bin/deploy', text: '#!/bin/bash\n' }), 'shellscript');
  });

  it('scanText reads a script without an extension as shell: plain curl is GET, -X DELETE is DELETE', () => {
    assert.deepEqual(endpoints(scanText(SCRIPT, { fileName: '.local/bin/generate_locals_imports' })), EXPECTED);
    assert.deepEqual(endpoints(scanText(SCRIPT, { languageId: 'plaintext', fileName: 'generate' })), EXPECTED);
  });

  it('the project scan (the CLI’s folder scan, the editors’ project read) reads it the same way', () => {
    const [file] = scanProject([{ text: SCRIPT, fileName: '.local/bin/generate_locals_imports' }]);
    assert.deepEqual(endpoints(file ?? []), EXPECTED);
  });
});
