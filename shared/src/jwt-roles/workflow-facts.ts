import { parse } from 'yaml';

/** What the trust checks need from one GitHub Actions workflow file. */
export interface WorkflowFacts {
  /** The file, as shown in messages. */
  readonly file: string;
  /** Events it runs on (`push`, `pull_request`, ...). */
  readonly events: readonly string[];
  /** Every `jwt-audience` input of its steps (and `jwtGithubAudience` of hashicorp/vault-action's). */
  readonly audiences: readonly string[];
  /**
   * Steps that log in with an ID token asked for without an audience, whose `aud` is GitHub's
   * default (the repository owner's URL, `https://github.com/OWNER`): what each is, for messages.
   */
  readonly defaultAudience?: readonly string[];
}

/**
 * Reads the events (`on:` as a string, a list or a map) and the `jwt-audience` inputs of a
 * workflow; text that is not a workflow gives no facts (never throws).
 */
export function readWorkflowFacts(text: string, file: string): WorkflowFacts {
  let doc: unknown;
  try {
    doc = parse(text, { maxAliasCount: 100 });
  } catch {
    return { file, events: [], audiences: [] };
  }
  if (typeof doc !== 'object' || doc === null) return { file, events: [], audiences: [] };
  const on = (doc as Record<string, unknown>).on;
  const events =
    typeof on === 'string'
      ? [on]
      : Array.isArray(on)
        ? on.filter((e): e is string => typeof e === 'string')
        : typeof on === 'object' && on !== null
          ? Object.keys(on)
          : [];
  const audiences: string[] = [];
  const defaultAudience: string[] = [];
  const jobs = (doc as Record<string, unknown>).jobs;
  for (const job of Object.values(typeof jobs === 'object' && jobs !== null ? jobs : {})) {
    const steps = (job as { steps?: unknown }).steps;
    for (const step of Array.isArray(steps) ? steps : []) {
      const inputs = (step as { with?: unknown } | null)?.with;
      const given = typeof inputs === 'object' && inputs !== null ? (inputs as Record<string, unknown>) : {};
      const audience = given['jwt-audience'];
      if (typeof audience === 'string' && audience !== '') audiences.push(audience);
      const uses = (step as { uses?: unknown } | null)?.uses;
      if (typeof uses === 'string' && VAULT_ACTION.test(uses.trim())) {
        const login = vaultActionLogin(given);
        if (login === 'default') defaultAudience.push(`${uses.trim()} (method jwt, no jwtGithubAudience)`);
        else if (login !== undefined) audiences.push(login.audience);
      }
    }
  }
  return { file, events, audiences, ...(defaultAudience.length > 0 ? { defaultAudience } : {}) };
}

/** HashiCorp's action that logs in to Vault (hashicorp/vault-action@REF). */
const VAULT_ACTION = /^hashicorp\/vault-action@/i;

/**
 * The audience hashicorp/vault-action asks GitHub for: with `method: jwt` and no `jwtPrivateKey`
 * it logs in with the job's ID token asked for with `jwtGithubAudience`; its action.yml gives that
 * input no default (its README's "Default: sigstore" is not what it does) and an empty one asks
 * GitHub for none (@actions/core getIDToken), so the token's aud is GitHub's default: `default`;
 * else the audience it asks for.
 * Another method, a key of its own, or an input set by an expression: undefined (not known).
 */
function vaultActionLogin(
  inputs: Readonly<Record<string, unknown>>,
): { readonly audience: string } | 'default' | undefined {
  const text = (name: string): string | undefined => {
    const value = inputs[name];
    return typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : undefined;
  };
  const method = text('method');
  const key = text('jwtPrivateKey');
  const audience = text('jwtGithubAudience');
  if (method !== 'jwt' || key !== '' || audience === undefined || audience.includes('${{')) return undefined;
  return audience === '' ? 'default' : { audience };
}
