import type { CodeInfo } from './code-info.ts';

/** Problem codes of the template area. Codes are stable: never rename one, add a new one instead. */
export const templateCodes = {
} as const satisfies Record<string, CodeInfo>;
