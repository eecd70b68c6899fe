import type { Connection } from 'vscode-languageserver';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { TemplatePreviewDeps } from '../editor/index.ts';
import { factsConcern } from '../history/index.ts';
import type { ProjectFacts, WorkspaceProjectFacts } from '../history/index.ts';
import { kindFromFileName } from '../lint/index.ts';
import { isTerraformFileName } from '../terraform/index.ts';
import type { ClientOptions, FeatureContext } from './features.ts';
import { diagnosticsOf } from './features.ts';
import { lintTargetOf } from './lint-file-name.ts';
import { OpenDocument } from './open-document.ts';
import type { SettingsStore } from './settings-store.ts';
import type { OpenFile, WorkspaceAccess } from './workspace-access.ts';

/** An edit at most this long (inserted text, lines replaced) is linted without waiting. */
const SMALL_EDIT_CHARS = 200;

/** What a session needs from the server around it. */
export interface SessionDeps {
  readonly connection: Connection;
  readonly settings: SettingsStore;
  /** Runs `fn` after `ms` milliseconds; returns a cancel function. */
  readonly schedule: (fn: () => void, ms: number) => () => void;
  readonly template: TemplatePreviewDeps;
  /** The workspace side (replaced once at initialize when the client reads folders). */
  readonly workspace: () => WorkspaceAccess;
  /** The client's options from initialize. */
  readonly client: () => ClientOptions;
  /** What the files of each folder tell each other about the platform API, read from the folder as the CLI does. */
  readonly projects: WorkspaceProjectFacts;
}

/**
 * The open documents of one client: their text (ranged and whole-text changes alike), when each is
 * checked (small edits at once, large ones after the debounce), and the diagnostics published for
 * it. A document's trust context (the JWT role checks) is set when its diagnostics are published, so
 * hovers and fixes answer from the lint the client shows.
 */
export class DocumentSession {
  readonly #documents = new Map<string, OpenDocument>();
  readonly #pending = new Map<string, () => void>();

  constructor(private readonly deps: SessionDeps) {}

  get documents(): Iterable<OpenDocument> {
    return this.#documents.values();
  }

  /** `textDocument/didOpen`: checked once its folder's settings are known. */
  open(uri: string, languageId: string, version: number, text: string): void {
    const open = new OpenDocument(uri, languageId, version, text);
    this.#documents.set(uri, open);
    void this.deps.settings.load(uri).then(() => this.publish(open));
  }

  /** `textDocument/didChange`: a small edit (once whole texts are turned into their changed range) is checked at once. */
  change(uri: string, version: number, changes: readonly TextDocumentContentChangeEvent[]): void {
    const open = this.#documents.get(uri);
    if (!open) return;
    const ranged = open.update(changes, version);
    this.#schedule(open, isSmallEdit(ranged) ? 0 : this.deps.settings.cached(uri).debounceMs);
  }

  /** `textDocument/didClose`: forgotten, its diagnostics cleared. */
  close(uri: string): void {
    this.#pending.get(uri)?.();
    this.#pending.delete(uri);
    this.#documents.delete(uri);
    void this.deps.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  /** The open document with its lint target brought up to date, or undefined when it is not open. */
  get(uri: string): OpenDocument | undefined {
    const open = this.#documents.get(uri);
    if (open) {
      open.target = lintTargetOf(this.#facts(open), this.deps.settings.includes(uri));
      open.project = this.#projectOf(open);
    }
    return open;
  }

  /**
   * What the files of a document's folder tell each other about the platform API (request models one
   * file sends and another declares: `scanProject`'s facts), as `keyfob history scan <folder>` reads
   * the folder: its saved files (read in the background once asked; until then, or past the bounds, none)
   * with the open documents' text in place of theirs. Undefined outside a workspace folder (the file alone).
   */
  #projectOf(open: OpenDocument): ProjectFacts | undefined {
    const folder = this.deps.settings.folderOf(open.uri);
    if (folder === undefined) return undefined;
    const mine = [...this.#documents.values()].flatMap((d) => {
      const path = this.deps.settings.folderOf(d.uri) === folder ? this.deps.settings.relativePath(d.uri) : undefined;
      return path === undefined ? [] : [{ path, version: d.version, facts: () => d.facts() }];
    });
    return this.deps.projects.factsOf(folder, mine);
  }

  /**
   * After a folder's saved files were read (again): its open documents whose project facts changed in
   * what concerns them are checked again (the others take the new facts quietly: their matches are the
   * same). True when one was (the client's inlay hints are then asked again).
   */
  projectChanged(folder: string): boolean {
    let any = false;
    for (const open of this.#documents.values()) {
      if (this.deps.settings.folderOf(open.uri) !== folder) continue;
      const project = this.#projectOf(open);
      if (open.project === project) continue;
      const text = open.oversized ? '' : open.document.getText();
      const concerns = (facts: ProjectFacts | undefined): boolean =>
        facts !== undefined &&
        factsConcern(facts, text, undefined, open.uri, open.oversized ? undefined : open.facts());
      if (!concerns(open.project) && !concerns(project)) {
        open.project = project;
        continue;
      }
      any = true;
      this.publish(open);
    }
    return any;
  }

