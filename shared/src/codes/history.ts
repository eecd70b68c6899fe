import type { CodeInfo } from './code-info.ts';

/** Problem codes of the platform-API history area (editor diagnostics on code that calls the API). */
export const historyCodes = {
  HISTORY_BREAKING: {
    severity: 'warning',
    summary:
      'Code uses a platform API subject whose newest change is breaking or a removal; check the change before relying on it.',
  },
  HISTORY_NOT_IN_TARGET: {
    severity: 'warning',
    summary:
      'Code uses a platform API subject that the chosen target (a release or a date) does not have yet, or not on its edition.',
  },
  HISTORY_CHANGED: {
    severity: 'info',
    summary: 'Code uses a platform API subject with a change history; the message names its newest change.',
  },
  HISTORY_DEPRECATED: {
    severity: 'warning',
    summary:
      'Code uses a platform API subject that its change history marks deprecated; the message names the replacement when there is one.',
  },
} as const satisfies Record<string, CodeInfo>;
