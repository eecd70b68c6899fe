import type { ChangeKind, ChangeLevel, Edition, EntryData, HttpMethod, SubjectType, ValueField } from './data-types.ts';
import type { PathSegment } from './path-trie.ts';

/** What one entry did to one subject. */
export interface SubjectChange {
  readonly entry: HistoryEntry;
  /** The entry's stable change id (`ph-2024-09-02`). */
  readonly id: string;
  /** What this change means for a client of this subject (see `levelOfChange`). */
  readonly level: ChangeLevel;
  /** The entry's announced removal date, when it gives one. */
  readonly sunset?: string;
  /** ISO date of the entry. */
  readonly date: string;
  readonly change: ChangeKind;
  /** The subject's own editions when the entry mixes them, else the entry's. */
  readonly editions: readonly Edition[];
  /** Self-hosted release stated for this change (subject's, else entry's); absent when not stated. */
  readonly selfHostedRelease?: string;
  readonly deprecated: boolean;
  readonly replacedBy?: string;
  readonly note?: string;
  readonly values?: readonly string[];
}

/**
 * One API subject with its whole history. Identity (`id`): endpoints by method and path,
 * parameters by name and path, everything else by type, resource and name.
 */
export interface HistorySubject {
  readonly id: string;
  readonly type: SubjectType;
  readonly name: string;
  readonly method?: HttpMethod;
  readonly path?: string;
  readonly resource?: string;
  /** Every alias any entry gives, canonical name excluded. */
  readonly aliases: readonly string[];
  readonly label?: string;
  readonly relationship: boolean;
  readonly valueField?: ValueField;
  /** Newest first. */
  readonly changes: readonly SubjectChange[];
  /** The change that deprecated the subject, if any. */
  readonly deprecation?: SubjectChange;
  /** Successor (an endpoint name or an attribute name) when deprecated. */
  readonly replacedBy?: string;
  /** Union of the editions over all changes. */
  readonly editions: readonly Edition[];
}

/** One dated entry, linked to the subjects it touches (the data entry with its subjects resolved). */
export interface HistoryEntry extends Omit<EntryData, 'subjects'> {
  /** The subjects in data order, each with what this entry did to it. */
  readonly changes: readonly { readonly subject: HistorySubject; readonly change: SubjectChange }[];
}

/** An endpoint template that a concrete path matched. */
export interface PathCandidate {
  /** The template as written in the data (`/workspaces/:workspace_id/relationships/tags`). */
  readonly template: string;
  /** Endpoint subjects on that template (one per method); empty for a context-only template. */
  readonly endpoints: readonly HistorySubject[];
  /** Number of literal segments matched; higher is more specific. */
  readonly literals: number;
  /** JSON:API types this path speaks about (literal segments that are types, plus owners of subjects used there). */
  readonly resources: readonly string[];
  /** Concrete text of each `:param` segment, by parameter name. */
  readonly params: Readonly<Record<string, string>>;
}

/** The linked, indexed history. Build it with `loadHistory`, or use the ready `history`. */
export interface HistoryIndex {
  /** Date of the newest entry. */
  readonly newest: string;
  /** Newest first. */
  readonly entries: readonly HistoryEntry[];
  /** In order of first appearance in the data (newest entry first). */
  readonly subjects: readonly HistorySubject[];
  /** A subject by its `id`. */
  readonly byId: ReadonlyMap<string, HistorySubject>;
  /** Subjects whose canonical name or an alias is exactly this text. */
  readonly byName: ReadonlyMap<string, readonly HistorySubject[]>;
  /** Every known JSON:API type (resources and subject owners). */
  readonly resourceTypes: ReadonlySet<string>;
  /**
   * Templates matching a normalised path given as segments (no host, no `/api/v2`); a
   * placeholder segment only fills a `:param`. Most specific first.
   */
  matchSegments(segments: readonly PathSegment[], query?: ReadonlyMap<string, string>): readonly PathCandidate[];
  /** True when some template starts with this literal segment. */
  hasRoot(segment: string): boolean;
}
