import type { HistorySubject } from '../../history/types.ts';

/**
 * A subject as a list or message names it: endpoints by method and path (`POST /registry-modules`),
 * everything else by name and, when it has one, the resource that owns it (`enforce (policies)`).
 */
export function subjectLabel(subject: HistorySubject): string {
  if (subject.type === 'endpoint' || subject.resource === undefined || subject.resource === subject.name)
    return subject.name;
  return `${subject.name} (${subject.resource})`;
}

/** What a subject is, in a few words: `attribute of policies`, `endpoint`, `query parameter of GET /runs`. */
export function subjectKind(subject: HistorySubject): string {
  const type =
    subject.type === 'parameter'
      ? 'query parameter'
      : subject.type === 'status'
        ? `${subject.valueField ?? 'status'} value`
        : subject.type;
  if (subject.resource !== undefined && subject.type !== 'endpoint' && subject.type !== 'resource')
    return `${type} of ${subject.resource}`;
  if (subject.type === 'parameter' && subject.path !== undefined) return `${type} of ${subject.path}`;
  return type;
}
