import type { CodeInfo } from './code-info.ts';

/** Problem codes shared by every resource: unknown keys and value types. Codes are stable: never rename one, add a new one instead. */
export const fieldCodes = {
  FIELD_UNKNOWN: {
    severity: 'warning',
    summary:
      'A key the resource does not define; the engine ignores it (`data.suggestion` holds the closest known key).',
  },
  FIELD_TYPE: {
    severity: 'error',
    summary:
      'A field holds a value of the wrong type, such as a number where a list or a string is expected (`data.expected` names the type).',
  },
  FIELD_INVALID_KEY_PAIR: {
    severity: 'error',
    summary: 'An item of a tag list is not a `key=value` pair with a non-empty key.',
  },
  FIELD_EMPTY_ITEM: {
    severity: 'warning',
    summary:
      'A list holds an empty item (for example `a,,b` or a trailing comma); the engine would send an empty name.',
  },
} as const satisfies Record<string, CodeInfo>;
