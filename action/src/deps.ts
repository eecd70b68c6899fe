import type { GithubApi } from './github-api.ts';
import type { Network, NetworkOptions } from './network.ts';
import { sleep } from './sleep.ts';

/** What the action takes from the outside world besides the runner; tests replace any of it. */
export interface Deps {
  /** The fetch used when no proxy or CA is configured. */
  readonly fetch: typeof fetch;
  readonly sleep: (ms: number) => Promise<void>;
  readonly random: () => number;
  /** Loads the undici-based network module (a separate bundle) on first need. */
  readonly loadNetwork: () => Promise<(options: NetworkOptions) => Network>;
  /** Loads GitHub's side (the event, the REST API; a separate bundle) on first need. */
  readonly loadGithub: () => Promise<() => GithubApi>;
}

/** The real world. */
export function defaultDeps(): Deps {
  return {
    fetch: globalThis.fetch.bind(globalThis),
    sleep,
    random: Math.random,
    loadNetwork: async () => (await import('./network.ts')).createNetwork,
    loadGithub: async () => (await import('./github.ts')).githubApi,
  };
}
