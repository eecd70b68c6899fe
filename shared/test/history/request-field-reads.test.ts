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

/** `line text subject` of the run task request's fields a source reads. */
const fields = (source: string, languageId: string): string[] =>
  scanText(source, { languageId })
    .filter((m) => m.subject.id.startsWith('attribute run task request'))
    .map((m) => `${m.line} ${m.text} ${m.subject.id}`);

describe('request fields read through a value that reads the request', () => {
  it('Python: a field read on the value that also reads a field only the request has', () => {
    const source = [
      'def on_hook(msg: HookBody):', // 1
      '    target = msg.task_result_callback_url', // 2
      '    if msg.stage == "pre_plan":', // 3
      '        log(msg.stage.upper(), result.stage, msg.stage())', // 4
      '    msg.stage = "done"', // 5
    ].join('\n');
    assert.deepEqual(fields(source, 'python'), [
      '3 stage attribute run task request stage',
      '4 stage attribute run task request stage',
    ]);
  });

  it('Python, a queue message: two keys other payloads carry too are needed beside the field', () => {
    const two = [
      'def handler(event, _):',
      '    d = event["body"]["detail"]',
      '    ok = event["body"]["detail"]["organization_name"] == ORG',
      '    ok = ok and event["body"]["detail"]["workspace_name"].startswith(PREFIX)',
      '    return ok and event["body"]["detail"]["stage"] in STAGES',
    ];
    assert.deepEqual(fields(two.join('\n'), 'python'), ['5 stage attribute run task request stage']);
    const one = two.filter((l) => !l.includes('"workspace_name"')).concat(['    # workspace_name']);
    assert.deepEqual(fields(one.join('\n'), 'python'), []);
  });

  it('Go: a value declared with the type of the value that reads the callback URL', () => {
    const source = [
      'package hook', // 1
      '', // 2
      'func send(in api.TaskRequest) error {', // 3
      '\treturn post(in.TaskResultCallbackURL, in.AccessToken)', // 4
      '}', // 5
      '', // 6
      'func handle(w http.ResponseWriter, r *http.Request) {', // 7
      '\tvar tr api.TaskRequest', // 8
      '\tif tr.Stage == api.PrePlan || other.Stage == "x" {', // 9
      '\t\t_ = tr.Stage()', // 10
      '\t}', // 11
      '}', // 12
    ].join('\n');
    assert.deepEqual(fields(source, 'go'), ['9 Stage attribute run task request stage']);
  });
});
