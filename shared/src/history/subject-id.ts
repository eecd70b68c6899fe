import type { SubjectData } from './data-types.ts';

/**
 * The identity of a subject across entries: endpoints by method and path, parameters by name
 * and path (the same `q` exists on several lists), everything else by type, resource and name.
 * A non-endpoint's `path` is only where it is used, so it is not part of its identity.
 */
export function subjectId(subject: Pick<SubjectData, 'type' | 'name' | 'method' | 'path' | 'resource'>): string {
  switch (subject.type) {
    case 'endpoint':
      return `endpoint ${subject.method ?? ''} ${subject.path ?? subject.name}`;
    case 'parameter':
      return `parameter ${subject.name} ${subject.path ?? ''}`;
    default:
      return `${subject.type} ${subject.resource ?? '-'} ${subject.name}`;
  }
}
