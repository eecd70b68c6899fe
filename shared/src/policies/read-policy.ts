import { parseDuration } from '../duration/index.ts';
import type { OffsetRange, Problem } from '../problem.ts';
import { escapePointerSegment as escape, LineIndex } from '../text/index.ts';
import { LEGACY_POLICY_CAPABILITIES } from './capabilities.ts';
import { hclToData, type HclEntry, type HclNode, type HclObject } from './hcl/hcl-node.ts';
import { parseHcl } from './hcl/parse-hcl.ts';
import { RULE_KEY_DOCS } from './policy-language.ts';
import { CAPABILITIES, type AclPolicy, type Capability, type PathRule } from './policy-types.ts';

const TOP_KEYS = ['name', 'path'];
const RULE_KEYS = RULE_KEY_DOCS.map((doc) => doc.key);

/** A policy with the problems found reading it (errors mean the real engine refuses the text). */
export interface PolicyRead {
  readonly value: AclPolicy | undefined;
  readonly problems: readonly Problem[];
}

/**
 * Reads an ACL policy written in HCL or in its JSON form, with the real engine's rules and
 * messages (`invalid key "x" on line N`, `path "p": invalid capability "c"`, ...). Problems carry
 * `POLICY_*` codes and source ranges; the value is undefined when an error was found.
 *
 * @example readPolicy('path "cloud/creds/deploy" { capabilities = ["read"] }', 'deploy').value?.rules[0]?.capabilities // ["read"]
 */
export function readPolicy(text: string, name = ''): PolicyRead {
  const lines = new LineIndex(text);
  const problems: Problem[] = [];
  const report = (code: Problem['code'], message: string, range: OffsetRange, path = ''): void => {
    problems.push({ code, severity: 'error', message, path, range: lines.range(range) });
  };
  const parsed = parseHcl(text);
  if (!parsed.root) {
    report('POLICY_SYNTAX', parsed.error.message, parsed.error.range);
    return { value: undefined, problems };
  }
  for (const entry of parsed.root.entries) {
    if (!TOP_KEYS.includes(entry.key))
      report(
        'POLICY_UNKNOWN_KEY',
        `invalid key "${entry.key}" on line ${lines.position(entry.keyRange.start).line}`,
        entry.keyRange,
        `/${escape(entry.key)}`,
      );
  }
  for (const entry of parsed.root.entries.filter((e) => e.key === 'name' && e.value.kind !== 'string')) {
    report('POLICY_BAD_VALUE', 'name: expected a string', entry.value.range, '/name');
  }
  if (problems.length > 0) return { value: undefined, problems };
  const rules: PathRule[] = [];
  for (const entry of parsed.root.entries.filter((e) => e.key === 'path')) {
    if (entry.value.kind !== 'object') {
      report('POLICY_BAD_VALUE', 'path: expected an object of path rules', entry.value.range, '/path');
      continue;
    }
    for (const block of entry.value.entries) {
      const rule = readRule(block, lines, problems);
      if (rule) rules.push(rule);
    }
  }
  return { value: problems.some((p) => p.severity === 'error') ? undefined : { name, rules }, problems };
}

