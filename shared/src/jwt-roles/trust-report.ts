import type { Problem } from '../problem.ts';

/** How a check reports one finding (the code, its severity, the message, where, and fix data). */
export type Report = (
  code: Problem['code'],
  severity: Problem['severity'],
  message: string,
  path: string,
  target?: 'key' | 'value',
  data?: Readonly<Record<string, unknown>>,
) => void;
