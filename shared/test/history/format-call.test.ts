import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatCall } from '../../src/history/format-args.ts';

/** The format call whose callee is `callee` in `text`: its template's text and its arguments' texts. */
function read(text: string, callee: string): { template: string; args: string[] } | undefined {
  const start = text.indexOf(callee);
  const call = formatCall(text, start, start + callee.length);
  return call && { template: text.slice(call.template.start, call.template.end), args: call.args.map((a) => a.text) };
}

describe('formatCall: one reader of format calls in every language read', () => {
  it('a template given first (Rust, Go, Java, Lua, C)', () => {
    assert.deepEqual(read('let u = format!("/{}/{}/teams", api::ORGANIZATIONS, org);', 'format!'), {
      template: '/{}/{}/teams',
      args: ['api::ORGANIZATIONS', 'org'],
    });
    assert.deepEqual(read('u := fmt.Sprintf("%s/workspaces/%s", orgURL, name)', 'fmt.Sprintf'), {
      template: '%s/workspaces/%s',
      args: ['orgURL', 'name'],
    });
    assert.deepEqual(read('String u = String.format("%s/runs", BASE);', 'String.format'), {
      template: '%s/runs',
      args: ['BASE'],
    });
    assert.deepEqual(read("local c = string.format('curl -s %s', url)", 'string.format'), {
      template: 'curl -s %s',
      args: ['url'],
    });
    assert.deepEqual(read('var u = String.Format("{0}/workspaces/{1}", baseUrl, name);', 'String.Format'), {
      template: '{0}/workspaces/{1}',
      args: ['baseUrl', 'name'],
    });
    assert.deepEqual(read('var u = string.Format("{0}/runs", b);', 'string.Format'), {
      template: '{0}/runs',
      args: ['b'],
    });
    assert.deepEqual(read('sprintf("%s/runs/%s", base, id);', 'sprintf'), {
      template: '%s/runs/%s',
      args: ['base', 'id'],
    });
  });

  it('a template the callee is a method of (Python, Lua), escaped quotes kept in it', () => {
    assert.deepEqual(read('url = "{}/{}/versions".format(base, org)', '.format'), {
      template: '{}/{}/versions',
      args: ['base', 'org'],
    });
    assert.deepEqual(read('os.execute(("curl -X DELETE %s"):format(root .. path))', ':format'), {
      template: 'curl -X DELETE %s',
      args: ['root .. path'],
    });
    assert.deepEqual(read('x = "say \\"{}\\"".format(name)', '.format'), { template: 'say \\"{}\\"', args: ['name'] });
  });

  it('arguments split at top-level commas only, a trailing comma left out, each start where its text starts', () => {
    const text = 'format!("/{}/{}", f(a, b), "x,y",\n    [1, 2],)';
    assert.deepEqual(read(text, 'format!')?.args, ['f(a, b)', '"x,y"', '[1, 2]']);
    const call = formatCall(text, 0, 'format!'.length);
    assert.equal(text.slice(call?.args[2]?.start), '[1, 2],)');
  });

  it('says nothing of another callee, a template that is no literal or not the whole argument, an unclosed call', () => {
    assert.equal(read('requests.get("%s/runs", base)', 'requests.get'), undefined);
    assert.equal(read('fmt.Sprintf(tmpl, base)', 'fmt.Sprintf'), undefined);
    // Only C#'s String.Format is a format call; another type's Format method (Go's time layout) is not.
    assert.equal(read('s := t.Format("2006-01-02/runs")', '.Format'), undefined);
    assert.equal(read('var s = MyString.Format("{0}/runs", b);', 'MyString.Format'), undefined);
    assert.equal(read('fmt.Sprintf("%s" + suffix, base)', 'fmt.Sprintf'), undefined);
    assert.equal(read('url = template.format(base)', '.format'), undefined);
    assert.equal(read(`fmt.Sprintf("%s/runs", base${', x'.repeat(400)}`, 'fmt.Sprintf'), undefined);
  });
});
