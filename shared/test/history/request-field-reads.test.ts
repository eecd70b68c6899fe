// Go run task servers (shared/src/history/request-field-reads.ts): the fields of the struct the request is decoded
// into are the run task request's fields where the code reads them (`req.ConfigVersionURL`, `req.Stage`).
// Snippets written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const server = (body: string[]): string =>
  [
    'package main',
    '',
    'type RunTaskRequest struct {',
    '\tAccessToken      string `json:"access_token"`',
    '\tStage            string `json:"stage"`',
    '\tConfigVersionURL string `json:"configuration_version_download_url"`',
    '}',
    '',
    'type ResultData struct {',
    '\tType string `json:"type"`',
    '}',
    '',
    'func handle(w http.ResponseWriter, r *http.Request) {',
    '\tvar req RunTaskRequest',
    '\t_ = json.NewDecoder(r.Body).Decode(&req)',
    '\tresult := ResultData{Type: "task-results"}',
    ...body,
    '}',
  ].join('\n');

/** The run task request's fields reported on the lines after the fixed part (line 17 on). */
const reads = (body: string[]): string[] =>
  scanText(server(body), { fileName: 'main.go' })
    .filter((m) => m.line >= 17 && m.subject.id.includes('run task request'))
    .map((m) => `${m.line} ${m.text} ${m.subject.id}`);

describe('Go run task request structs read through a value', () => {
  it('a read of a request field is that field', () => {
    assert.deepEqual(reads(['\tif req.Stage == "pre_plan" {', '\t\tfetch(req.ConfigVersionURL)', '\t}']), [
      '17 Stage attribute run task request stage',
      '17 pre_plan attribute run task request stage',
      '18 ConfigVersionURL attribute run task request configuration_version_download_url',
    ]);
  });

  it('not in a comment, not a longer name, not a type name', () => {
    assert.deepEqual(
      reads(['\t// fetch(req.ConfigVersionURL)', '\tx := req.ConfigVersionURLs', '\ty := pkg.Stage{}']),
      [],
    );
  });
});
