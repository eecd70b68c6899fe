import { parse } from 'yaml';

/** What the trust checks need from one GitHub Actions workflow file. */
export interface WorkflowFacts {
  /** The file, as shown in messages. */
  readonly file: string;
  /** Events it runs on (`push`, `pull_request`, ...). */
  readonly events: readonly string[];
  /** Every `jwt-audience` input of its steps. */
  readonly audiences: readonly string[];
}

/**
 * Reads the events (`on:` as a string, a list or a map) and the `jwt-audience` inputs of a
 * workflow; text that is not a workflow gives no facts (never throws).
 */
export function readWorkflowFacts(text: string, file: string): WorkflowFacts {
  let doc: unknown;
  try {
    doc = parse(text, { maxAliasCount: 100 });
  } catch {
    return { file, events: [], audiences: [] };
  }
  if (typeof doc !== 'object' || doc === null) return { file, events: [], audiences: [] };
  const on = (doc as Record<string, unknown>).on;
  const events =
    typeof on === 'string'
      ? [on]
      : Array.isArray(on)
        ? on.filter((e): e is string => typeof e === 'string')
        : typeof on === 'object' && on !== null
          ? Object.keys(on)
          : [];
  const audiences: string[] = [];
  const jobs = (doc as Record<string, unknown>).jobs;
  for (const job of Object.values(typeof jobs === 'object' && jobs !== null ? jobs : {})) {
    const steps = (job as { steps?: unknown }).steps;
    for (const step of Array.isArray(steps) ? steps : []) {
      const audience = (step as { with?: Record<string, unknown> } | null)?.with?.['jwt-audience'];
      if (typeof audience === 'string' && audience !== '') audiences.push(audience);
    }
  }
  return { file, events, audiences };
}
