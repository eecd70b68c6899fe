import { abstractType, printedLength, staticTruth, stringOf, UNKNOWN, unionValues } from '../abstract-value.ts';
import type { AbstractValue } from '../abstract-value.ts';
import type { TemplateValue } from '../ast.ts';
import { goSprintf } from '../go-sprintf.ts';
import { describeType, goTypeName, isTruthy, printValue } from '../go-value.ts';
import { TemplateRenderError } from '../template-render-error.ts';
import { utf8Length } from '../utf8.ts';
import { printfBound } from './printf-bound.ts';
import type { ArgInfo, ArgIssue, TemplateFunction } from './template-function.ts';

const BOOL: AbstractValue = { kind: 'bool' };

/** Go refuses to compare values of different basic kinds ("incompatible types for comparison"). */
function sameKinds(name: string): (args: readonly ArgInfo[]) => ArgIssue[] {
  return (args) => compareKinds(name, args);
}

function compareKinds(name: string, args: readonly ArgInfo[]): ArgIssue[] {
  const first = args[0]?.type;
  if (first === undefined || first === 'any') return [];
  return args.flatMap((arg, index) =>
    arg.type !== 'any' && arg.type !== first
      ? [
          {
            code: 'TEMPLATE_ARG_TYPE' as const,
            index,
            message: `${name} cannot compare ${describeType(arg.type)} with ${describeType(first)}.`,
          },
        ]
      : [],
  );
}

/** `lt`, `le`, `gt`, `ge` also refuse booleans. */
function ordered(name: string): (args: readonly ArgInfo[]) => ArgIssue[] {
  return (args) => {
    const bools = args.flatMap((arg, index) =>
      arg.type === 'bool'
        ? [
            {
              code: 'TEMPLATE_ARG_TYPE' as const,
              index,
              message: `${name} cannot order booleans; compare numbers or strings.`,
            },
          ]
        : [],
    );
    return bools.length > 0 ? bools : compareKinds(name, args);
  };
}

