import type { EntryData, HistoryData, SubjectData } from './data-types.ts';
import { levelOfChange } from './change-level.ts';
import { buildPathIndex } from './path-index.ts';
import { subjectId } from './subject-id.ts';
import type { HistoryEntry, HistoryIndex, HistorySubject, SubjectChange } from './types.ts';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type SubjectBuilder = Mutable<HistorySubject> & { changes: SubjectChange[]; aliases: string[] };

/**
 * Links the data file's records into an index: subjects by identity, name and alias, path
 * templates in a trie, entries newest first. Pure and deterministic; the ready `history` calls
 * it once. Assumes the data is valid against `platform-history.schema.json` (a test checks it).
 *
 * @example
 * const index = loadHistory(data);
 * index.byName.get('enforce')?.[0]?.deprecation?.date; // '2023-05-25'
 */
export function loadHistory(data: HistoryData): HistoryIndex {
  const subjects = new Map<string, SubjectBuilder>();
  const entries = [...data.entries]
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
    .map((entryData) => linkEntry(entryData, subjects));
  const list = [...subjects.values()].map(finishSubject);
  const byName = new Map<string, HistorySubject[]>();
  for (const subject of list) {
    for (const name of new Set([subject.name, ...subject.aliases])) {
      const bucket = byName.get(name);
      if (bucket) bucket.push(subject);
      else byName.set(name, [subject]);
    }
  }
  const resourceTypes = collectResourceTypes(list);
  const paths = buildPathIndex(list, resourceTypes);
  return {
    newest: data.newest,
    entries,
    subjects: list,
    byId: new Map(list.map((s) => [s.id, s])),
    byName,
    resourceTypes,
    matchSegments: paths.match,
    hasRoot: paths.hasRoot,
  };
}

function linkEntry(entryData: EntryData, subjects: Map<string, SubjectBuilder>): HistoryEntry {
  const changes: { subject: HistorySubject; change: SubjectChange }[] = [];
  const { subjects: _data, ...fields } = entryData;
  const entry: HistoryEntry = { ...fields, changes };
  for (const data of entryData.subjects) {
    const id = subjectId(data);
    let subject = subjects.get(id);
    if (!subject) subjects.set(id, (subject = newSubject(id, data)));
    for (const alias of data.aliases ?? []) if (!subject.aliases.includes(alias)) subject.aliases.push(alias);
    if (data.label !== undefined) subject.label ??= data.label;
    const change = makeChange(entry, data);
    subject.changes.push(change);
    changes.push({ subject, change });
  }
  return entry;
}

function newSubject(id: string, data: SubjectData): SubjectBuilder {
  const subject: SubjectBuilder = {
    id,
    type: data.type,
    name: data.name,
    aliases: [],
    relationship: data.relationship === true,
    changes: [],
    editions: [],
  };
  if (data.method !== undefined) subject.method = data.method;
  if (data.path !== undefined) subject.path = data.path;
  if (data.resource !== undefined) subject.resource = data.resource;
  if (data.valueField !== undefined) subject.valueField = data.valueField;
  return subject;
}

function makeChange(entry: HistoryEntry, data: SubjectData): SubjectChange {
  const change: Mutable<SubjectChange> = {
    entry,
    id: entry.id,
    level: levelOfChange(data.change, data.deprecated === true),
    date: entry.date,
    change: data.change,
    editions: data.editions ?? entry.editions,
    deprecated: data.deprecated === true,
  };
  const release = data.selfHostedRelease ?? entry.selfHostedRelease;
  if (release !== undefined) change.selfHostedRelease = release;
  if (data.replacedBy !== undefined) change.replacedBy = data.replacedBy;
  if (entry.sunset !== undefined && change.level !== 'info') change.sunset = entry.sunset;
  if (data.note !== undefined) change.note = data.note;
  if (data.values !== undefined) change.values = data.values;
  return change;
}

function finishSubject(subject: SubjectBuilder): HistorySubject {
  // Entries are already newest first; keep that order (stable for equal dates).
  const deprecation = subject.changes.find((c) => c.deprecated);
  if (deprecation) {
    subject.deprecation = deprecation;
    if (deprecation.replacedBy !== undefined) subject.replacedBy = deprecation.replacedBy;
  }
  const editions = new Set(subject.changes.flatMap((c) => c.editions));
  subject.editions = (['hosted', 'self-hosted'] as const).filter((e) => editions.has(e));
  return subject;
}

function collectResourceTypes(subjects: readonly HistorySubject[]): Set<string> {
  const types = new Set<string>();
  for (const subject of subjects) {
    if (subject.resource !== undefined) types.add(subject.resource);
    if (subject.type !== 'resource') continue;
    for (const name of [subject.name, ...subject.aliases]) if (!name.includes(' ')) types.add(name);
  }
  return types;
}
