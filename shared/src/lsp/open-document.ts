import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { factsConcern, NO_FACTS, scanFile } from '../history/index.ts';
import type { FileFacts, Match, ProjectFacts, ScanOptions } from '../history/index.ts';
import { FileLinter } from '../lint/index.ts';
import type { LintResult, TerraformContext, TrustContext } from '../lint/index.ts';
import { changedRange } from './changed-range.ts';
import type { LintTarget } from './lint-file-name.ts';

/** Documents longer than this (UTF-16 units, about 5 MB) are neither linted nor scanned: bundles and data dumps. */
export const MAX_DOCUMENT_LENGTH = 5_000_000;

/**
 * One open document and what was computed for its current version: the lint result (through an
 * incremental linter, so an edit re-reads and re-checks only the document it touched) and the API-history
 * scan. Diagnostics, hovers, completions, fixes and symbols of one version share one run.
 */
export class OpenDocument {
  #document: TextDocument;
  #target: LintTarget | undefined;
  readonly #linter = new FileLinter();
  #lint:
    | {
        version: number;
        trust: TrustContext | undefined;
        terraform: TerraformContext | undefined;
        result: LintResult;
      }
    | undefined;
  #scan: { version: number; project: ProjectFacts | undefined; matches: readonly Match[] } | undefined;
  /** The scan of the current version without the project's facts: its matches and what it tells the others. */
  #alone: { version: number; matches: readonly Match[]; facts: FileFacts } | undefined;

  constructor(uri: string, languageId: string, version: number, text: string) {
    this.#document = TextDocument.create(uri, languageId, version, text);
  }

  get document(): TextDocument {
    return this.#document;
  }

  get uri(): string {
    return this.#document.uri;
  }

  get version(): number {
    return this.#document.version;
  }

  /**
   * Applies the client's changes (incremental or full) and returns them as ranged changes: a whole
   * text becomes the one range it differs in from the text before it (changedRange), so a client that
   * sends whole texts gets the same treatment as one that sends ranges.
   */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): TextDocumentContentChangeEvent[] {
    const ranged: TextDocumentContentChangeEvent[] = [];
    for (const change of changes) {
      const before = this.#document;
      const edit = 'range' in change ? change : this.#rangeOf(change.text);
      this.#document = TextDocument.update(before, [edit], version);
      ranged.push(edit);
    }
    if (changes.length === 0) this.#document = TextDocument.update(this.#document, [], version);
    return ranged;
  }

  #rangeOf(text: string): TextDocumentContentChangeEvent {
    const { start, end, text: inserted } = changedRange(this.#document.getText(), text);
    return { range: { start: this.#document.positionAt(start), end: this.#document.positionAt(end) }, text: inserted };
  }

  /** Whether and how this document is linted; set by the server from the file name and settings. */
  get target(): LintTarget | undefined {
    return this.#target;
  }

  set target(target: LintTarget | undefined) {
    if (target?.fileName !== this.#target?.fileName || target?.format !== this.#target?.format) this.#lint = undefined;
    this.#target = target;
  }

  /** True when the document is too long to look at. */
  get oversized(): boolean {
    return this.#document.getText().length > MAX_DOCUMENT_LENGTH;
  }

  /** The workspace's policies and workflows for the JWT role trust checks (set by the server when it knows them). */
  trust: TrustContext | undefined;

  /** A Terraform file's module (the other files of its folder) for locals, variables, data sources and `file()`. */
  terraform: TerraformContext | undefined;

  /** The lint result of the current version (undefined when this is not a keyfob file or too long). */
  lint(): LintResult | undefined {
    const target = this.#target;
    if (!target || this.oversized) return undefined;
    const { trust, terraform } = this;
    const cached = this.#lint;
    if (cached?.version === this.version && cached.trust === trust && cached.terraform === terraform)
      return cached.result;
    const result = this.#linter.lint(this.#document.getText(), {
      fileName: target.fileName,
      format: target.format,
      ...(trust ? { trust } : {}),
      ...(terraform ? { terraform } : {}),
    });
    this.#lint = { version: this.version, trust, terraform, result };
    return result;
  }

  /**
   * What the other open files of its folder say (request models they send: `scanProject`'s facts); set
   * by the server before a scan, so the hover finds what `keyfob history scan <folder>` finds.
   */
  project: ProjectFacts | undefined;

  /**
   * The platform API subjects found in the current version with the project's facts, as `scanProject`
   * finds them: the file scanned alone, and again with the facts only when they concern it.
   */
  scan(): readonly Match[] {
    const project = this.project;
    if (this.#scan?.version !== this.version || this.#scan.project !== project) {
      const alone = this.#scanAlone();
      const text = this.#document.getText();
      const matches =
        project !== undefined &&
        !this.oversized &&
        factsConcern(project, text, undefined, this.#document.uri, alone.facts)
          ? scanFile(text, this.#scanOptions(project)).matches
          : alone.matches;
      this.#scan = { version: this.version, project, matches };
    }
    return this.#scan.matches;
  }

  /** What this document tells the other files of its folder (computed without theirs, once per version). */
  facts(): FileFacts {
    return this.#scanAlone().facts;
  }

  #scanAlone(): { matches: readonly Match[]; facts: FileFacts } {
    if (this.#alone?.version !== this.version) {
      const { matches, facts } = this.oversized
        ? { matches: [], facts: NO_FACTS }
        : scanFile(this.#document.getText(), this.#scanOptions(undefined));
      this.#alone = { version: this.version, matches, facts };
    }
    return this.#alone;
  }

  #scanOptions(project: ProjectFacts | undefined): ScanOptions {
    // A client that sends no language (Neovim without filetype detection: '') leaves it to the file's name.
    const languageId = this.#document.languageId;
    const options = { ...(languageId === '' ? {} : { languageId }), fileName: this.#document.uri };
    return project === undefined ? options : { ...options, project };
  }
}
