import { parseTarget } from '../history/target.ts';
import type { Target } from '../history/target.ts';
import type { AnnotationMode } from '../editor/index.ts';

/** The `keyfob.*` settings the server reads (from `workspace/configuration`, section `keyfob`), with defaults. */
export interface ServerSettings {
  /** Extra globs (relative to a workspace folder) of files to lint as role files (`roleFiles.include`). */
  readonly include: readonly string[];
  /** Wait after a large edit (a paste, a format) before linting (`diagnostics.debounceMs`); small edits are linted at once. */
  readonly debounceMs: number;
  readonly history: HistorySettings;
  /**
   * What the "access changed since base" code lenses compare with (`accessBase`): a ref whose
   * merge-base with HEAD is the base; empty for the branch's upstream (else origin/HEAD, main, master).
   */
  readonly accessBase: string;
}

/** The `keyfob.apiHistory.*` settings. */
export interface HistorySettings {
  readonly annotations: AnnotationMode;
  /** `decoration`: the client draws the notes itself (VS Code), so the server sends no inlay hints. */
  readonly style: 'decoration' | 'inlayHint';
  readonly diagnostics: boolean;
  readonly target: Target | undefined;
  readonly targetText: string;
  /** Why `targetText` is not a target, when it is not. */
  readonly targetProblem: string | undefined;
}

export const DEFAULT_SERVER_SETTINGS: ServerSettings = {
  include: [],
  debounceMs: 250,
  accessBase: '',
  history: {
    annotations: 'important',
    style: 'inlayHint',
    diagnostics: true,
    target: undefined,
    targetText: '',
    targetProblem: undefined,
  },
};

const MAX_GLOBS = 100;
const MAX_GLOB_LENGTH = 500;

/**
 * Reads the `keyfob` section a client sent (any shape: editors send null, nested objects or dotted
 * keys), falling back to the default of each setting that is missing or of the wrong type.
 */
export function readServerSettings(raw: unknown): ServerSettings {
  const section = record(raw);
  const roleFiles = record(section.roleFiles);
  const diagnostics = record(section.diagnostics);
  const history = record(section.apiHistory);
  const targetText = typeof history.target === 'string' ? history.target.trim().slice(0, 100) : '';
  const parsed = targetText === '' ? undefined : parseTarget(targetText);
  const defaults = DEFAULT_SERVER_SETTINGS.history;
  return {
    include: stringList(roleFiles.include ?? section['roleFiles.include']),
    accessBase: typeof section.accessBase === 'string' ? section.accessBase.trim().slice(0, 256) : '',
    debounceMs: boundedNumber(
      diagnostics.debounceMs ?? section['diagnostics.debounceMs'],
      DEFAULT_SERVER_SETTINGS.debounceMs,
      0,
      5000,
    ),
    history: {
      annotations: oneOf(history.annotations, ['important', 'all', 'off'] as const, defaults.annotations),
      style: oneOf(history.style, ['decoration', 'inlayHint'] as const, defaults.style),
      diagnostics: typeof history.diagnostics === 'boolean' ? history.diagnostics : defaults.diagnostics,
      target: parsed?.ok === true ? parsed.target : undefined,
      targetText,
      targetProblem: parsed?.ok === false ? parsed.message : undefined,
    },
  };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is string => typeof item === 'string' && item.trim() !== '' && item.length <= MAX_GLOB_LENGTH)
    .slice(0, MAX_GLOBS);
}

function boundedNumber(value: unknown, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.find((item) => item === value) ?? fallback;
}
