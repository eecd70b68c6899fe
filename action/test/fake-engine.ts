import type { Deps } from '../src/deps.ts';
import type { FakeRunner } from './fake-runner.ts';

/** A request as the fake engine saw it. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: Headers;
  readonly body: unknown;
}

/** A canned answer. */
export interface Answer {
  readonly status: number;
  readonly body?: unknown;
}

type Route = Answer | ((request: SeenRequest) => Answer) | Answer[];

/**
 * A fetch that answers from a table keyed `METHOD /path` (a list of answers is used in turn, the last
 * one repeating), recording every request; unknown routes answer 404 `unsupported path` like Vault.
 */
export function fakeEngine(routes: Record<string, Route>) {
  const requests: SeenRequest[] = [];
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const seen: SeenRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
    };
    requests.push(seen);
    const route = routes[`${seen.method} ${seen.path}`];
    let answer: Answer = { status: 404, body: { errors: ['1 error occurred:\n\t* unsupported path\n\n'] } };
    if (Array.isArray(route)) answer = route.length > 1 ? (route.shift() as Answer) : (route[0] ?? answer);
    else if (typeof route === 'function') answer = route(seen);
    else if (route) answer = route;
    const body = answer.body === undefined ? null : JSON.stringify(answer.body);
    return Promise.resolve(
      new Response(body, { status: answer.status, headers: { 'content-type': 'application/json' } }),
    );
  };
  return { fetch: fetchImpl, requests };
}

/** Deps for unit tests: the fake fetch, and a sleep that moves the runner's clock instead of waiting. */
export function testDeps(fetchImpl: typeof fetch, runner: FakeRunner): Deps {
  return {
    fetch: fetchImpl,
    sleep: (ms) => {
      runner.clock += ms;
      return Promise.resolve();
    },
    random: () => 0.5,
    loadNetwork: () => Promise.reject(new Error('no network module in unit tests')),
    loadGithub: () => Promise.reject(new Error('no GitHub module in unit tests')),
  };
}

/** The engine's envelope around credentials. */
export function credsAnswer(
  data: Record<string, unknown>,
  lease: { id?: string; duration?: number; renewable?: boolean } = {},
): Answer {
  return {
    status: 200,
    body: {
      request_id: 'r-1',
      lease_id: lease.id ?? '',
      renewable: lease.renewable ?? false,
      lease_duration: lease.duration ?? 0,
      data,
      warnings: null,
      auth: null,
    },
  };
}
