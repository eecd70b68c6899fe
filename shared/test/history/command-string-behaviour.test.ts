// Two fixes that changed matches their commits called identical (review v1 of session 20, item 8; made-up clients, the
// reviewer's h1.py, h2.lua, k4.sh): a format template with escaped quotes (84603f86: `"curl … -H \"…\" {}".format(…)`
// is one string, read whole) and curl's flags read on curl's own command only (9e3cbb40: a command word alone on a line
// above a curl command is no wrapper given curl's flags). Each case fails on 7170721e.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const endpoints = (text: string, fileName: string): string[] =>
  scanText(text, { fileName })
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

describe('history: command strings with escaped quotes, wrappers on their own lines', () => {
  it('Python: a helper formatting an escaped-quote curl command sends GET, one with -X DELETE sends DELETE (h1.py)', () => {
    const text = [
      'import os',
      'BASE = "https://app.terraform.io/api/v2"',
      '',
      'def tfc(path):',
      '    url = BASE + path',
      '    os.system("curl -s -H \\"Authorization: Bearer {}\\" {}".format(TOKEN, url))',
      '',
      'def tfc_del(path):',
      '    url = BASE + path',
      '    os.system("curl -s -X DELETE -H \\"Authorization: Bearer {}\\" {}".format(TOKEN, url))',
      '',
      'tfc("/projects/prj-1")',
      'tfc_del("/projects/prj-2")',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'h1.py'), [
      '12 endpoint GET /projects/:project_id',
      '13 endpoint DELETE /projects/:project_id',
    ]);
  });

  it('Lua: the curl command sends GET; a DELETE inside an echoed string of another helper is not its method (h2.lua)', () => {
    const text = [
      'local BASE = "https://app.terraform.io/api/v2"',
      'local function tfc(path)',
      '  local url = BASE .. path',
      '  return os.execute(("curl -s -H \\"Authorization: Bearer %s\\" %s"):format(TOKEN, url))',
      'end',
      'local function show(path)',
      '  local url = BASE .. path',
      '  return os.execute(("echo \\"curl -X DELETE\\" %s"):format(url))',
      'end',
      'tfc("/projects/prj-1")',
      'show("/projects/prj-2")',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'h2.lua'), ['10 endpoint GET /projects/:project_id']);
  });

  it('shell: a command alone on a line above a curl -X POST is not given its flags, so its URL is no request (k4.sh)', () => {
    const text = [
      '#!/bin/sh',
      'cleanup',
      'curl -X POST -d @x.json "https://example.com/hook"',
      'cleanup "https://app.terraform.io/api/v2/projects/$Q"',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'k4.sh'), []);
  });
});
