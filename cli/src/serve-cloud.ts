import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { detectFormat, parseDocuments, type ParsedDocument } from '@keyfob/shared/documents';
import { nearestWord, quoted } from '@keyfob/shared/text';
import { UsageError } from './io.ts';

/** Largest `--cloud` file read: the engine's own fixture bounds (1000 users...) fit well inside. */
const MAX_CLOUD_FILE_BYTES = 1_048_576;

/** Top-level keys of a cloud file: the body of `PUT /v1/sys/dev/cloud`. */
const CLOUD_KEYS = [
  'accountId',
  'users',
  'rootUser',
  'roles',
  'groups',
  'policies',
  'throttle',
  'consistencyDelaySeconds',
];

/** A checked `--cloud` file: the fixtures, and where each problem the engine finds points in the file. */
export interface CloudFile {
  readonly fixtures: Readonly<Record<string, unknown>>;
  /** `file:line:column` of the value an engine message such as `users[1].name must be ...` is about. */
  where(message: string): string;
}

/**
 * Reads `keyfob serve --cloud FILE` (JSON or YAML, one document, a mapping of the keys above), bounded
 * in size; syntax errors and unknown keys are usage errors naming the file, line and column. The values
 * themselves are checked by the engine when it starts (same rules as PUT /v1/sys/dev/cloud).
 */
export async function readCloudFile(path: string, cwd: string): Promise<CloudFile> {
  const absolute = resolve(cwd, path);
  const format = detectFormat(path);
  if (format !== 'json' && format !== 'yaml')
    throw new UsageError(`--cloud ${path}: give a .json, .yaml or .yml file of cloud users (see examples/cloud.yaml)`);
  const info = await stat(absolute).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(
      `--cloud ${path}: cannot read it (${error.code ?? 'error'}); give the path of a cloud file such as examples/cloud.yaml`,
    );
  });
  if (!info.isFile())
    throw new UsageError(`--cloud ${path}: not a file; give the path of a cloud file such as examples/cloud.yaml`);
  if (info.size > MAX_CLOUD_FILE_BYTES)
    throw new UsageError(`--cloud ${path}: ${info.size} bytes, more than the ${MAX_CLOUD_FILE_BYTES} allowed`);
  const text = await readFile(absolute, 'utf8');
  const parsed = parseDocuments(text, format);
  const at = (offset: number): string => {
    const p = parsed.lines.position(offset);
    return `${path}:${p.line}:${p.column}`;
  };
  const [document, extra] = parsed.documents;
  const syntax = parsed.documents.flatMap((d) => d.problems).find((p) => p.severity === 'error');
  if (syntax) throw new UsageError(`--cloud ${syntax.range ? at(syntax.range.start) : path}: ${syntax.message}`);
  if (document === undefined || extra !== undefined)
    throw new UsageError(
      `--cloud ${path}: give exactly one document, a mapping with users (and optionally ${CLOUD_KEYS.filter((k) => k !== 'users').join(', ')})`,
    );
  const value = document.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new UsageError(`--cloud ${path}: the document must be a mapping with users (see examples/cloud.yaml)`);
  for (const key of Object.keys(value)) {
    if (CLOUD_KEYS.includes(key)) continue;
    const near = nearestWord(key, CLOUD_KEYS, { maxDistance: 3, fold: (w) => w.toLowerCase() });
    throw new UsageError(
      `--cloud ${keyPlace(document, `/${key}`, at) ?? path}: unknown key ${quoted(key)}${near ? `; did you mean "${near}"?` : ''} Allowed: ${CLOUD_KEYS.join(', ')}.`,
    );
  }
  return {
    fixtures: value as Record<string, unknown>,
    where: (message) => {
      // `users[1].name must be ...` -> /users/1/name, then up to the nearest node the file has.
      const match = /^([A-Za-z]+(?:\[\d+\]|\.[A-Za-z]+)*)/.exec(message);
      let pointer = match ? `/${match[1]?.replace(/\[(\d+)\]/g, '/$1').replace(/\./g, '/')}` : '';
      while (pointer !== '' && !document.locations.has(pointer)) pointer = pointer.slice(0, pointer.lastIndexOf('/'));
      return keyPlace(document, pointer, at) ?? path;
    },
  };
}

function keyPlace(document: ParsedDocument, pointer: string, at: (offset: number) => string): string | undefined {
  const location = document.locations.get(pointer);
  const span = location?.key ?? location?.value;
  return span === undefined ? undefined : at(span.start);
}
