import type { CodeInfo } from './code-info.ts';

/** Problem codes of the document area. Codes are stable: never rename one, add a new one instead. */
export const documentCodes = {
} as const satisfies Record<string, CodeInfo>;
