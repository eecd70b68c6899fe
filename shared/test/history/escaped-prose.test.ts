// A URL written in escaped quotes inside a string literal (`\"…\"`) is a URL of its own only where the literal is
// JSON (a body, a saved answer: `"{\"links\": {\"self\": \"https://…\"}}"`) or a command it runs (`"curl … \"…\""`).
// In prose (a package description, an error message, a help text) the quoted URL is shown, not sent: review v2 of
// session 22, item 2. Made-up files; each prose case reported `endpoint POST /runs` before.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const found = (text: string, fileName: string): string[] =>
  scanText(text, { fileName }).map((m) => `${m.line} ${m.subject.id}`);

describe('history: a URL quoted in prose inside a string', () => {
  it('a package description, a Go help text, a TS doc string, a Python error: nothing', () => {
    const json = [
      '{',
      '  "name": "run-notify",',
      '  "description": "Posts to chat when \\"https://app.terraform.io/api/v2/runs\\" reports a run"',
      '}',
    ].join('\n');
    assert.deepEqual(found(json, 'package.json'), []);
    const go =
      'func help() string {\n\treturn "set TFE_URL to \\"https://app.terraform.io/api/v2/runs\\" or your own host"\n}';
    assert.deepEqual(found(go, 'help.go'), []);
    const ts = 'export const DOC = \'Runs start with "POST \\"/api/v2/runs\\"" in the API docs\';';
    assert.deepEqual(found(ts, 'doc.ts'), []);
    const py = 'raise RuntimeError("could not POST \\"/api/v2/runs\\" for %s" % ws_id)';
    assert.deepEqual(found(py, 'errors.py'), []);
  });

  it('the same URL as a JSON value in the string, or a word of a curl command in it, is read', () => {
    const go = [
      'const body = "{\\n  \\"callback\\": \\"https://app.terraform.io/api/v2/runs\\"\\n}"',
      'const list = "[\\"https://app.terraform.io/api/v2/runs\\"]"',
    ].join('\n');
    assert.deepEqual(found(go, 'fixture.go'), ['1 endpoint POST /runs', '2 endpoint POST /runs']);
    // code written in a string (a notebook cell, a generated script): a call's argument, an assignment
    const cell = '    "resp = requests.post(\\"https://app.terraform.io/api/v2/runs\\", json=payload)\\n",';
    assert.deepEqual(found(cell, 'nb.ipynb'), ['1 endpoint POST /runs']);
    const script = 'SCRIPT = "import requests\\nurl = \\"https://app.terraform.io/api/v2/runs\\"\\n"';
    assert.deepEqual(found(script, 'gen.py'), ['1 endpoint POST /runs']);
    const yaml = 'command: "curl -s -X POST \\"$TFE/api/v2/runs\\" -d @run.json"';
    assert.deepEqual(found(yaml, 'orb.yml'), ['1 endpoint POST /runs']);
  });
});
