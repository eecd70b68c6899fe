// A fetch double: answers from a script and records every request, so tests can assert on the wire.
import { createEngineClient, type EngineClient } from '@keyfob/shared/client';
import type { EngineClientOptions } from '../../../src/client/engine-client-options.ts';

/** One scripted answer. `body` objects are sent as JSON, strings as they are. */
export interface Scripted {
  readonly status?: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  /** Reject like fetch does on a network failure. */
  readonly throws?: unknown;
  /** Never answer; reject only when the request's signal aborts (like a stalled server). */
  readonly hang?: boolean;
}

/** A request as the fake saw it. */
export interface Recorded {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  /** Header names lower-cased. */
  readonly headers: Record<string, string>;
  readonly body: unknown;
  readonly init: RequestInit & { dispatcher?: unknown };
}

export interface ScriptedFetch {
  readonly fetch: typeof fetch;
  readonly requests: Recorded[];
}

/** Answers each request with the next scripted entry (the last one repeats). */
export function scriptedFetch(script: readonly Scripted[] | ((request: Recorded) => Scripted)): ScriptedFetch {
  const requests: Recorded[] = [];
  const fake = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>))
      headers[name.toLowerCase()] = value;
    const recorded: Recorded = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      init,
    };
    requests.push(recorded);
    const step = typeof script === 'function' ? script(recorded) : (script[requests.length - 1] ?? script.at(-1) ?? {});
    if (step.hang) return hang(init.signal);
    if (step.throws !== undefined) throw step.throws as Error;
    const text = step.body === undefined ? null : typeof step.body === 'string' ? step.body : JSON.stringify(step.body);
    return new Response(text, { status: step.status ?? 200, headers: step.headers ?? {} });
  };
  const typed: typeof fetch = fake;
  return { fetch: typed, requests };
}

function hang(signal: AbortSignal | null | undefined): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('This operation was aborted', 'AbortError')), {
      once: true,
    });
  });
}

/** A clock that only moves when the client sleeps: retries take no real time. */
export interface FakeTime {
  readonly now: () => number;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly sleeps: number[];
  advance(ms: number): void;
}

function fakeTime(start = 1_700_000_000_000): FakeTime {
  let current = start;
  const sleeps: number[] = [];
  return {
    now: () => current,
    sleep: (ms, signal) => {
      sleeps.push(ms);
      current += ms;
      return signal?.aborted ? Promise.reject(new Error('aborted')) : Promise.resolve();
    },
    sleeps,
    advance: (ms) => {
      current += ms;
    },
  };
}

export const TOKEN = 'kf-root-9f8e7d6c5b4a39281706';

/** A client on a scripted fetch with fake time and a fixed random of 0.5. */
export function scriptedClient(
  script: readonly Scripted[] | ((request: Recorded) => Scripted),
  options: Partial<EngineClientOptions> = {},
): { client: EngineClient; requests: Recorded[]; time: FakeTime } {
  const { fetch, requests } = scriptedFetch(script);
  const time = fakeTime();
  const client = createEngineClient({
    url: 'http://engine.test:8200',
    token: TOKEN,
    fetch,
    now: time.now,
    sleep: time.sleep,
    random: () => 0.5,
    ...options,
  });
  return { client, requests, time };
}

/** Runs `work` and returns what it rejected with; fails the test when it resolves. */
export async function rejection(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}
