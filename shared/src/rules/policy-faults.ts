import { didYouMean } from './did-you-mean.ts';
import { isRecord } from '../text/index.ts';

/** One doubtful spot in a policy document: where inside it (segments) and what is wrong. */
export interface PolicyFault {
  readonly segments: readonly (string | number)[];
  readonly message: string;
  /** The key is at fault (unknown key, or the document itself when `segments` is empty) or the value. */
  readonly target: 'key' | 'value';
  readonly replacement?: string;
}

const VERSIONS = ['2012-10-17', '2008-10-17'];
const TOP_LEVEL = ['Version', 'Id', 'Statement'];

/** Why a parsed policy is not a JSON object at all, or undefined when it is one. */
export function policyShapeFault(parsed: unknown): string | undefined {
  if (isRecord(parsed)) return undefined;
  if (Array.isArray(parsed)) return 'it is a JSON array, not an object with Version and Statement';
  return `it is a JSON ${parsed === null ? 'null' : typeof parsed}, not an object with Version and Statement`;
}

/**
 * Sanity checks of an IAM policy object: a known `Version`, a `Statement` that is a statement or
 * a list of them, each with `Effect` Allow/Deny and an `Action` or `NotAction`; misspelt top-level
 * keys. The provider would reject most of these only when credentials are generated.
 */
export function policyFaults(policy: Readonly<Record<string, unknown>>): PolicyFault[] {
  const faults: PolicyFault[] = [];
  for (const key of Object.keys(policy)) {
    if (TOP_LEVEL.includes(key)) continue;
    const suggestion = didYouMean(key, TOP_LEVEL);
    faults.push({
      segments: [key],
      target: 'key',
      message: `has the unknown key "${key}"${suggestion ? `; did you mean "${suggestion}"?` : ''}`,
    });
  }
  const version = policy.Version;
  if (version !== undefined && !(typeof version === 'string' && VERSIONS.includes(version))) {
    faults.push({
      segments: ['Version'],
      target: 'value',
      message: `has Version ${JSON.stringify(version)}; use "2012-10-17"`,
      replacement: '2012-10-17',
    });
  }
  const statement = policy.Statement;
  if (statement === undefined) {
    if (!Object.keys(policy).some((k) => k.toLowerCase() === 'statement'))
      faults.push({ segments: [], target: 'key', message: 'has no Statement' });
    return faults;
  }
  if (!Array.isArray(statement) && !isRecord(statement)) {
    faults.push({
      segments: ['Statement'],
      target: 'value',
      message: 'has a Statement that is neither a statement object nor a list of them',
    });
    return faults;
  }
  const statements: unknown[] = Array.isArray(statement) ? statement : [statement];
  statements.forEach((item, index) => {
    const at = Array.isArray(statement) ? ['Statement', index] : ['Statement'];
    faults.push(...statementFaults(item, at));
  });
  return faults;
}

function statementFaults(item: unknown, at: readonly (string | number)[]): PolicyFault[] {
  const where = at.length > 1 ? `statement ${String(at[1])}` : 'the statement';
  if (!isRecord(item)) return [{ segments: at, target: 'value', message: `has ${where} that is not an object` }];
  const faults: PolicyFault[] = [];
  if (item.Effect === undefined)
    faults.push({ segments: at, target: 'value', message: `has ${where} without Effect ("Allow" or "Deny")` });
  else if (item.Effect !== 'Allow' && item.Effect !== 'Deny') {
    faults.push({
      segments: [...at, 'Effect'],
      target: 'value',
      message: `has ${where} with Effect ${JSON.stringify(item.Effect)}; use "Allow" or "Deny"`,
    });
  }
  if (item.Action === undefined && item.NotAction === undefined) {
    faults.push({ segments: at, target: 'value', message: `has ${where} without Action or NotAction` });
  }
  return faults;
}
