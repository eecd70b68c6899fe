import { formatDuration } from '@keyfob/shared/duration';
import { nameFromFileName } from '@keyfob/shared/lint';
import type { Problem } from '@keyfob/shared/problem';
import { TERRAFORM_RESOURCES } from '@keyfob/shared/terraform';
import { stringify } from 'yaml';
import { safeBaseName, uniqueNames } from './file-names.ts';
import { note, type EngineObject, type ImportKind } from './read-engine.ts';

/** A file import writes: its name in the output folder, its text, and the objects it holds. */
export interface ImportedFile {
  readonly file: string;
  readonly text: string;
  readonly objects: readonly { readonly kind: ImportKind; readonly name: string }[];
}

/** The file name suffix of each kind (what `apply` and `lint` read by name). */
const SUFFIX: Readonly<Record<ImportKind, string>> = {
  role: '.role.yaml',
  'static-role': '.static-role.yaml',
  'root-config': '.root-config.yaml',
  'jwt-role': '.jwt-role.yaml',
  policy: '.policy.hcl',
};

/**
 * The engine objects as keyfob role files, one per object, in the layout `keyfob apply` reads:
 * `NAME.role.yaml`, `NAME.static-role.yaml`, `NAME.jwt-role.yaml`, `NAME.policy.hcl` (or `.json`
 * when the engine holds the JSON form) and `MOUNT.root-config.yaml`. TTLs are written as durations
 * (`15m`), the policy document as YAML. A name that is not a safe file name as it is gets a safe
 * one and a `name:` line; a policy (whose name is its file name) then is skipped with a note.
 */
export function renderRoleFiles(objects: readonly EngineObject[]): { files: ImportedFile[]; notes: Problem[] } {
  const notes: Problem[] = [];
  const files: ImportedFile[] = [];
  const unique = uniqueNames();
  for (const object of objects) {
    const base = safeBaseName(object.name);
    if (object.kind === 'policy') {
      const text = String(object.fields.policy);
      const suffix = /^\s*\{/.test(text) ? '.policy.json' : SUFFIX.policy;
      const file = unique(base, suffix);
      if (nameFromFileName(file).toLowerCase() !== object.name.toLowerCase()) {
        notes.push(
          note(
            'IMPORT_NAME_UNSAFE',
            `Policy ${JSON.stringify(object.name)} cannot be a file name as it is (a policy file's name is the policy's name); it was skipped.`,
          ),
        );
        continue;
      }
      files.push({ file, text: text.endsWith('\n') ? text : `${text}\n`, objects: [object] });
      continue;
    }
    const file = unique(base, SUFFIX[object.kind]);
    const document: Record<string, unknown> = {};
    if (object.kind !== 'root-config' && nameFromFileName(file) !== object.name) document.name = object.name;
    const header = [`# Imported by keyfob import: ${describe(object)}.`];
    const seconds = secondsFields(object.kind);
    for (const [field, value] of Object.entries(object.fields)) {
      if (object.kind === 'root-config' && field === 'access_key') continue;
      document[field] = fileValue(field, value, seconds);
    }
    if (object.kind === 'root-config' && object.fields.access_key !== undefined) {
      header.push(
        '# The engine signs in with static keys (access_key and secret_key); the secret key is never read back,',
        '# so both are left out: configure them on the engine directly (keyfob apply leaves root configuration alone).',
      );
      notes.push(
        note(
          'IMPORT_SECRET_LEFT_OUT',
          `${file}: the root configuration's access_key and secret_key are left out (the engine never returns the secret key); configure them on the engine directly.`,
        ),
      );
    }
    files.push({
      file,
      text: `${header.join('\n')}\n${stringify(document, { lineWidth: 0, version: '1.1' })}`,
      objects: [object],
    });
  }
  return { files, notes };
}

function describe(object: EngineObject): string {
  return object.kind === 'root-config' ? `root configuration of mount ${object.name}` : `${object.kind} ${object.name}`;
}

/** The engine fields of a kind that hold TTLs in seconds (from the one Terraform mapping table). */
function secondsFields(kind: ImportKind): ReadonlySet<string> {
  const attributes = TERRAFORM_RESOURCES.find((r) => r.kind === kind)?.attributes ?? [];
  return new Set(
    attributes.filter((a) => a.shape === 'seconds' && a.field !== undefined).map((a) => a.field as string),
  );
}

/** A field's value as a role file writes it: durations with a unit, the policy document as a mapping. */
function fileValue(field: string, value: unknown, seconds: ReadonlySet<string>): unknown {
  if (seconds.has(field) && typeof value === 'number' && value > 0) return formatDuration(value, { compact: true });
  if (field === 'policy_document' && typeof value === 'string') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  if (field === 'bound_claims' && typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([claim, allowed]) => [
        claim,
        Array.isArray(allowed) && allowed.length === 1 ? (allowed[0] as unknown) : allowed,
      ]),
    );
  return value;
}
