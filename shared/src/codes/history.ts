import type { CodeInfo } from './code-info.ts';

/** Problem codes of the platform-API history area (editor diagnostics on code that calls the API). */
export const historyCodes = {
  HISTORY_DEPRECATED: {
    severity: 'warning',
    summary: 'Code uses a platform API subject that its change history marks deprecated; the message names the replacement when there is one.',
  },
} as const satisfies Record<string, CodeInfo>;
