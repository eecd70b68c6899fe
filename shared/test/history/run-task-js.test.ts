// A run task server in JavaScript/TypeScript: the request's fields read by their names (property reads,
// destructuring) and the task result PATCHed to the callback URL when the URL travels under another name
// (a request's options in a variable, a function's parameter, a variable assigned it).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const CALLBACK = 'endpoint PATCH :callback_url';

/** `line subject` of each match. */
const found = (source: string, languageId = 'javascript'): string[] =>
  scanText(source, { languageId }).map((m) => `${m.line} ${m.subject.id}`);

describe('a run task server in JavaScript', () => {
  it('reads a field destructured beside two of the request distinctive fields', () => {
    const source = [
      "app.post('/', async (req, res) => {", // 1
      '  const {', // 2
      '    configuration_version_download_url,', // 3
      '    access_token,', // 4
      '    task_result_callback_url', // 5
      '  } = req.body', // 6
      '  const planUrl = req.body.plan_json_api_url', // 7
      '  await download(configuration_version_download_url, access_token)', // 8
      '})', // 9
    ].join('\n');
    assert.deepEqual(found(source), ['3 attribute run task request configuration_version_download_url']);
  });

  it('says nothing of a destructured field name where only one distinctive field is read', () => {
    const source = [
      'function handle(req) {',
      '  const { configuration_version_download_url, task_result_callback_url } = req.body',
      '  return configuration_version_download_url',
      '}',
    ].join('\n');
    assert.deepEqual(found(source), []);
  });

  it('finds the callback PATCHed by fetch with its options in a variable', () => {
    const source = [
      'async function sendCallback(callbackUrl, accessToken, payload) {', // 1
      '  const options = {', // 2
      "    method: 'PATCH',", // 3
      '    headers: { Authorization: `Bearer ${accessToken}` },', // 4
      '    body: JSON.stringify(payload)', // 5
      '  }', // 6
      '  const res = await fetch(callbackUrl, options)', // 7
      '  return res.json()', // 8
      '}', // 9
      'async function getPlan(planUrl, accessToken) {', // 10
      "  const options = { method: 'GET' }", // 11
      '  return fetch(callbackUrl, options)', // 12
      '}', // 13
    ].join('\n');
    assert.deepEqual(found(source), [`7 ${CALLBACK}`]);
  });

  it("finds axios.patch of a function's parameter that a handler passes the callback URL", () => {
    const source = [
      'async function postCallback(body, url, token, status) {', // 1
      "  const payload = { data: { type: 'task-results', attributes: { status } } }", // 2
      '  await axios', // 3
      '    .patch(url, payload, { headers: { Authorization: `Bearer ${token}` } })', // 4
      '    .then((res) => res.data)', // 5
      '}', // 6
      'async function getPlanOutput(body, url, token) {', // 7
      '  return axios.get(url)', // 8
      '}', // 9
      "router.all('/', async (ctx) => {", // 10
      '  const { body } = ctx.request', // 11
      '  const callbackURL = body.task_result_callback_url', // 12
      '  const plan = await getPlanOutput(body, body.plan_json_api_url, body.access_token)', // 13
      "  await postCallback(body, callbackURL, body.access_token, 'passed')", // 14
      '})', // 15
    ].join('\n');
    const callbacks = found(source).filter((m) => m.endsWith(CALLBACK));
    assert.deepEqual(callbacks, [`4 ${CALLBACK}`]);
  });

  it('finds got.patch and request({ method }) of a variable assigned the callback URL', () => {
    const source = [
      'export async function handler(event: RunTaskEvent) {', // 1
      '  const target = event.body.task_result_callback_url', // 2
      "  await got.patch(target, { json: { data: { type: 'task-results' } } })", // 3
      "  await request({ method: 'PATCH', url: target, json: result })", // 4
      '  await got.get(target)', // 5
      '}', // 6
    ].join('\n');
    const callbacks = found(source, 'typescript').filter((m) => m.endsWith(CALLBACK));
    assert.deepEqual(callbacks, [`3 ${CALLBACK}`, `4 ${CALLBACK}`]);
  });

  it('says nothing of a parameter PATCHed where the file handles no run task', () => {
    const source = [
      'async function update(url, body) {',
      '  return axios.patch(url, body)',
      '}',
      'await update(oauth.callbackUrl, settings)',
    ].join('\n');
    assert.deepEqual(found(source), []);
  });
});
