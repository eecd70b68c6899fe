// Ruby's Net::HTTP request classes say the method (find-methods.ts): `Net::HTTP::Get.new(uri)` sends GET, whether
// the URL is its argument or a variable assigned just before. Snippets written for this test.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const endpoints = (text: string, apiElsewhere = false): string[] =>
  scanText(text, { fileName: 'client.rb', apiElsewhere })
    .filter((m) => m.subject.id.startsWith('endpoint'))
    .map((m) => `${m.line} ${m.subject.id}`);

test('Net::HTTP::Get.new(uri) reads the list; Net::HTTP::Post.new on it is no use of the GET', () => {
  const get = [
    'def list(org)',
    '  uri = URI("#{@base}/organizations/#{org}/workspaces")',
    '  req = Net::HTTP::Get.new(uri)',
    'end',
  ];
  // A client of this API whose `@base` is set elsewhere (`apiElsewhere`); alone, the path is any API's.
  assert.deepEqual(endpoints(get.join('\n')), []);
  assert.deepEqual(endpoints(get.join('\n'), true), ['2 endpoint GET /organizations/:organization_name/workspaces']);
  const post = get.map((l) => l.replace('Get.new', 'Post.new'));
  assert.deepEqual(endpoints(post.join('\n'), true), []);
});

test('a Faraday call on a connection to the API is one use, annotated once', () => {
  const text = [
    'conn = Faraday.new(url: "https://app.terraform.io/api/v2")',
    'resp = conn.get("organizations/#{org}/workspaces")',
  ].join('\n');
  assert.deepEqual(endpoints(text), ['2 endpoint GET /organizations/:organization_name/workspaces']);
});
