import type { OffsetRange } from '../../problem.ts';

/** A scalar of HCL (v1) or its JSON form. */
interface HclScalar {
  readonly kind: 'string' | 'number' | 'bool' | 'null';
  readonly value: string | number | boolean | null;
  readonly range: OffsetRange;
}

/** A list `[a, b]`. */
interface HclList {
  readonly kind: 'list';
  readonly items: readonly HclNode[];
  readonly range: OffsetRange;
}

/** One `key = value`, `"key": value` or block (`path "x" { ... }` is `path` holding `{ "x" = { ... } }`). */
export interface HclEntry {
  readonly key: string;
  readonly keyRange: OffsetRange;
  readonly value: HclNode;
}

/** An object body, its entries in source order (repeated keys stay separate, as in HCL v1). */
export interface HclObject {
  readonly kind: 'object';
  readonly entries: readonly HclEntry[];
  readonly range: OffsetRange;
}

/** Any HCL value with its source range. */
export type HclNode = HclScalar | HclList | HclObject;

/** Plain data of a node: objects become records (a repeated key keeps its last value). */
export function hclToData(node: HclNode): unknown {
  if (node.kind === 'list') return node.items.map(hclToData);
  if (node.kind === 'object') return Object.fromEntries(node.entries.map((e) => [e.key, hclToData(e.value)]));
  return node.value;
}
