import * as vscode from 'vscode';

/** The extension's settings, converted once with defaults (the one place that reads configuration). */
export interface Settings {
  /** Extra globs of role files (`keyfob.roleFiles.include`). */
  readonly include: readonly string[];
  /** Milliseconds between the last change and linting (`keyfob.diagnostics.debounceMs`). */
  readonly debounceMs: number;
}

/** Defaults beside the contributed schema in package.json. */
const DEFAULT_SETTINGS: Settings = { include: [], debounceMs: 250 };

/** Reads the settings that apply to a resource, tolerating wrong types by falling back to defaults. */
export function readSettings(scope?: vscode.Uri): Settings {
  const config = vscode.workspace.getConfiguration('keyfob', scope);
  return {
    include: stringList(config.get<unknown>('roleFiles.include')),
    debounceMs: boundedNumber(config.get<unknown>('diagnostics.debounceMs'), DEFAULT_SETTINGS.debounceMs, 0, 5000),
  };
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];
}

function boundedNumber(value: unknown, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}
