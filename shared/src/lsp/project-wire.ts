import type { FileFacts } from '../history/index.ts';
import { PROJECT_FILE_RULES, PROJECT_LIMITS } from '../history/index.ts';
import { FACT_BOUNDS, type FactBound } from '../history/project-facts.ts';
import type { ConfigBase } from '../history/other-api.ts';
import type { PathHelper } from '../history/path-helpers.ts';
import type { StatusFacts } from '../history/run-task-server.ts';
import type { RouterFacts } from '../history/server-routes.ts';
import { isHttpMethod } from '../history/data-types.ts';

/**
 * The fields of `FileFacts` the tuple's object carries: all but those the wire's tuple carries in its own elements
 * since it first had them (`WireFileFacts`: models, helpers, bases, a Terraform text). (A name misspelt here would
 * leave its field among these, and `OTHER_FIELDS` would then need a reader for it: the compiler says so.)
 */
export type OtherField = Exclude<keyof FileFacts, 'modelPaths' | 'helpers' | 'bases' | 'terraform'>;

/** The tuple's object: each other field present, as JSON (maps as lists of entries). */
export type WireOtherFacts = { [K in OtherField]?: unknown };

/** A problem of a field: its place under the field (`[3]`, `.handed[0]`, '' for the whole field) and what is wrong. */
type Say = (place: string, what: string) => void;

/** How one field crosses the wire: written as JSON, read back at the edge (undefined: nothing of it kept). */
interface FieldWire<T> {
  readonly write: (value: T) => unknown;
  readonly read: (raw: unknown, say: Say) => T | undefined;
}