  /** What the features need beside the document; the access report is built only if a feature asks. */
  contextOf(open: OpenDocument): FeatureContext {
    const folder = this.deps.settings.folderOf(open.uri);
    return {
      history: this.deps.settings.cached(open.uri).history,
      template: this.deps.template,
      client: this.deps.client(),
      workspace: () =>
        folder === undefined ? undefined : this.deps.workspace().factsOf(folder, this.openFilesIn(folder)),
    };
  }

  /** The open documents of a folder, as the workspace sees them. */
  openFilesIn(folder: string): OpenFile[] {
    const settings = this.deps.settings;
    return [...this.#documents.values()].flatMap((d) => {
      if (settings.folderOf(d.uri) !== folder) return [];
      const path = settings.relativePath(d.uri);
      return path === undefined ? [] : [{ uri: d.uri, path, version: d.version, text: d.document.getText() }];
    });
  }

  /** After a folder was re-read: re-checks its open JWT roles whose trust context changed and Terraform files whose module changed. */
  workspaceChanged(folder: string): void {
    for (const open of this.#documents.values()) {
      if (this.deps.settings.folderOf(open.uri) !== folder) continue;
      if (isJwtRole(open) && open.trust !== this.#trustOf(open)) this.publish(open);
      else if (isTerraform(open) && open.terraform !== this.#terraformOf(open)) this.publish(open);
    }
  }

  /** After the settings changed: every document again, with its folder's new settings. */
  async republishAll(): Promise<void> {
    for (const open of this.#documents.values()) {
      await this.deps.settings.load(open.uri);
      this.publish(open);
    }
  }

  /** Lints a document (its cached, incremental lint) and sends its diagnostics. */
  publish(open: OpenDocument): void {
    this.#pending.delete(open.uri);
    if (this.#documents.get(open.uri) !== open) return;
    const { connection, settings } = this.deps;
    try {
      open.target = lintTargetOf(this.#facts(open), settings.includes(open.uri));
      const trustBefore = open.trust;
      open.trust = this.#trustOf(open);
      open.terraform = isTerraform(open) ? this.#terraformOf(open) : undefined;
      open.project = this.#projectOf(open);
      void connection.sendDiagnostics({
        uri: open.uri,
        version: open.version,
        diagnostics: diagnosticsOf(open, settings.cached(open.uri).history),
      });
      // Another open JWT role's trust checks read this file's policies: re-check those whose context changed.
      if (open.target && open.trust !== trustBefore) this.#republishJwtRoles(open);
      // Other open files of a Terraform module read this one's locals, variables and data sources.
      if (isTerraform(open)) this.#republishModule(open);
    } catch (error) {
      connection.console.error(
        `keyfob: could not check ${open.uri}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  #trustOf(open: OpenDocument): OpenDocument['trust'] {
    const folder = this.deps.settings.folderOf(open.uri);
    return folder === undefined ? undefined : this.deps.workspace().trustOf(folder, this.openFilesIn(folder));
  }

  /** The module context of an open Terraform file (undefined outside a workspace folder: the file alone). */
  #terraformOf(open: OpenDocument): OpenDocument['terraform'] {
    const folder = this.deps.settings.folderOf(open.uri);
    const path = this.deps.settings.relativePath(open.uri);
    if (folder === undefined || path === undefined) return undefined;
    return this.deps.workspace().terraformOf(folder, path, this.openFilesIn(folder));
  }

  #republishModule(changed: OpenDocument): void {
    for (const other of this.#documents.values())
      if (other !== changed && isTerraform(other) && other.terraform !== this.#terraformOf(other)) this.publish(other);
  }

  #schedule(open: OpenDocument, delay: number): void {
    this.#pending.get(open.uri)?.();
    this.#pending.set(
      open.uri,
      this.deps.schedule(() => this.publish(open), delay),
    );
  }

  #facts(open: OpenDocument): Parameters<typeof lintTargetOf>[0] {
    return {
      uri: open.uri,
      languageId: open.document.languageId,
      text: open.document.getText(),
      relativePath: this.deps.settings.relativePath(open.uri),
    };
  }

  #republishJwtRoles(changed: OpenDocument): void {
    const folder = this.deps.settings.folderOf(changed.uri);
    for (const other of this.#documents.values()) {
      if (other === changed || this.deps.settings.folderOf(other.uri) !== folder) continue;
      if (isJwtRole(other) && other.trust !== changed.trust) this.publish(other);
    }
  }
}

function isTerraform(open: OpenDocument): boolean {
  return open.target !== undefined && isTerraformFileName(open.target.fileName);
}

function isJwtRole(open: OpenDocument): boolean {
  return open.target !== undefined && kindFromFileName(open.target.fileName) === 'jwt-role';
}

/** Small edits (typing, a short paste) are linted at once; the per-document cache keeps that cheap. */
export function isSmallEdit(changes: readonly TextDocumentContentChangeEvent[]): boolean {
  return (
    changes.length <= 4 &&
    changes.every((change) => {
      if (!('range' in change)) return false;
      const lines = change.range.end.line - change.range.start.line;
      return change.text.length <= SMALL_EDIT_CHARS && lines <= 3;
    })
  );
}