function readRule(block: HclEntry, lines: LineIndex, problems: Problem[]): PathRule | undefined {
  const written = block.key;
  const pointer = `/path/${escape(written)}`;
  const fail = (code: Problem['code'], message: string, range: OffsetRange, path = pointer): undefined => {
    problems.push({
      code,
      severity: 'error',
      message: `path "${written}": ${message}`,
      path,
      range: lines.range(range),
    });
    return undefined;
  };
  if (block.value.kind !== 'object') return fail('POLICY_BAD_VALUE', 'expected a block of rules', block.value.range);
  const body: HclObject = block.value;
  const before = problems.length;
  for (const e of body.entries) {
    if (!RULE_KEYS.includes(e.key))
      fail(
        'POLICY_UNKNOWN_KEY',
        `invalid key "${e.key}" on line ${lines.position(e.keyRange.start).line}`,
        e.keyRange,
        `${pointer}/${escape(e.key)}`,
      );
  }
  if (problems.length > before) return undefined;
  const field = (key: string): HclEntry | undefined => body.entries.filter((e) => e.key === key).pop();
  const path = written.replace(/^\/+/, '');
  if (path.includes('+*'))
    return fail('POLICY_WILDCARD_PLUS_STAR', "invalid use of wildcards ('+*' is forbidden)", block.keyRange);
  const caps = new Set<Capability>();
  const legacy = field('policy');
  if (legacy) {
    const mapped =
      legacy.value.kind === 'string' ? LEGACY_POLICY_CAPABILITIES[String(legacy.value.value).toLowerCase()] : undefined;
    if (!mapped)
      return fail(
        'POLICY_UNKNOWN_CAPABILITY',
        `invalid policy "${scalarText(legacy.value)}"`,
        legacy.value.range,
        `${pointer}/policy`,
      );
    for (const c of mapped) caps.add(c);
  }
  const capsEntry = field('capabilities');
  if (capsEntry) {
    const items = capsEntry.value.kind === 'list' ? capsEntry.value.items : [capsEntry.value];
    for (const [i, item] of items.entries()) {
      const text = item.kind === 'string' ? String(item.value).toLowerCase() : undefined;
      if (text === undefined || !(CAPABILITIES as readonly string[]).includes(text)) {
        return fail(
          'POLICY_UNKNOWN_CAPABILITY',
          `invalid capability "${scalarText(item)}"`,
          item.range,
          `${pointer}/capabilities/${i}`,
        );
      }
      caps.add(text as Capability);
    }
  }
  const allowed = readParameters(field('allowed_parameters'), 'allowed_parameters', fail, pointer);
  const denied = readParameters(field('denied_parameters'), 'denied_parameters', fail, pointer);
  const required = readRequired(field('required_parameters'), fail, pointer);
  const minTtl = readTtl(field('min_wrapping_ttl'), 'min_wrapping_ttl', fail, pointer);
  const maxTtl = readTtl(field('max_wrapping_ttl'), 'max_wrapping_ttl', fail, pointer);
  if (!allowed || !denied || !required || minTtl === undefined || maxTtl === undefined) return undefined;
  if (minTtl > 0 && maxTtl > 0 && maxTtl < minTtl)
    return fail(
      'POLICY_WRAPPING_TTL',
      'max_wrapping_ttl cannot be less than min_wrapping_ttl',
      field('max_wrapping_ttl')?.value.range ?? block.keyRange,
    );
  const capabilitiesRange = (capsEntry ?? legacy)?.value.range;
  return {
    path,
    // A deny in the block drops every other capability of that block.
    capabilities: caps.has('deny') ? ['deny'] : CAPABILITIES.filter((c) => caps.has(c)),
    allowedParameters: allowed,
    deniedParameters: denied,
    requiredParameters: required,
    minWrappingTtl: minTtl,
    maxWrappingTtl: maxTtl,
    range: { start: block.keyRange.start, end: body.range.end },
    pathRange: block.keyRange,
    ...(capabilitiesRange ? { capabilitiesRange } : {}),
  };
}

type Fail = (code: Problem['code'], message: string, range: OffsetRange, path?: string) => undefined;

function readParameters(
  entry: HclEntry | undefined,
  key: string,
  fail: Fail,
  pointer: string,
): Record<string, unknown[]> | undefined {
  if (!entry) return {};
  if (entry.value.kind !== 'object')
    return fail(
      'POLICY_BAD_VALUE',
      `${key} must be a map of parameter names to lists of values`,
      entry.value.range,
      `${pointer}/${key}`,
    );
  const out: Record<string, unknown[]> = {};
  for (const param of entry.value.entries) {
    const values = param.value.kind === 'list' ? param.value.items.map(hclToData) : [hclToData(param.value)];
    const lower = param.key.toLowerCase();
    out[lower] = [...(out[lower] ?? []), ...values];
  }
  return out;
}

function readRequired(entry: HclEntry | undefined, fail: Fail, pointer: string): string[] | undefined {
  if (!entry) return [];
  const items = entry.value.kind === 'list' ? entry.value.items : [entry.value];
  const out: string[] = [];
  for (const item of items) {
    if (item.kind !== 'string')
      return fail(
        'POLICY_BAD_VALUE',
        'required_parameters must be a list of parameter names',
        item.range,
        `${pointer}/required_parameters`,
      );
    out.push(String(item.value).toLowerCase());
  }
  return out;
}

function readTtl(entry: HclEntry | undefined, key: string, fail: Fail, pointer: string): number | undefined {
  if (!entry) return 0;
  const value = entry.value.kind === 'string' || entry.value.kind === 'number' ? entry.value.value : undefined;
  const parsed = parseDuration(value, { allowInteger: true, field: key });
  if (parsed.seconds === undefined)
    return fail(
      'POLICY_BAD_VALUE',
      `error parsing ${key}: ${parsed.problems[0]?.message ?? 'not a duration'}`,
      entry.value.range,
      `${pointer}/${key}`,
    );
  return parsed.seconds;
}

function scalarText(node: HclNode): string {
  return node.kind === 'list' || node.kind === 'object' ? node.kind : String(node.value);
}
