import { parseDuration } from '../duration/index.ts';
import type { Problem } from '../problem.ts';
import { fieldTable, type FieldKind } from './field-info.ts';
import { appendPointer } from '../text/json-pointer.ts';
import { isUnset, type WireKind, type WireRow, type WireValues } from './wire-table.ts';

/** A list field read from an array or a comma-separated string. */
export interface ListValue {
  /** Trimmed, non-empty items. */
  readonly items: readonly string[];
  /** JSON Pointer of each item: `/field/<i>` for an array, the field itself for a comma string. */
  readonly paths: readonly string[];
  /**
   * Per item, for a comma string: where the item sits inside the string, as the `data.valueOffset`
   * and `data.valueLength` that let `attachRanges` narrow a range to the item. Empty for arrays.
   */
  readonly spans: readonly ItemSpan[];
}

/** An item's place inside a comma-separated string value. */
export interface ItemSpan {
  readonly valueOffset: number;
  readonly valueLength: number;
}

/** `data` narrowing a problem to list item `index` when the list was a comma string, else `{}`. */
export function itemSpanData(list: ListValue, index: number): Partial<ItemSpan> {
  return list.spans[index] ?? {};
}

/** A `policy_document`-style field: JSON text or an object. */
interface PolicyValue {
  /** Compact JSON text; `""` when unset or unparsable. */
  readonly text: string;
  /** The parsed document when it parsed. */
  readonly parsed?: unknown;
  /** Why it did not parse (JSON syntax message). */
  readonly error?: string;
  /** Written as a YAML/JSON object rather than text, so nested pointers exist in the file. */
  readonly fromObject: boolean;
}

/** The readable fields of one resource object, typed by the schema's `x-keyfob-value`. */
export interface ParsedFields {
  /** Fields whose keys are present in the input (readable or not). */
  readonly present: ReadonlySet<string>;
  /** Present fields whose values were read (no type error). */
  readonly readable: ReadonlySet<string>;
  readonly strings: ReadonlyMap<string, string>;
  readonly lists: ReadonlyMap<string, ListValue>;
  readonly tags: ReadonlyMap<string, Readonly<Record<string, string>>>;
  /** Durations in seconds. */
  readonly seconds: ReadonlyMap<string, number>;
  readonly integers: ReadonlyMap<string, number>;
  readonly policies: ReadonlyMap<string, PolicyValue>;
  /** Nested objects (manifest sections) as given. */
  readonly objects: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
}

interface Mutable {
  present: Set<string>;
  readable: Set<string>;
  strings: Map<string, string>;
  lists: Map<string, ListValue>;
  tags: Map<string, Record<string, string>>;
  seconds: Map<string, number>;
  integers: Map<string, number>;
  policies: Map<string, PolicyValue>;
  objects: Map<string, Record<string, unknown>>;
}

/**
 * Reads every known, well-typed field into typed values, the way the engine's field parser does:
 * comma strings split and trimmed (`""` → `[]`), `key=value` lists into maps, durations into
 * seconds. Problems: `FIELD_EMPTY_ITEM`, `FIELD_INVALID_KEY_PAIR`, `DURATION_*`.
 */
export function parseFields(
  kind: FieldKind,
  input: Readonly<Record<string, unknown>>,
  basePath: string,
  skip: ReadonlySet<string>,
  problems: Problem[],
  source: 'file' | 'request' = 'file',
): ParsedFields {
  const out = emptyFields();
  for (const [name, info] of fieldTable(kind)) {
    if (!Object.hasOwn(input, name)) continue;
    out.present.add(name);
    if (skip.has(name)) continue;
    out.readable.add(name);
    const raw = input[name];
    const path = appendPointer(basePath, name);
    switch (info.value) {
      case 'string':
        out.strings.set(name, raw as string);
        break;
      case 'integer':
        out.integers.set(name, raw as number);
        break;
      case 'list':
        out.lists.set(name, readList(name, raw as string | string[], path, problems));
        break;
      case 'tags':
        out.tags.set(name, readTags(name, raw as Record<string, unknown> | string[], path, problems));
        break;
      case 'duration':
      case 'duration-or-seconds':
        readSeconds(
          name,
          raw,
          path,
          {
            preferUnit: info.value === 'duration' && source === 'file',
            allowDays: info.days,
          },
          out,
          problems,
        );
        break;
      case 'leeway':
        // -1 turns the leeway off (the real engine's JWT method).
        if (raw === -1 || raw === '-1') out.seconds.set(name, -1);
        else readSeconds(name, raw, path, { preferUnit: false, allowDays: false }, out, problems);
        break;
      case 'policy-json':
        out.policies.set(name, readPolicy(raw as string | Record<string, unknown>));
        break;
      case 'map':
      case 'object':
        out.objects.set(name, raw as Record<string, unknown>);
        break;
    }
  }
  return out;
}

function emptyFields(): Mutable {
  return {
    present: new Set(),
    readable: new Set(),
    strings: new Map(),
    lists: new Map(),
    tags: new Map(),
    seconds: new Map(),
    integers: new Map(),
    policies: new Map(),
    objects: new Map(),
  };
}

