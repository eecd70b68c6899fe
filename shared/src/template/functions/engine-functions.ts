import { printedLength, stringOf, UNKNOWN } from '../abstract-value.ts';
import type { AbstractValue } from '../abstract-value.ts';
import type { TemplateValue } from '../ast.ts';
import { encodeBase64 } from '../base64.ts';
import { formatGoTime, layoutLengthBounds } from '../go-time-layout.ts';
import { sha256Hex } from '../sha256.ts';
import { assertValueSize, TemplateRenderError } from '../template-render-error.ts';
import { isAscii, truncateUtf8, utf8Length } from '../utf8.ts';
import { caseBound, changeCase, replaceAll, replaceBound } from './string-functions.ts';
import type { ArgInfo, ArgIssue, TemplateDeps, TemplateFunction } from './template-function.ts';

/** The characters of `random`: base62, `[A-Za-z0-9]`. */
export const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';
/** `truncate_sha256` keeps this many hex digits of the hash. */
const SHA_SUFFIX = 8;

const str = (v: TemplateValue | undefined): string => (typeof v === 'string' ? v : '');
const int = (v: TemplateValue | undefined): number => (typeof v === 'number' ? v : 0);
const fixed = (n: number): AbstractValue => stringOf(n, n, true);

/** `count` characters of `alphabet`, one `deps.randomInt` call each, in order. */
export function randomChars(alphabet: string, count: number, deps: TemplateDeps): string {
  let out = '';
  for (let i = 0; i < count; i++) out += alphabet[deps.randomInt(alphabet.length)] ?? '';
  return out;
}

/** `unix_time`: the current Unix time in whole seconds, as text. */
export function unixTime(deps: TemplateDeps): string {
  return String(Math.floor(deps.now().getTime() / 1000));
}

/** A parse-time check that a constant integer argument is at least `min`. */
function constAtLeast(index: number, min: number, name: string): (args: readonly ArgInfo[]) => ArgIssue[] {
  return (args) => {
    const value = args[index]?.value;
    if (typeof value !== 'number' || value >= min) return [];
    return [
      {
        code: 'TEMPLATE_ARG_VALUE',
        index,
        message: `${name} needs a length of at least ${min}, not ${value}; every generation would fail.`,
      },
    ];
  };
}

/** Length bound of cutting `input` to `n` bytes (n known or not). */
function cutBound(nArg: AbstractValue | undefined, input: AbstractValue | undefined): AbstractValue {
  const range = printedLength(input ?? UNKNOWN);
  if (nArg?.kind !== 'const' || typeof nArg.value !== 'number') return stringOf(0, range.max, range.ascii);
  const n = nArg.value;
  // A cut on a character boundary can land up to 3 bytes short of n for non-ASCII text.
  const floor = range.ascii ? n : Math.max(0, n - 3);
  return stringOf(Math.min(range.min, floor), range.max === undefined ? n : Math.min(range.max, n), range.ascii);
}

function truncate(args: readonly TemplateValue[]): TemplateValue {
  const [n, s] = [int(args[0]), str(args[1])];
  if (n <= 0) throw new TemplateRenderError(`max length must be > 0 but was ${n}`, 'truncate');
  return utf8Length(s) > n ? truncateUtf8(s, n) : s;
}

function truncateSha256(args: readonly TemplateValue[]): TemplateValue {
  const [n, s] = [int(args[0]), str(args[1])];
  if (n <= SHA_SUFFIX)
    throw new TemplateRenderError(`max length must be > ${SHA_SUFFIX} but was ${n}`, 'truncate_sha256');
  if (utf8Length(s) <= n) return s;
  const head = truncateUtf8(s, n - SHA_SUFFIX);
  return head + sha256Hex(s.slice(head.length)).slice(0, SHA_SUFFIX);
}

function random(args: readonly TemplateValue[], deps: TemplateDeps): TemplateValue {
  const n = int(args[0]);
  if (n < 0) throw new TemplateRenderError(`length must be >= 0 but was ${n}`, 'random');
  assertValueSize(n, 'random');
  return randomChars(BASE62, n, deps);
}

