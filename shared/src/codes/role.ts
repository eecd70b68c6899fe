import type { CodeInfo } from './code-info.ts';

/** Problem codes of the role area. Codes are stable: never rename one, add a new one instead. */
export const roleCodes = {
} as const satisfies Record<string, CodeInfo>;
