import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HttpError } from '../src/http/http-error.ts';
import { bodyParams, operationFor, queryParams } from '../src/http/parse-params.ts';

describe('request parsing', () => {
  const operations: { method: string; query: string; expected: string | number }[] = [
    { method: 'GET', query: '', expected: 'read' },
    { method: 'GET', query: 'list=true', expected: 'list' },
    { method: 'GET', query: 'list=1', expected: 'list' },
    { method: 'GET', query: 'list=false', expected: 'read' },
    { method: 'GET', query: 'list=yes', expected: 400 },
    { method: 'POST', query: 'list=true', expected: 'update' },
    { method: 'PUT', query: '', expected: 'update' },
    { method: 'DELETE', query: '', expected: 'delete' },
    { method: 'LIST', query: '', expected: 'list' },
    { method: 'PATCH', query: '', expected: 405 },
  ];
  for (const c of operations) {
    it(`${c.method} ?${c.query} -> ${c.expected}`, () => {
      const run = (): string => operationFor(c.method, new URLSearchParams(c.query));
      if (typeof c.expected === 'number')
        assert.throws(run, (e: unknown) => e instanceof HttpError && e.status === c.expected);
      else assert.equal(run(), c.expected);
    });
  }

  it('query parameters: repeated keys become lists; help and list are consumed', () => {
    assert.deepEqual(queryParams(new URLSearchParams('a=1&b=2&b=3&help=1&list=true')), { a: '1', b: ['2', '3'] });
  });

  const bodies: { name: string; body: string; type?: string; expected: unknown }[] = [
    { name: 'empty body', body: '', expected: {} },
    { name: 'JSON null', body: 'null', expected: {} },
    { name: 'JSON object', body: '{"a":[1]}', expected: { a: [1] } },
    { name: 'form', body: 'a=1&b=x%20y', type: 'application/x-www-form-urlencoded', expected: { a: '1', b: 'x y' } },
    { name: 'JSON with a form type', body: ' {"a":1}', type: 'application/x-www-form-urlencoded', expected: { a: 1 } },
    { name: 'malformed JSON', body: '{"a":', expected: 'error parsing JSON' },
    { name: 'a JSON string', body: '"x"', expected: 'error parsing JSON' },
  ];
  for (const c of bodies) {
    it(`body: ${c.name}`, () => {
      const run = (): unknown => bodyParams(Buffer.from(c.body), c.type);
      if (typeof c.expected === 'string')
        assert.throws(run, (e: unknown) => e instanceof HttpError && e.status === 400 && e.errors[0] === c.expected);
      else assert.deepEqual(run(), c.expected);
    });
  }
});
