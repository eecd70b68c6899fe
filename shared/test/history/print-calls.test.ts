// Keys a print or log call writes (shared/src/history/sending-calls.ts, inPrintCall): what a program puts in
// its log is no payload and no attribute it reads, in every language; a read inside a message
// (`print(f"{ws['attributes']['auto-destroy-at']}")`) and a request sent inside a print stay uses.
// Snippets written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const found = (text: string, fileName: string): string[] =>
  scanText(text, { fileName }).map((m) => `${m.line} ${m.subject.id}`);

describe('keys a print or log call writes', () => {
  it('Python: logging extra, a dict printed; a subscript read in a message and a send stay', () => {
    const text = [
      'def expire(ws, url, log):',
      '    log.warning("expiring", extra={"auto-destroy-at": ws.when, "trigger-prefixes": ws.prefixes})',
      '    pprint({"auto-destroy-at": ws.when})',
      "    print(f\"expires at {ws['attributes']['auto-destroy-at']}\")",
      '    print(requests.patch(url, json={"data": {"attributes": {"auto-destroy-at": ws.when}}}))',
    ].join('\n');
    assert.deepEqual(found(text, 'expire.py'), [
      '4 attribute workspaces auto-destroy-at',
      '5 attribute workspaces auto-destroy-at',
    ]);
  });

  it('JS: console.log and a logger given an object', () => {
    const text = [
      'export function expire(ws) {',
      '  console.info({ "auto-destroy-at": ws.when });',
      '  this.logger.debug("expiring", { "auto-destroy-at": ws.when });',
      '  return { "auto-destroy-at": ws.when };',
      '}',
    ].join('\n');
    assert.deepEqual(found(text, 'expire.js'), ['4 attribute workspaces auto-destroy-at']);
  });

  it('Ruby: a logger given a hash, with and without braces', () => {
    const text = [
      'def expire(ws)',
      '  @logger.info("auto-destroy-at" => ws.when)',
      '  Rails.logger.warn({ "auto-destroy-at" => ws.when })',
      '  { "auto-destroy-at" => ws.when }',
      'end',
    ].join('\n');
    assert.deepEqual(found(text, 'expire.rb'), ['4 attribute workspaces auto-destroy-at']);
  });
});
