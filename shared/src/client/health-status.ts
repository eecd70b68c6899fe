/**
 * What each `sys/health` status says about a node, in plain words (Vault's and OpenBao's codes;
 * the same codes can come back on other requests of a node in that state).
 */
export const HEALTH_STATUS: Readonly<Record<number, { readonly role: string; readonly words: string }>> = {
  200: { role: 'active', words: 'the active node, initialised and unsealed' },
  429: { role: 'standby', words: 'an unsealed standby node' },
  472: { role: 'dr-secondary', words: 'a disaster-recovery secondary (it serves no secrets until promoted)' },
  473: { role: 'perfstandby', words: 'a performance standby (it serves reads, forwards writes)' },
  474: { role: 'standby-unreachable-active', words: 'a standby that cannot reach the active node' },
  501: { role: 'uninitialised', words: 'not initialised: run the engine\'s "operator init" first' },
  503: { role: 'sealed', words: 'sealed: unseal it (operator unseal) before it can answer' },
  530: { role: 'removed', words: 'removed from its cluster' },
};
