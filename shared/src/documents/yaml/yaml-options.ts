import type { DocumentOptions, ParseOptions, SchemaOptions } from 'yaml';

/**
 * How every YAML document is read: YAML 1.2 with the core schema, so `yes`, `no` and `on` stay
 * strings (as the engine's JSON sees them) while `true`, `1e3` and `0o17` are a boolean and numbers.
 * Duplicate keys are detected by our own walk (the last value wins, as in the engine's JSON decoder),
 * so the library's own check is off.
 */
export const YAML_OPTIONS = {
  version: '1.2',
  schema: 'core',
  uniqueKeys: false,
  prettyErrors: false,
  merge: false,
  intAsBigInt: false,
} as const satisfies DocumentOptions & ParseOptions & SchemaOptions;
