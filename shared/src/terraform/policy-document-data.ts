import type { OffsetRange } from '../problem.ts';
import { evaluateAttribute, type DataSourceCall, type Evaluated, type ValueLocations } from './evaluated.ts';
import type { TfBlock } from './terraform-ast.ts';

/** Statement attributes and the IAM keys they become (lists: one item is written as a string). */
const STATEMENT_LISTS: readonly (readonly [string, string])[] = [
  ['actions', 'Action'],
  ['not_actions', 'NotAction'],
  ['resources', 'Resource'],
  ['not_resources', 'NotResource'],
];
const MERGED = ['source_policy_documents', 'override_policy_documents', 'source_json', 'override_json'];

type Known = Evaluated & { known: true };

/**
 * `data "aws_iam_policy_document"` turned into the JSON AWS gets, as the AWS provider writes it:
 * Version (default 2012-10-17) and Id, each `statement` with Sid, Effect (default Allow), Action /
 * NotAction / Resource / NotResource (one item as a string, several in reverse sorted order),
 * Principal / NotPrincipal by type (`*` with `*` as "*"), and Condition by test and variable.
 * Documents merged from others (`source_policy_documents`, ...) and dynamic blocks are unknown.
 */
export function policyDocumentData(call: DataSourceCall): Evaluated {
  const { block, evaluator, file, reference } = call;
  const local = file === evaluator.file;
  const at = (range: OffsetRange): OffsetRange => (local ? range : reference);
  const merged = MERGED.find((name) => block.attributes.has(name));
  if (merged) return { known: false, reason: `the policy data source merges ${merged}`, range: reference };
  if (block.blocks.some((b) => b.type === 'dynamic'))
    return { known: false, reason: 'the policy data source has dynamic blocks', range: reference };
  const locations: ValueLocations = new Map();
  const document: Record<string, unknown> = {};
  const read = (name: string): Known | { known: false; reason: string } | undefined => {
    const value = evaluateAttribute(call, block, name);
    return !value || value.known ? value : { known: false, reason: value.reason };
  };
  const version = read('version');
  if (version && !version.known) return { known: false, reason: version.reason, range: reference };
  document.Version = version?.value ?? '2012-10-17';
  if (version) locations.set('/Version', { value: at(version.range) });
  const id = read('policy_id');
  if (id && !id.known) return { known: false, reason: id.reason, range: reference };
  if (id) {
    document.Id = id.value;
    locations.set('/Id', { value: at(id.range) });
  }
  const statements: unknown[] = [];
  for (const [index, statement] of block.blocks.filter((b) => b.type === 'statement').entries()) {
    const pointer = `/Statement/${index}`;
    locations.set(pointer, { value: at(statement.head) });
    const rendered = renderStatement(statement, call, pointer, locations, at);
    if ('reason' in rendered) return { known: false, reason: rendered.reason, range: reference };
    statements.push(rendered.value);
  }
  document.Statement = statements;
  locations.set('/Statement', { value: at(block.head) });
  return {
    known: true,
    value: JSON.stringify(document),
    range: reference,
    structured: { value: document, locations },
  };
}

function renderStatement(
  statement: TfBlock,
  call: DataSourceCall,
  pointer: string,
  locations: ValueLocations,
  at: (range: OffsetRange) => OffsetRange,
): { value: Record<string, unknown> } | { reason: string } {
  if (statement.blocks.some((b) => b.type === 'dynamic')) return { reason: 'a statement has dynamic blocks' };
  const out: Record<string, unknown> = {};
  const read = (block: TfBlock, name: string): Known | { reason: string } | undefined => {
    const value = evaluateAttribute(call, block, name);
    if (!value) return undefined;
    if (!value.known) return { reason: value.reason };
    const key = block.attributes.get(name)?.nameRange;
    locations.set(`${pointer}/${KEY_OF[name] ?? name}`, { ...(key ? { key: at(key) } : {}), value: at(value.range) });
    return value;
  };
  const sid = read(statement, 'sid');
  if (sid && 'reason' in sid) return sid;
  if (sid) out.Sid = sid.value;
  const effect = read(statement, 'effect');
  if (effect && 'reason' in effect) return effect;
  out.Effect = effect?.value ?? 'Allow';
  for (const [attribute, key] of STATEMENT_LISTS) {
    const value = read(statement, attribute);
    if (!value) continue;
    if ('reason' in value) return value;
    out[key] = asIamList(value.value);
    itemPlaces(value, `${pointer}/${key}`, out[key], locations, at);
  }
  for (const [type, key] of [
    ['principals', 'Principal'],
    ['not_principals', 'NotPrincipal'],
  ] as const) {
    const blocks = statement.blocks.filter((b) => b.type === type);
    if (blocks.length === 0) continue;
    const principal: Record<string, unknown[]> = {};
    for (const b of blocks) {
      const kind = read(b, 'type');
      const identifiers = read(b, 'identifiers');
      if (kind && 'reason' in kind) return kind;
      if (identifiers && 'reason' in identifiers) return identifiers;
      if (typeof kind?.value !== 'string' || !Array.isArray(identifiers?.value))
        return { reason: `a ${type} block is incomplete` };
      principal[kind.value] = [...(principal[kind.value] ?? []), ...(identifiers.value as unknown[])];
    }
    locations.set(`${pointer}/${key}`, { value: at((blocks[0] as TfBlock).head) });
    const only = Object.entries(principal);
    out[key] =
      only.length === 1 && only[0]?.[0] === '*' && JSON.stringify(only[0][1]) === '["*"]'
        ? '*'
        : Object.fromEntries(only.map(([k, v]) => [k, asIamList(v)]));
  }
  const conditions = statement.blocks.filter((b) => b.type === 'condition');
  if (conditions.length > 0) {
    const condition: Record<string, Record<string, unknown>> = {};
    for (const c of conditions) {
      const test = read(c, 'test');
      const variable = read(c, 'variable');
      const values = read(c, 'values');
      for (const part of [test, variable, values]) if (part && 'reason' in part) return part;
      const t = test as Known | undefined;
      const v = variable as Known | undefined;
      if (typeof t?.value !== 'string' || typeof v?.value !== 'string' || !values)
        return { reason: 'a condition block is incomplete' };
      condition[t.value] = { ...condition[t.value], [v.value]: asIamList((values as Known).value) };
    }
    locations.set(`${pointer}/Condition`, { value: at((conditions[0] as TfBlock).head) });
    out.Condition = condition;
  }
  return { value: out };
}

const KEY_OF: Readonly<Record<string, string>> = {
  sid: 'Sid',
  effect: 'Effect',
  actions: 'Action',
  not_actions: 'NotAction',
  resources: 'Resource',
  not_resources: 'NotResource',
};

/** One item as a string, several in reverse sorted order (as the AWS provider writes a set). */
function asIamList(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  if (value.length === 1) return value[0];
  return [...new Set(value.map(String))].sort().reverse();
}

/** Each rendered item's place: the source item with the same text. */
function itemPlaces(
  value: Known,
  pointer: string,
  rendered: unknown,
  locations: ValueLocations,
  at: (range: OffsetRange) => OffsetRange,
): void {
  if (!Array.isArray(rendered) || !Array.isArray(value.value)) return;
  const source = value.value as unknown[];
  rendered.forEach((item, i) => {
    const from = source.indexOf(item);
    const place = value.structured?.locations.get(`/${from}`);
    if (place) locations.set(`${pointer}/${i}`, { value: at(place.value) });
  });
}