function readList(field: string, raw: string | readonly string[], path: string, problems: Problem[]): ListValue {
  const fromString = typeof raw === 'string';
  // The engine reads "" as an empty list, not as one empty item.
  const parts = fromString ? (raw.trim() === '' ? [] : raw.split(',')) : raw;
  const items: string[] = [];
  const paths: string[] = [];
  const spans: ItemSpan[] = [];
  let offset = 0;
  parts.forEach((part, index) => {
    const item = part.trim();
    const itemPath = fromString ? path : appendPointer(path, index);
    const span = { valueOffset: offset + part.length - part.trimStart().length, valueLength: item.length };
    // An empty item is drawn on the comma that makes it: the one before it, or after it when first.
    const comma = { valueOffset: index === 0 ? part.length : offset - 1, valueLength: 1 };
    offset += part.length + 1;
    if (item === '') {
      problems.push({
        code: 'FIELD_EMPTY_ITEM',
        severity: 'warning',
        message: `${field} has an empty item${fromString ? ' (two commas in a row, or a comma at an end)' : ''}; remove it.`,
        path: itemPath,
        target: 'value',
        ...(fromString ? { data: comma } : {}),
      });
      return;
    }
    items.push(item);
    paths.push(itemPath);
    if (fromString) spans.push(span);
  });
  return { items, paths, spans };
}

function readTags(
  field: string,
  raw: Readonly<Record<string, unknown>> | readonly string[],
  path: string,
  problems: Problem[],
): Record<string, string> {
  const tags: Record<string, string> = {};
  if (!Array.isArray(raw)) {
    // Numbers and booleans in a YAML map are sent as text, as the engine's weak decoding does.
    for (const [key, value] of Object.entries(raw)) tags[key] = String(value);
    return tags;
  }
  (raw as readonly string[]).forEach((item, index) => {
    const at = item.indexOf('=');
    const key = at < 0 ? '' : item.slice(0, at).trim();
    if (key === '') {
      problems.push({
        code: 'FIELD_INVALID_KEY_PAIR',
        severity: 'error',
        message: `${field} item "${item}" is not a key=value pair (invalid key pair "${item}"); write it as "key=value".`,
        path: appendPointer(path, index),
        target: 'value',
      });
      return;
    }
    tags[key] = item.slice(at + 1).trim();
  });
  return tags;
}

function readSeconds(
  field: string,
  raw: unknown,
  path: string,
  { preferUnit, allowDays }: { readonly preferUnit: boolean; readonly allowDays: boolean },
  out: Mutable,
  problems: Problem[],
): void {
  // The engine's API parses every duration field the same way (integer seconds, a unitless numeric
  // string as seconds, or a duration with a unit), so a value read back as integer seconds can be
  // written back unchanged. Seed 1 writes lease-style durations with a unit: in files, a unitless
  // form of those fields is accepted with a warning that prefers the suffixed string.
  const parsed = parseDuration(raw, { allowInteger: true, allowDays, path, field });
  problems.push(...parsed.problems);
  if (parsed.seconds === undefined) return;
  out.seconds.set(field, parsed.seconds);
  if (preferUnit) {
    const unitless = typeof raw === 'number' || (typeof raw === 'string' && /^\s*[0-9]+\s*$/.test(raw));
    if (unitless) problems.push(unitlessDuration(field, raw, path));
  }
}

function unitlessDuration(field: string, raw: number | string, path: string): Problem {
  const replacement = `${String(raw).trim()}s`;
  return typeof raw === 'number'
    ? {
        code: 'DURATION_INTEGER_NOT_ALLOWED',
        severity: 'warning',
        message: `${field} is an integer (${raw} seconds); the engine accepts it, but seed 1 writes this field as a duration with a unit: "${replacement}".`,
        path,
        target: 'value',
        data: { replacement },
      }
    : {
        code: 'DURATION_MISSING_UNIT',
        severity: 'warning',
        message: `${field} "${raw}" has no unit; the engine reads it as seconds, but write "${replacement}" to say so.`,
        path,
        target: 'value',
        data: { replacement },
      };
}

function readPolicy(raw: string | Readonly<Record<string, unknown>>): PolicyValue {
  if (typeof raw !== 'string') return { text: JSON.stringify(raw), parsed: raw, fromObject: true };
  if (raw.trim() === '') return { text: '', fromObject: false };
  try {
    const parsed: unknown = JSON.parse(raw);
    return { text: JSON.stringify(parsed), parsed, fromObject: false };
  } catch (error) {
    return { text: '', error: (error as Error).message, fromObject: false };
  }
}

/** The value of an unset list or map field: one frozen empty value shared by every role lint keeps. */
const NO_ITEMS: readonly string[] = Object.freeze([]);
const NO_TAGS: Readonly<Record<string, string>> = Object.freeze({});

/** The typed value of each row from fields a validator read (`parseFields`); unset ones take their kind's default. */
export function valuesFromFields<Rows extends readonly WireRow[]>(rows: Rows, fields: ParsedFields): WireValues<Rows> {
  const out: Record<string, unknown> = {};
  for (const row of rows) {
    const { field, wire, kind } = row;
    if (kind === 'seconds') {
      // Zero means unset, as in the engine, but in a row where it is a value.
      const seconds = fields.seconds.get(wire);
      if (seconds !== undefined && !isUnset(row, seconds)) out[field] = seconds;
    } else if (kind === 'integer') {
      const integer = fields.integers.get(wire);
      if (integer !== undefined) out[field] = integer;
    } else out[field] = fieldValue(kind, fields, wire);
  }
  return out as WireValues<Rows>;
}

function fieldValue(kind: Exclude<WireKind, 'seconds' | 'integer'>, fields: ParsedFields, wire: string): unknown {
  switch (kind) {
    case 'text':
      return fields.strings.get(wire) ?? '';
    case 'list':
      // An exact copy: the read list's array has room to grow, and lint keeps this value with its document.
      return fields.lists.get(wire)?.items.slice() ?? NO_ITEMS;
    case 'map':
      return fields.tags.get(wire) ?? NO_TAGS;
    case 'policy':
      return fields.policies.get(wire)?.text ?? '';
  }
}
