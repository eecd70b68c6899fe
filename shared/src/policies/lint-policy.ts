import type { OffsetRange, Problem } from '../problem.ts';
import { escapePointerSegment as escape, LineIndex } from '../text/index.ts';
import type { HclEntry, HclObject } from './hcl/hcl-node.ts';
import { parseHcl } from './hcl/parse-hcl.ts';
import { readPolicy } from './read-policy.ts';

/** Capabilities on which the engine checks parameter constraints. */
const PARAMETER_CHECKED = ['read', 'create', 'update', 'patch', 'recover'];

/**
 * Lints an ACL policy file: what the engine refuses (`readPolicy`'s `POLICY_*` errors, at their
 * place), and when it parses, the mistakes it accepts silently, each on the span at fault: a `*`
 * inside a path (literal there), `deny` beside other capabilities, a block granting nothing,
 * parameter constraints that never apply, a parameter both allowed and denied.
 *
 * @example lintPolicy('path "cloud/creds/app*x" { capabilities = ["read"] }')[0]?.code // 'POLICY_GLOB_INNER_STAR'
 */
export function lintPolicy(text: string): Problem[] {
  const read = readPolicy(text);
  if (read.value === undefined) return [...read.problems];
  const parsed = parseHcl(text);
  if (!parsed.root) return [...read.problems];
  const lines = new LineIndex(text);
  const problems: Problem[] = [...read.problems];
  const report: Report = (code, message, range, path, data) => {
    problems.push({ code, severity: 'warning', message, path, range: lines.range(range), ...(data ? { data } : {}) });
  };
  for (const entry of parsed.root.entries.filter((e) => e.key === 'path' && e.value.kind === 'object')) {
    for (const block of (entry.value as HclObject).entries) {
      if (block.value.kind === 'object') lintBlock(block, block.value, report);
    }
  }
  return problems;
}

type Report = (
  code: Problem['code'],
  message: string,
  range: OffsetRange,
  path: string,
  data?: Record<string, unknown>,
) => void;

function lintBlock(block: HclEntry, body: HclObject, report: Report): void {
  const written = block.key;
  const pointer = `/path/${escape(written)}`;
  const field = (key: string): HclEntry | undefined => body.entries.filter((e) => e.key === key).pop();
  const star = written.replace(/^\/+/, '').indexOf('*');
  if (star !== -1 && star < written.replace(/^\/+/, '').length - 1) {
    report(
      'POLICY_GLOB_INNER_STAR',
      `path "${written}": the engine globs only a trailing *, so this * matches a literal "*"; use + for one segment (${JSON.stringify(written.replace(/\*(?=.)/g, '+'))}).`,
      block.keyRange,
      pointer,
      { replacement: written.replace(/\*(?=.)/g, '+') },
    );
  }
  const caps = field('capabilities');
  const legacy = field('policy');
  const items = caps?.value.kind === 'list' ? caps.value.items : caps ? [caps.value] : [];
  const names = items.flatMap((i) => (i.kind === 'string' ? [String(i.value).toLowerCase()] : []));
  if (!legacy && names.length === 0) {
    report(
      'POLICY_NO_CAPABILITIES',
      `path "${written}" grants nothing: add capabilities = ["read"] (or the capabilities it needs), or remove the block.`,
      caps ? caps.value.range : block.keyRange,
      caps ? `${pointer}/capabilities` : pointer,
    );
  }
  if (names.includes('deny') && names.length > 1) {
    report(
      'POLICY_DENY_WITH_OTHERS',
      `path "${written}": deny drops the other capabilities of this block (${names.filter((n) => n !== 'deny').join(', ')}); keep only "deny" or remove it.`,
      caps?.value.range ?? block.keyRange,
      `${pointer}/capabilities`,
    );
  }
  const granted = legacy ? ['read', 'create', 'update'] : names;
  const constraints = ['allowed_parameters', 'denied_parameters', 'required_parameters'].flatMap((k) => field(k) ?? []);
  if (constraints.length > 0 && !names.includes('deny') && !granted.some((c) => PARAMETER_CHECKED.includes(c))) {
    for (const c of constraints) {
      report(
        'POLICY_PARAMETERS_UNCHECKED',
        `path "${written}": ${c.key} never applies, since the engine checks parameters only on read, create, update and patch, and this block grants ${names.join(', ') || 'none of them'}.`,
        c.keyRange,
        `${pointer}/${c.key}`,
      );
    }
  }
  const allowed = field('allowed_parameters');
  const denied = field('denied_parameters');
  if (allowed?.value.kind === 'object' && denied?.value.kind === 'object') {
    const deniedNames = new Set(denied.value.entries.map((e) => e.key.toLowerCase()));
    for (const param of allowed.value.entries.filter((e) => deniedNames.has(e.key.toLowerCase()) && e.key !== '*')) {
      report(
        'POLICY_PARAMETER_ALLOWED_AND_DENIED',
        `path "${written}": parameter "${param.key}" is also in denied_parameters, which wins; remove it from one of them.`,
        param.keyRange,
        `${pointer}/allowed_parameters/${escape(param.key)}`,
      );
    }
  }
}
