// Table-driven wire tests: one case = one call, the request it must send and the result it must give.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { EngineClient } from '@keyfob/shared/client';
import type { EngineClientOptions } from '../../../src/client/engine-client-options.ts';
import { scriptedClient, type Recorded, type Scripted } from './scripted-fetch.ts';

export interface CallCase {
  readonly name: string;
  readonly call: (client: EngineClient) => Promise<unknown>;
  readonly answer?: Scripted;
  readonly options?: Partial<EngineClientOptions>;
  /** The request on the wire; `query` and `body` are compared whole when given. */
  readonly request: { method: string; path: string; query?: Record<string, string>; body?: unknown };
  /** Compared whole, or key by key when `partial`. */
  readonly result?: unknown;
  readonly partial?: boolean;
}

/** Registers one test per case. */
export function runCallCases(cases: readonly CallCase[]): void {
  for (const c of cases) {
    void it(c.name, async () => {
      const { client, requests } = scriptedClient([c.answer ?? { status: 204 }], c.options);
      const result = await c.call(client);
      assert.equal(requests.length, 1);
      assertRequest(requests[0]!, c.request);
      if (!('result' in c)) return;
      if (c.partial) assertSubset(result, c.result);
      else assert.deepEqual(result, c.result);
    });
  }
}

function assertRequest(actual: Recorded, expected: CallCase['request']): void {
  assert.equal(actual.method, expected.method);
  assert.equal(actual.path, expected.path);
  assert.deepEqual(actual.query, expected.query ?? {});
  assert.deepEqual(actual.body, expected.body);
}

/** Every key of `expected` matches in `actual` (deeply); other keys of `actual` are ignored. */
function assertSubset(actual: unknown, expected: unknown): void {
  assert.ok(actual !== null && typeof actual === 'object', `expected an object, got ${String(actual)}`);
  for (const [key, value] of Object.entries(expected as object)) {
    assert.deepEqual((actual as Record<string, unknown>)[key], value, `field ${key}`);
  }
}
