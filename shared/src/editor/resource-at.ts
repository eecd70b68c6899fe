import type { FieldKind } from '../rules/index.ts';

/** What a file (or one document of it) holds, as `detectKind` in the lint area reports it. */
export type FileKind = 'role' | 'static-role' | 'manifest' | 'root-config' | 'lease-config' | 'jwt-role' | 'policy';

/** The resource a mapping belongs to and where that resource starts in the document. */
export interface ResourceAt {
  /** Kind of the resource whose fields live in the mapping (`manifest` for a manifest's top level). */
  readonly kind: FieldKind;
  /** Segments from the document root to the resource's mapping. */
  readonly base: readonly string[];
}

/**
 * Which resource the mapping at `path` (segments from the document root) is, inside a document
 * of `fileKind`: manifests nest roles under `roles/<name>`, static roles under `static_roles/<name>`,
 * and the mount's `lease` and `root` settings. `undefined` for mappings inside a field (tags, policies).
 */
export function resourceAt(fileKind: FileKind, path: readonly string[]): ResourceAt | undefined {
  // Policies are not field maps: the policy editor logic (paths, capabilities) serves them.
  if (fileKind === 'policy') return undefined;
  if (fileKind !== 'manifest') return path.length === 0 ? { kind: fileKind, base: [] } : undefined;
  if (path.length === 0) return { kind: 'manifest', base: [] };
  const [section, name] = path;
  if (section === 'roles' && path.length === 2 && name !== undefined) return { kind: 'role', base: path };
  if (section === 'static_roles' && path.length === 2 && name !== undefined) return { kind: 'static-role', base: path };
  if (section === 'lease' && path.length === 1) return { kind: 'lease-config', base: path };
  if (section === 'root' && path.length === 1) return { kind: 'root-config', base: path };
  return undefined;
}

/** The resource a member at `pointerSegments` belongs to, and the field name inside it. */
export function fieldAt(
  fileKind: FileKind,
  segments: readonly string[],
): { resource: ResourceAt; field: string } | undefined {
  for (let depth = segments.length - 1; depth >= 0; depth--) {
    const resource = resourceAt(fileKind, segments.slice(0, depth));
    const field = segments[depth];
    if (resource && field !== undefined) return { resource, field };
  }
  return undefined;
}