/** A value in a problem: a short string quoted (newlines and controls escaped), else its kind. */
export function shown(value: unknown): string {
  if (typeof value === 'string')
    return value.length <= 40 ? JSON.stringify(value) : `a string of ${value.length} characters`;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (value === undefined) return 'missing';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A name (of a model, a helper, a constant, a client): 1 to a signature's length of characters. */
export function isName(value: unknown): value is string {
  return isNameWithin(value, PROJECT_LIMITS.signature);
}

/** A name of 1 to `max` characters (a field's bound's: `FactBound`). */
function isNameWithin(value: unknown, max: number): value is string {
  return typeof value === 'string' && value !== '' && value.length <= max;
}

/** A value that may be empty (an operation that sends none, a router's prefix): at most `max` characters. */
function isText(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length <= max;
}

/** A list's length past its bound, said once: the first `max` are kept. */
export function overBound(say: Say, place: string, list: readonly unknown[], max: number, what: string): void {
  if (list.length > max)
    say(place, `holds ${list.length} ${what}, over the bound of ${max}: the first ${max} are kept`);
}

/** A value read by `read` into `T` under the field's bound (`FactBound.value`), undefined when out of shape. */
type Reader<T> = (raw: unknown, bound: FactBound) => T | undefined;

const asName: Reader<string> = (raw, bound) => (isNameWithin(raw, bound.value) ? raw : undefined);
const asText: Reader<string> = (raw, bound) => (isText(raw, bound.value) ? raw : undefined);

/**
 * A map by name, on the wire a list of `[name, value]` entries, within the field's bound (`FACT_BOUNDS`: what its
 * producer can make, no more): at most `bound.entries`, the first kept; an entry out of shape or past the bound's
 * lengths is left out and said, the others kept.
 */
function entriesOf<V>(
  what: string,
  shape: string,
  value: Reader<V>,
  bound: FactBound,
): FieldWire<ReadonlyMap<string, V>> {
  const max = bound.entries;
  // (A text value's bound said too; another value's shape says it.)
  const lengths = value === asName || value === asText ? `, its ${shape} of at most ${bound.value}` : '';
  return {
    write: (map) => [...map],
    read: (raw, say) => {
      if (!Array.isArray(raw)) {
        say('', `is ${shown(raw)}, not a list of [name, ${shape}]: it is left out`);
        return undefined;
      }
      overBound(say, '', raw, max, `${what}s`);
      const out = new Map<string, V>();
      for (const [i, entry] of raw.slice(0, max).entries()) {
        const [key, inner] = Array.isArray(entry) && entry.length === 2 ? (entry as unknown[]) : [];
        const read = isNameWithin(key, bound.name) ? value(inner, bound) : undefined;
        if (read !== undefined) out.set(key as string, read);
        else
          say(
            `[${i}]`,
            `(${what}) is not [name, ${shape}] with a name of 1 to ${bound.name} characters${lengths}${typeof inner === 'string' ? ` (got ${shown(inner)})` : ''}: it is left out`,
          );
      }
      return out.size === 0 ? undefined : out;
    },
  };
}

/**
 * A list of values within the field's bound (`FACT_BOUNDS`): at most `bound.entries`, the first kept; a value out of
 * shape or past the bound's lengths (`lengths` says them) is left out and said.
 */
function listOf<V>(
  what: string,
  shape: string,
  lengths: string,
  value: Reader<V>,
  bound: FactBound,
): FieldWire<readonly V[]> {
  const max = bound.entries;
  return {
    write: (list) => [...list],
    read: (raw, say) => {
      if (!Array.isArray(raw)) {
        say('', `is ${shown(raw)}, not a list of ${what}s: it is left out`);
        return undefined;
      }
      overBound(say, '', raw, max, `${what}s`);
      const out: V[] = [];
      for (const [i, inner] of raw.slice(0, max).entries()) {
        const read = value(inner, bound);
        if (read === undefined) say(`[${i}]`, `(${what}) is ${shown(inner)}, not ${shape}${lengths}: it is left out`);
        else out.push(read);
      }
      return out.length === 0 ? undefined : out;
    },
  };
}

/** A plain JSON object (not a list, not null). */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A position among a function's parameters: a small whole number. */
function isPosition(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < PROJECT_LIMITS.signature;
}

/**
 * A path helper (`path-helpers.ts`'s `PathHelper`): its pieces (literal texts and parameters' positions) from a body of
 * at most 2,000 characters, so at most a signature's length of them, each text at most a signature's length.
 */
const asPathHelper: Reader<PathHelper> = (raw) => {
  if (!isRecord(raw)) return undefined;
  const { pieces, rest, method, returns } = raw;
  if (
    !Array.isArray(pieces) ||
    pieces.length > PROJECT_LIMITS.signature ||
    !pieces.every((piece) => isText(piece, PROJECT_LIMITS.signature) || isPosition(piece)) ||
    (rest !== undefined && !isPosition(rest)) ||
    (method !== undefined && !isHttpMethod(method)) ||
    typeof returns !== 'boolean'
  )
    return undefined;
  return {
    pieces,
    ...(rest === undefined ? {} : { rest }),
    ...(method === undefined ? {} : { method }),
    returns,
  };
};

/** A configuration's base: this API's URL or another's (`other-api.ts`'s `ConfigBase`). */
const asConfigBase: Reader<ConfigBase> = (raw) => (raw === 'own' || raw === 'other' ? raw : undefined);

/**
 * A run task server's status names and YAML hand-overs (`run-task-server.ts`'s `StatusFacts`, within its STATUS_BOUND:
 * a name of 1 to `name` characters, a hand-over's key so too and the name it reads of 1 to `value`).
 */
const names = listOf(
  'status name',
  'a name',
  ` of 1 to ${FACT_BOUNDS.taskStatus.name} characters`,
  (raw, bound) => (isNameWithin(raw, bound.name) ? raw : undefined),
  FACT_BOUNDS.taskStatus,
);
const handovers = listOf<readonly [string, string]>(
  'hand-over',
  '[key, name]',
  ` of 1 to ${FACT_BOUNDS.taskStatus.name} and 1 to ${FACT_BOUNDS.taskStatus.value} characters`,
  (raw, bound) => {
    const [key, name] = Array.isArray(raw) && raw.length === 2 ? (raw as unknown[]) : [];
    return isNameWithin(key, bound.name) && isNameWithin(name, bound.value) ? [key, name] : undefined;
  },
  FACT_BOUNDS.taskStatus,
);
const taskStatus: FieldWire<StatusFacts> = {
  write: (status) => ({ names: [...status.names], handovers: status.handovers.map(([k, n]) => [k, n]) }),
  read: (raw, say) => {
    if (!isRecord(raw)) {
      say('', `is ${shown(raw)}, not {names, handovers}: it is left out`);
      return undefined;
    }
    const sayIn =
      (field: string): Say =>
      (place, what) =>
        say(`.${field}${place}`, what);
    const read = {
      names: raw.names === undefined ? [] : (names.read(raw.names, sayIn('names')) ?? []),
      handovers: raw.handovers === undefined ? [] : (handovers.read(raw.handovers, sayIn('handovers')) ?? []),
    };
    return read.names.length + read.handovers.length === 0 ? undefined : read;
  },
};

/** The routers a file hands to functions, its constants holding this API's paths, the routers it mounts. */
const routerMaps = {
  handed: entriesOf('handed router', 'prefix', asText, FACT_BOUNDS.routers),
  consts: entriesOf('constant', 'path', asText, FACT_BOUNDS.routers),
  mounts: entriesOf('mount', 'prefix', asText, FACT_BOUNDS.routers),
} satisfies { [K in keyof RouterFacts]-?: FieldWire<NonNullable<RouterFacts[K]>> };
const routers: FieldWire<RouterFacts> = {
  write: (facts) =>
    Object.fromEntries(
      (Object.keys(routerMaps) as (keyof RouterFacts)[]).flatMap((key) => {
        const map = facts[key];
        return map === undefined ? [] : [[key, routerMaps[key].write(map)]];
      }),
    ),
  read: (raw, say) => {
    if (!isRecord(raw)) {
      say('', `is ${shown(raw)}, not {handed, consts, mounts}: it is left out`);
      return undefined;
    }
    const out: { -readonly [K in keyof RouterFacts]: RouterFacts[K] } = {};
    for (const key of Object.keys(raw)) {
      if (!Object.hasOwn(routerMaps, key)) {
        say(`.${key.slice(0, 40)}`, 'is no field of the routers: it is left out');
        continue;
      }
      const read = routerMaps[key as keyof RouterFacts].read(raw[key], (place, what) => say(`.${key}${place}`, what));
      if (read !== undefined) out[key as keyof RouterFacts] = read;
    }
    return Object.keys(out).length === 0 ? undefined : out;
  },
};

/**
 * Each `FileFacts` field the tuple's object carries, its writer and its reader at the edge: a field added to FileFacts
 * without one here fails to compile (the `satisfies`), so no fact is lost on the wire again (session 32: operations, Go
 * clients, routes and eleven more were, and VS Code's hovers missed what `keyfob history scan` found through other files).
 */
export const OTHER_FIELDS = {
  goClients: listOf(
    'Go client source',
    'a name',
    ` of 1 to ${FACT_BOUNDS.goClients.name} characters`,
    (raw, bound) => (isNameWithin(raw, bound.name) ? raw : undefined),
    FACT_BOUNDS.goClients,
  ),
  goReturns: entriesOf('Go return', 'struct', asName, FACT_BOUNDS.goReturns),
  operations: entriesOf('operation', 'endpoint id', asText, FACT_BOUNDS.operations),
  operationClasses: entriesOf('operation class', 'class', asName, FACT_BOUNDS.operationClasses),
  queryConsts: entriesOf('query constant', 'key', asName, FACT_BOUNDS.queryConsts),
  releases: entriesOf('release', 'release', asName, FACT_BOUNDS.releases),
  laterReleases: entriesOf('later release', 'release', asName, FACT_BOUNDS.laterReleases),
  httpSources: entriesOf('http data source', 'resource', asName, FACT_BOUNDS.httpSources),
  taskStatus,
  pathHelpers: entriesOf('path helper', '{pieces, rest, method, returns}', asPathHelper, FACT_BOUNDS.pathHelpers),
  routers,
  configBases: entriesOf('config base', '"own" or "other"', asConfigBase, FACT_BOUNDS.configBases),
  namesApi: {
    write: (folder: string) => folder,
    read: (raw, say) => {
      // The file's folder (`dirOf`): '' at the folder's root.
      if (typeof raw === 'string' && raw.length <= PROJECT_FILE_RULES.maxPathLength) return raw;
      say(
        '',
        `is ${shown(raw)}, not a folder of at most ${PROJECT_FILE_RULES.maxPathLength} characters: it is left out`,
      );
      return undefined;
    },
  },
  unproven: {
    write: (value: true) => value,
    read: (raw, say) => {
      if (raw === true) return true;
      say('', `is ${shown(raw)}, not true: it is left out`);
      return undefined;
    },
  },
} satisfies { [K in OtherField]-?: FieldWire<NonNullable<FileFacts[K]>> };

/** The file's other fields as the tuple's object; undefined when it has none (the tuple then ends as before). */
export function otherFactsToWire(facts: FileFacts): WireOtherFacts | undefined {
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(OTHER_FIELDS) as OtherField[]) {
    const value = facts[key];
    if (value !== undefined) (out ??= {})[key] = (OTHER_FIELDS[key] as FieldWire<unknown>).write(value);
  }
  return out;
}

/**
 * The tuple's object read at the edge: each field by its reader (`OTHER_FIELDS`), what is out of shape or over a bound
 * left out and said (`say`: the field's place under the object, and what); a field this server does not know is said.
 */
export function otherFactsFromWire(raw: unknown, say: Say): Partial<Pick<FileFacts, OtherField>> {
  if (raw === undefined) return {};
  if (!isRecord(raw)) {
    say('', `is ${shown(raw)}, not an object of facts: the file's other facts are left out`);
    return {};
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(raw)) {
    if (!Object.hasOwn(OTHER_FIELDS, key)) {
      say(`.${key.slice(0, 40)}`, `is no field of a file's facts: it is left out`);
      continue;
    }
    const reader = OTHER_FIELDS[key as OtherField] as FieldWire<unknown>;
    const read = reader.read(raw[key], (place, what) => say(`.${key}${place}`, what));
    if (read !== undefined) out[key] = read;
  }
  return out;
}
