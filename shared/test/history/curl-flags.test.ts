// A program some command of the text gives curl's method or body flags (`tfc_api -X DELETE "$U"`) is a wrapper of
// curl: its other calls with an API URL are requests (curl's default GET). The flag must be one, ended as curl's
// (shell-commands.ts CURL_FLAG), and an interpreter or a system tool is no wrapper (NOT_WRAPPER): reviewer v1
// item 7's k3.sh and c.sh (java -Xmx512m, ./deploy.sh -destroy, date -d, python notify.py -d x) report nothing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const endpoints = (lines: string[]): string[] =>
  scanText(lines.join('\n'), { fileName: 'x.sh' })
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

const URL = 'https://app.terraform.io/api/v2/projects';

describe("history: a curl wrapper is a program given curl's own flags", () => {
  it('k3.sh: options of other programs that start like a curl flag say nothing', () => {
    const k3 = [
      '#!/bin/sh',
      'TS=$(date -d "1 day ago" +%s)',
      `date "${URL}/$Q"`,
      './deploy.sh -destroy',
      `./deploy.sh "${URL}/$Q"`,
      'java -Xmx512m -jar tfc-cli.jar sync',
      `java -jar tfc-cli.jar "${URL}/$Q"`,
    ];
    assert.deepEqual(endpoints(k3), []);
  });

  it("c.sh: an interpreter given -d is no curl wrapper (its script's own option)", () => {
    const c = ['python notify.py -d x', `python notify.py "${URL}/$P"`, `echo "${URL}/$P"`];
    assert.deepEqual(endpoints(c), []);
  });

  it('right reports kept: -X METHOD, -XPOST, -d @file, --data-raw, --request-path= of a wrapper', () => {
    for (const flags of ['-X DELETE', '-XPOST', '-d @x.json', "-d'{}'", '--data-raw "$B"', '--request=PUT'])
      assert.deepEqual(
        endpoints(['#!/bin/sh', `U="${URL}/$P"`, `tfc_api ${flags} "$U"`, `tfc_api "${URL}/$Q"`]).at(-1),
        '4 endpoint GET /projects/:project_id',
        flags,
      );
    assert.deepEqual(endpoints(['#!/bin/sh', 'tfc_http --request-path="/x" --no-paginate', `tfc_http "${URL}/$Q"`]), [
      '3 endpoint GET /projects/:project_id',
    ]);
  });
});

// The method the code sends decides the endpoint: the history's alias under another method (`PUT /varsets/:varset_id`
// of its `PATCH`, `DELETE …/actions/safe-delete` of its `POST`) is never shown as the other method. Learned from held51
// (a script PUTting a variable set, reported as the PATCH) and held6 (a safe-delete sent with DELETE).
describe('history: a method the history has only as an alias of another is not changed into it', () => {
  it('curl -X PUT to a variable set, a Python session DELETE to safe-delete; PATCH stays', () => {
    const sh = [
      '#!/bin/bash',
      'curl -s -X PUT -H "Authorization: Bearer $TFC_TOKEN" -d @varset.json "https://app.terraform.io/api/v2/varsets/$VARSET_ID"',
      'curl -s -X PATCH -H "Authorization: Bearer $TFC_TOKEN" -d @varset.json "https://app.terraform.io/api/v2/varsets/$VARSET_ID"',
    ];
    assert.deepEqual(endpoints(sh), ['3 endpoint PATCH /varsets/:varset_id']);
    const py = [
      'def force_delete(self, name):',
      '    url = f"https://app.terraform.io/api/v2/organizations/{self.org}/workspaces/{name}/actions/safe-delete"',
      '    return self.session.delete(url=url)',
      '',
      'def safe_delete(self, name):',
      '    url = f"https://app.terraform.io/api/v2/organizations/{self.org}/workspaces/{name}/actions/safe-delete"',
      '    return self.session.post(url=url)',
    ].join('\n');
    const found = scanText(py, { fileName: 'ws.py' }).map((m) => `${m.line} ${m.subject.id}`);
    assert.deepEqual(found, ['6 endpoint POST /organizations/:organization_name/workspaces/:name/actions/safe-delete']);
  });
});
