import { closestName } from '../closest-name.ts';
import { BUILTIN_FUNCTIONS } from './builtin-functions.ts';
import { ENGINE_FUNCTIONS } from './engine-functions.ts';
import type { TemplateFunction } from './template-function.ts';

const TABLE: ReadonlyMap<string, TemplateFunction> = new Map(
  [...BUILTIN_FUNCTIONS, ...ENGINE_FUNCTIONS].map((fn) => [fn.name, fn]),
);

/** Looks a function up by its exact name. */
export function findTemplateFunction(name: string): TemplateFunction | undefined {
  return TABLE.get(name);
}

/**
 * Go text/template builtins that exist in Go but make no sense for a username built from three
 * strings; keyfob refuses them so a template that lints clean also renders the same everywhere.
 */
const UNSUPPORTED_GO_BUILTINS: ReadonlySet<string> = new Set([
  'html',
  'js',
  'urlquery',
  'index',
  'slice',
  'call',
  'println',
]);

/** Names people bring from Sprig/Helm and other template dialects, mapped to the engine's function. */
const FUNCTION_ALIASES: Readonly<Record<string, string>> = {
  rand: 'random',
  randalphanum: 'random',
  randalphanumeric: 'random',
  trunc: 'truncate',
  upper: 'uppercase',
  toupper: 'uppercase',
  lower: 'lowercase',
  tolower: 'lowercase',
  sha256sum: 'sha256',
  b64enc: 'base64',
  base64encode: 'base64',
  now: 'timestamp',
  date: 'timestamp',
  unixtime: 'unix_time',
  uuidv4: 'uuid',
  equal: 'eq',
  sprintf: 'printf',
};

/** True for a Go builtin keyfob knows but does not support in username templates. */
export function isUnsupportedGoBuiltin(name: string): boolean {
  return UNSUPPORTED_GO_BUILTINS.has(name);
}

/** The closest function name for a "did you mean" hint. */
export function suggestFunction(name: string): string | undefined {
  return closestName(name, [...TABLE.keys()], FUNCTION_ALIASES);
}
