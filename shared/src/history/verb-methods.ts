import type { HttpMethod } from './data-types.ts';

/** A verb a name begins with and what it says. */
export interface VerbMethod {
  readonly method: HttpMethod;
  /**
   * How a client's service method with this verb names what it acts on (`client.runs.listRuns`,
   * service-calls.ts): false, the collection; true, one object; 'noun', one object when a noun follows (a
   * bare `get` is a map's). Absent: the verb names no service method, only a function (function-verbs.ts).
   */
  readonly one?: boolean | 'noun';
  /** Only in a PowerShell Verb-Noun name (`Set-TFVariable`). */
  readonly verbNoun?: true;
}

/**
 * Verbs and the method each says: list/iterate a collection (GET), show/get/read/fetch one (GET),
 * create/new (POST to the collection), update (PATCH; PowerShell's `Set-`), delete/remove/destroy (DELETE).
 */
const VERBS: Readonly<Record<string, VerbMethod>> = {
  list: { method: 'GET', one: false },
  iterate: { method: 'GET', one: false },
  show: { method: 'GET', one: 'noun' },
  get: { method: 'GET', one: 'noun' },
  read: { method: 'GET', one: true },
  create: { method: 'POST', one: false },
  update: { method: 'PATCH', one: true },
  delete: { method: 'DELETE', one: true },
  fetch: { method: 'GET' },
  new: { method: 'POST' },
  remove: { method: 'DELETE' },
  destroy: { method: 'DELETE' },
  set: { method: 'PATCH', verbNoun: true },
};

/** The row of a lower-case verb, or undefined (`constructor` and other inherited names are none). */
export function knownVerb(verb: string): VerbMethod | undefined {
  return Object.hasOwn(VERBS, verb) ? VERBS[verb] : undefined;
}