/** 16 random bytes as 8-4-4-4-12 hex digits; like the engine's, no version bits are set. */
function uuid(deps: TemplateDeps): string {
  const hex = randomChars(HEX, 32, deps);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function base64Bound(input: AbstractValue | undefined): AbstractValue {
  const r = printedLength(input ?? UNKNOWN);
  return stringOf(4 * Math.ceil(r.min / 3), r.max === undefined ? undefined : 4 * Math.ceil(r.max / 3), true);
}

function timestampBound(layout: AbstractValue | undefined): AbstractValue {
  if (layout?.kind !== 'const' || typeof layout.value !== 'string') return stringOf(0, undefined, false);
  const { min, max } = layoutLengthBounds(layout.value);
  return stringOf(min, max, isAscii(layout.value));
}

/** The engine's own template functions (Vault's sdk/helper/template set). */
export const ENGINE_FUNCTIONS: readonly TemplateFunction[] = [
  {
    name: 'truncate',
    usage: 'truncate N STRING',
    summary: 'Cuts STRING to at most N bytes (N > 0).',
    params: ['int', 'string'],
    returns: 'string',
    pure: true,
    call: truncate,
    bound: ([n, s]) => cutBound(n, s),
    checkArgs: constAtLeast(0, 1, 'truncate'),
  },
  {
    name: 'truncate_sha256',
    usage: 'truncate_sha256 N STRING',
    summary: 'Cuts STRING to N bytes, replacing the cut-off part with the first 8 hex digits of its SHA-256 (N > 8).',
    params: ['int', 'string'],
    returns: 'string',
    pure: true,
    call: truncateSha256,
    bound: ([n, s]) => cutBound(n, s),
    checkArgs: constAtLeast(0, SHA_SUFFIX + 1, 'truncate_sha256'),
  },
  {
    name: 'uppercase',
    usage: 'uppercase STRING',
    summary: 'Upper-cases STRING.',
    params: ['string'],
    returns: 'string',
    pure: true,
    call: ([s]) => changeCase(str(s), 'upper'),
    bound: ([s]) => caseBound(s),
  },
  {
    name: 'lowercase',
    usage: 'lowercase STRING',
    summary: 'Lower-cases STRING.',
    params: ['string'],
    returns: 'string',
    pure: true,
    call: ([s]) => changeCase(str(s), 'lower'),
    bound: ([s]) => caseBound(s),
  },
  {
    name: 'replace',
    usage: 'replace OLD NEW STRING',
    summary: 'Replaces every OLD in STRING with NEW.',
    params: ['string', 'string', 'string'],
    returns: 'string',
    pure: true,
    call: ([o, n, s]) => replaceAll(str(s), str(o), str(n)),
    bound: ([o, n, s]) => replaceBound(o, n, s),
  },
  {
    name: 'sha256',
    usage: 'sha256 STRING',
    summary: 'Lower-case hex SHA-256 of STRING (64 characters).',
    params: ['string'],
    returns: 'string',
    pure: true,
    call: ([s]) => sha256Hex(str(s)),
    bound: () => fixed(64),
  },
  {
    name: 'base64',
    usage: 'base64 STRING',
    summary: 'Standard base64 of STRING (4 characters per 3 bytes).',
    params: ['string'],
    returns: 'string',
    pure: true,
    call: ([s]) => encodeBase64(str(s)),
    bound: ([s]) => base64Bound(s),
  },
  {
    name: 'random',
    usage: 'random N',
    summary: 'N random characters from [A-Za-z0-9].',
    params: ['int'],
    returns: 'string',
    pure: false,
    call: random,
    bound: ([n]) =>
      n?.kind === 'const' && typeof n.value === 'number' ? fixed(Math.max(0, n.value)) : stringOf(0, undefined, true),
    checkArgs: constAtLeast(0, 0, 'random'),
  },
  {
    name: 'unix_time',
    usage: 'unix_time',
    summary: 'The current Unix time in seconds (10 digits).',
    params: [],
    returns: 'string',
    pure: false,
    call: (_a, d) => unixTime(d),
    bound: () => fixed(10),
  },
  {
    name: 'unix_time_millis',
    usage: 'unix_time_millis',
    summary: 'The current Unix time in milliseconds (13 digits).',
    params: [],
    returns: 'string',
    pure: false,
    call: (_a, d) => String(Math.floor(d.now().getTime())),
    bound: () => fixed(13),
  },
  {
    name: 'timestamp',
    usage: 'timestamp LAYOUT',
    summary: 'The current UTC time in a Go layout such as "2006-01-02T15:04:05Z07:00".',
    params: ['string'],
    returns: 'string',
    pure: false,
    call: ([l], d) => formatGoTime(d.now(), str(l)),
    bound: ([l]) => timestampBound(l),
  },
  {
    name: 'uuid',
    usage: 'uuid',
    summary: 'A random UUID-shaped id (36 characters).',
    params: [],
    returns: 'string',
    pure: false,
    call: (_a, d) => uuid(d),
    bound: () => fixed(36),
  },
];
