import * as vscode from 'vscode';
import type { AnnotationMode } from '@keyfob/shared/editor';
import type { Target } from '@keyfob/shared/history';
import { historyCore } from './history-access.ts';

/** How the annotations are drawn: decorations after the line, or inlay hints (which users can hold a key to show). */
type AnnotationStyle = 'decoration' | 'inlayHint';

/** The `keyfob.apiHistory.*` settings of one resource, converted once with defaults. */
export interface HistorySettings {
  readonly annotations: AnnotationMode;
  readonly style: AnnotationStyle;
  /** Deprecation diagnostics in the Problems panel. */
  readonly diagnostics: boolean;
  /** The parsed target; undefined when none is set or the text is not a target. */
  readonly target: Target | undefined;
  /** The target as written (empty when unset). */
  readonly targetText: string;
  /** Why `targetText` is not a target, when it is not. */
  readonly targetProblem: string | undefined;
}

/** Defaults beside the contributed schema in package.json. */
const DEFAULT_HISTORY_SETTINGS: HistorySettings = {
  annotations: 'important',
  style: 'decoration',
  diagnostics: true,
  target: undefined,
  targetText: '',
  targetProblem: undefined,
};

const MODES: readonly AnnotationMode[] = ['important', 'all', 'off'];
const STYLES: readonly AnnotationStyle[] = ['decoration', 'inlayHint'];

/**
 * Reads the settings that apply to a resource (the target is resource-scoped, so each workspace
 * folder can run against its own release), tolerating wrong types by falling back to defaults.
 */
function readHistorySettings(scope: vscode.Uri | undefined): HistorySettings {
  const config = vscode.workspace.getConfiguration('keyfob.apiHistory', scope);
  const targetText = stringValue(config.get<unknown>('target')).trim();
  const parsed = targetText === '' ? undefined : historyCore().parseTarget(targetText);
  const diagnostics = config.get<unknown>('diagnostics');
  return {
    annotations: oneOf(config.get<unknown>('annotations'), MODES, DEFAULT_HISTORY_SETTINGS.annotations),
    style: oneOf(config.get<unknown>('style'), STYLES, DEFAULT_HISTORY_SETTINGS.style),
    diagnostics: typeof diagnostics === 'boolean' ? diagnostics : DEFAULT_HISTORY_SETTINGS.diagnostics,
    target: parsed?.ok === true ? parsed.target : undefined,
    targetText,
    targetProblem: parsed?.ok === false ? parsed.message : undefined,
  };
}

/**
 * Settings per workspace folder, read once and kept until a `keyfob.apiHistory` setting changes
 * (reading configuration on every scroll event is a known cost in other extensions).
 */
export class HistorySettingsCache {
  readonly #byFolder = new Map<string, HistorySettings>();

  /** The settings for a document's folder (or the window's, outside any folder). */
  for(uri: vscode.Uri | undefined): HistorySettings {
    const folder = uri === undefined ? undefined : vscode.workspace.getWorkspaceFolder(uri)?.uri;
    const key = folder?.toString() ?? '';
    let settings = this.#byFolder.get(key);
    if (!settings) this.#byFolder.set(key, (settings = readHistorySettings(folder ?? uri)));
    return settings;
  }

  clear(): void {
    this.#byFolder.clear();
  }
}

function stringValue(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.find((item) => item === value) ?? fallback;
}