function compare(name: string, a: TemplateValue | undefined, b: TemplateValue | undefined): number {
  if (a === undefined || b === undefined || typeof a !== typeof b || typeof a === 'boolean') {
    const types = [a, b].map((v) => (v === undefined ? 'nothing' : goTypeName(v)));
    throw new TemplateRenderError(`incompatible types for comparison: ${types.join(' and ')}`, name);
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Go's `eq`/`ne`: values of the same basic kind compare; different kinds are an error. */
function equal(name: string, a: TemplateValue | undefined, b: TemplateValue | undefined): boolean {
  if (a !== undefined && b !== undefined && typeof a === typeof b) return a === b;
  const types = [a, b].map((v) => (v === undefined ? 'nothing' : goTypeName(v)));
  throw new TemplateRenderError(`incompatible types for comparison: ${types.join(' and ')}`, name);
}

function comparison(name: string, test: (order: number) => boolean): TemplateFunction {
  return {
    name,
    usage: `${name} A B`,
    summary: `True when A ${name} B (numbers or strings).`,
    params: ['any', 'any'],
    returns: 'bool',
    pure: true,
    checkArgs: ordered(name),
    call: ([a, b]) => test(compare(name, a, b)),
    bound: () => BOOL,
  };
}

/** `and`/`or` return the argument that decides, as in Go, not a plain boolean. */
function deciding(args: readonly AbstractValue[], stopWhen: boolean): AbstractValue {
  let result: AbstractValue | undefined;
  for (const [i, arg] of args.entries()) {
    const truth = staticTruth(arg);
    if (truth === stopWhen || i === args.length - 1) return result === undefined ? arg : unionValues(result, arg);
    if (truth === undefined) result = result === undefined ? arg : unionValues(result, arg);
  }
  return result ?? UNKNOWN;
}

/** Go's `fmt.Sprint`: a space between two operands when neither is a string. */
function sprint(args: readonly TemplateValue[]): string {
  let out = '';
  args.forEach((arg, i) => {
    const prev = args[i - 1];
    if (i > 0 && typeof arg !== 'string' && prev !== undefined && typeof prev !== 'string') out += ' ';
    out += printValue(arg);
  });
  return out;
}

function sprintBound(args: readonly AbstractValue[]): AbstractValue {
  let min = 0;
  let max: number | undefined = Math.max(0, args.length - 1); // room for the separating spaces
  let ascii = true;
  for (const arg of args) {
    const r = printedLength(arg);
    min += r.min;
    max = max === undefined || r.max === undefined ? undefined : max + r.max;
    ascii &&= r.ascii;
  }
  return stringOf(min, max, ascii);
}

/** The Go text/template builtins a username template can use. */
export const BUILTIN_FUNCTIONS: readonly TemplateFunction[] = [
  {
    name: 'printf',
    usage: 'printf FORMAT ARGS...',
    summary: 'Go fmt.Sprintf: verbs %s %d %v %q, flags, width, %%.',
    params: ['string'],
    rest: 'any',
    returns: 'string',
    pure: true,
    call: ([format, ...args]) => goSprintf(typeof format === 'string' ? format : '', args),
    bound: printfBound,
  },
  {
    name: 'print',
    usage: 'print ARGS...',
    summary: 'Go fmt.Sprint: the arguments joined (spaces between non-strings).',
    params: [],
    rest: 'any',
    returns: 'string',
    pure: true,
    call: sprint,
    bound: sprintBound,
  },
  {
    name: 'eq',
    usage: 'eq A B...',
    summary: 'True when A equals B or any later argument.',
    params: ['any', 'any'],
    rest: 'any',
    returns: 'bool',
    pure: true,
    checkArgs: sameKinds('eq'),
    bound: () => BOOL,
    call: ([a, ...rest]) => rest.some((b) => equal('eq', a, b)),
  },
  {
    name: 'ne',
    usage: 'ne A B',
    summary: 'True when A differs from B.',
    params: ['any', 'any'],
    returns: 'bool',
    pure: true,
    checkArgs: sameKinds('ne'),
    bound: () => BOOL,
    call: ([a, b]) => !equal('ne', a, b),
  },
  comparison('lt', (o) => o < 0),
  comparison('le', (o) => o <= 0),
  comparison('gt', (o) => o > 0),
  comparison('ge', (o) => o >= 0),
  {
    name: 'and',
    usage: 'and A B...',
    summary: 'The first false argument, or the last one (stops evaluating at the first false).',
    params: ['any'],
    rest: 'any',
    returns: 'any',
    pure: true,
    call: (args) => args.find((a) => !isTruthy(a)) ?? args[args.length - 1] ?? false,
    bound: (args) => deciding(args, false),
  },
  {
    name: 'or',
    usage: 'or A B...',
    summary: 'The first true argument, or the last one (stops evaluating at the first true).',
    params: ['any'],
    rest: 'any',
    returns: 'any',
    pure: true,
    call: (args) => args.find((a) => isTruthy(a)) ?? args[args.length - 1] ?? false,
    bound: (args) => deciding(args, true),
  },
  {
    name: 'not',
    usage: 'not A',
    summary: 'True when A is false, 0 or empty.',
    params: ['any'],
    returns: 'bool',
    pure: true,
    call: ([a]) => a === undefined || !isTruthy(a),
    bound: ([a]) => {
      const truth = a === undefined ? undefined : staticTruth(a);
      return truth === undefined ? BOOL : { kind: 'const', value: !truth };
    },
  },
  {
    name: 'len',
    usage: 'len STRING',
    summary: 'Length of STRING in bytes.',
    params: ['string'],
    returns: 'int',
    pure: true,
    call: ([s]) => utf8Length(typeof s === 'string' ? s : ''),
    bound: ([s]) => {
      const r = printedLength(s ?? UNKNOWN);
      return abstractType(s ?? UNKNOWN) === 'string'
        ? { kind: 'int', lo: r.min, hi: r.max }
        : { kind: 'int', lo: 0, hi: undefined };
    },
  },
];
