// A run task server in Python: the task result PATCHed to the callback URL where the URL travels under
// other names (a variable assigned the request's key read, a helper's parameter, a keyword argument, a
// string conversion) and where the method is set on the request object after it is built (urllib).
// Snippets written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const CALLBACK = 'endpoint PATCH :callback_url';

/** `line text` of each callback match. */
const callbacks = (source: string): string[] =>
  scanText(source, { languageId: 'python' })
    .filter((m) => m.subject.id === CALLBACK)
    .map((m) => `${m.line} ${m.text}`);

describe('a run task server in Python', () => {
  it('follows a key read assigned to a variable into a helper named for PATCH and into its body', () => {
    const source = [
      'def handler(event, context):', // 1
      '    detail = event["body"]', // 2
      '    target = event["body"]["detail"]["task_result_callback_url"]', // 3
      '    token = event["body"]["detail"]["access_token"]', // 4
      '    log.info("sending to %s", target)', // 5
      '    _patch(target, token, {"data": {"type": "task-results"}})', // 6
      '', // 7
      'def _patch(to, token, body):', // 8
      '    req = urllib.request.Request(to, data=json.dumps(body).encode(), method="PATCH")', // 9
      '    return urllib.request.urlopen(req)', // 10
    ].join('\n');
    assert.deepEqual(callbacks(source), ['6 target', '9 to']);
  });

  it('finds a urllib request whose method is set to PATCH after it is built, and nothing when it is another', () => {
    const patched = [
      'def report(app, url, token, result):', // 1
      '    r = Request(url, json.dumps(result).encode())', // 2
      "    r.add_header('Authorization', 'Bearer ' + token)", // 3
      "    r.method = 'PATCH'", // 4
      '    urlopen(r)', // 5
      '', // 6
      'def on_request(app, body):', // 7
      "    hook = body['task_result_callback_url']", // 8
      '    report(app, hook, body["access_token"], {"data": {"type": "task-results"}})', // 9
    ];
    assert.deepEqual(callbacks(patched.join('\n')), ['2 url', '4 PATCH']);
    const posted = patched.map((l) => l.replace("'PATCH'", "'POST'"));
    assert.deepEqual(callbacks(posted.join('\n')), []);
    // The variable assigned again before the method is set: another request.
    const other = [...patched];
    other[2] = '    r = Request(status_url)';
    assert.deepEqual(callbacks(other.join('\n')), []);
  });

  it('follows a keyword argument into a signature over several lines, and through str()', () => {
    const source = [
      'async def post_result(', // 1
      '    *,', // 2
      '    hook: HttpUrl,', // 3
      '    token: str,', // 4
      ') -> None:', // 5
      '    target = str(hook)', // 6
      '    await client.patch(target, json={"data": {"type": "task-results"}})', // 7
      '', // 8
      'async def handle(payload):', // 9
      '    await post_result(', // 10
      '        hook=payload.task_result_callback_url,', // 11
      '        token=payload.access_token,', // 12
      '    )', // 13
      '    await client.patch(str(payload.task_result_callback_url), json={})', // 14
    ].join('\n');
    assert.deepEqual(callbacks(source), ['7 target', '14 task_result_callback_url']);
  });

  it('many handlers calling one helper: each call reads the helper’s own parameter (its definition read once)', () => {
    // 100 handlers pass the callback URL to `_patch`, half as its second argument and half as its first: the first
    // definition of `_patch` (not a call of it) gives each call's parameter by its own position (`to`, then `token`,
    // which the body sends too), the definitions read once for all calls (`definitionsOf`).
    const source = ['def _patch(token, to, body):', '    return requests.patch(to, json=body, headers=token)', ''];
    const expected = ['2 to', '2 token'];
    for (let k = 0; k < 100; k++) {
      source.push(`def handler_${k}(event):`, `    hook_${k} = event["task_result_callback_url"]`);
      source.push(
        k % 2 === 0 ? `    _patch(event["access_token"], hook_${k}, {})` : `    _patch(hook_${k}, None, {})`,
        '',
      );
      expected.push(`${6 + 4 * k} hook_${k}`);
    }
    assert.deepEqual(callbacks(source.join('\n')), expected);
  });

  it('says nothing where the file handles no run task', () => {
    const source = [
      'def handler(event):',
      '    target = event["body"]["oauth_callback_url"]',
      '    _send_patch(target, {})',
      '',
      'def _send_patch(to, body):',
      '    return requests.patch(to, json=body)',
    ].join('\n');
    assert.deepEqual(callbacks(source), []);
  });
});
