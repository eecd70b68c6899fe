/**
 * Shape of `schemas/platform-history.json` (described by `schemas/platform-history.schema.json`).
 * These are the raw records; `loadHistory` turns them into the linked index of `types.ts`.
 */

/** The two editions of the platform. */
export type Edition = 'hosted' | 'self-hosted';

/** What a change did; an entry's kind is its main change. */
export type ChangeKind = 'added' | 'changed' | 'deprecated' | 'removed' | 'breaking' | 'fixed' | 'documented';

/**
 * How much a change matters to a client, graded as API-diff tools do: `breaking` (can break a
 * working client), `deprecation` (something in use is on its way out), `info` (the rest).
 */
export type ChangeLevel = 'breaking' | 'deprecation' | 'info';

/** The API things the history names. */
export type SubjectType = 'endpoint' | 'attribute' | 'parameter' | 'status' | 'resource' | 'permission' | 'entitlement';

/** HTTP methods used by the platform API (the history's, the matcher's and the editors' one list). */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** One of HTTP_METHODS. */
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** True for one of HTTP_METHODS. */
export function isHttpMethod(value: unknown): value is HttpMethod {
  return typeof value === 'string' && (HTTP_METHODS as readonly string[]).includes(value);
}

/** For a `status` subject: the field whose value it is. */
export type ValueField = 'status' | 'operation' | 'triggers' | 'access' | 'kind';

/** One subject as an entry records it. */
export interface SubjectData {
  readonly type: SubjectType;
  readonly name: string;
  readonly method?: HttpMethod;
  /** Path template relative to /api/v2; for non-endpoints the endpoint where the subject is used. */
  readonly path?: string;
  readonly resource?: string;
  readonly aliases?: readonly string[];
  readonly change: ChangeKind;
  readonly deprecated?: true;
  readonly replacedBy?: string;
  readonly relationship?: true;
  readonly valueField?: ValueField;
  readonly values?: readonly string[];
  readonly editions?: readonly Edition[];
  readonly selfHostedRelease?: string;
  readonly label?: string;
  readonly note?: string;
}

/** One dated entry of seed 2's Versioning table. */
export interface EntryData {
  /** Stable change id (`ph-2024-09-02`): never reused or renamed; tools key on it. */
  readonly id: string;
  readonly date: string;
  readonly seedDate: string;
  readonly seedRow: number;
  readonly editions: readonly Edition[];
  readonly editionNote?: string;
  readonly selfHostedRelease?: string;
  readonly kind: ChangeKind;
  /** The highest level among the entry's changes. */
  readonly level: ChangeLevel;
  /** Announced removal of what the entry deprecates: `YYYY-MM-DD`, or `YYYY-MM` when only the month is given. */
  readonly sunset?: string;
  readonly summary: string;
  readonly subjects: readonly SubjectData[];
}

/** The whole data file. */
export interface HistoryData {
  readonly newest: string;
  readonly entries: readonly EntryData[];
}
