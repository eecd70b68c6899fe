import type { TextDocument } from 'vscode-languageserver-textdocument';
import { MarkupKind } from 'vscode-languageserver-types';
import type {
  CodeAction,
  CompletionItem,
  Diagnostic,
  DocumentSymbol,
  Hover,
  InlayHint,
  Range,
} from 'vscode-languageserver-types';
import { getLanguageService } from '../editor/index.ts';
import type { CompletionEntry, FileKind, HoverResult, QuickFix, TemplatePreviewDeps } from '../editor/index.ts';
import type { DocumentFormat } from '../documents/index.ts';
import { lintText, nameFromFileName } from '../lint/index.ts';
import { isTerraformFileName } from '../terraform/index.ts';
import { pointerToSegments } from '../text/index.ts';
import type { WorkspaceFacts } from './workspace-access.ts';
import type { LintResult } from '../lint/index.ts';
import type { OpenDocument } from './open-document.ts';
import type { HistorySettings } from './settings.ts';
import {
  codeAction,
  completionItem,
  deprecationDiagnostic,
  documentSymbol,
  problemDiagnostic,
  toRange,
} from './to-lsp.ts';

const editor = getLanguageService();

// Each feature is a function of one open document (its cached lint and scan), the settings and a
// position: the whole translation between shared/src/editor and the protocol, for every client.

/** What the features need beside the document. */
export interface FeatureContext {
  readonly history: HistorySettings;
  /** Clock and randomness for the username preview in hovers. */
  readonly template: TemplatePreviewDeps;
  /** Options the client gave in `initializationOptions`. */
  readonly client: ClientOptions;
  /** Who can get what in the document's workspace folder, when the host reads folders (built when asked). */
  readonly workspace?: () => WorkspaceFacts | undefined;
}

/** `initializationOptions` a client may send; other editors send none and get plain links and no commands. */
export interface ClientOptions {
  /** A client command that opens the suggest widget again (VS Code: `editor.action.triggerSuggest`). */
  readonly suggestCommand?: string;
  /** A client command opening an API subject's page: hovers then link to `command:<id>?[subjectId]`. */
  readonly historyPageCommand?: string;
  /** The client answers WORKSPACE_SNAPSHOT_METHOD (reads workspace folders for the server). */
  readonly workspaceSnapshot?: boolean;
  /** The client owns the workspace folders' project facts: it answers PROJECT_FACTS_METHOD and sends PROJECT_FACTS_CHANGED. */
  readonly projectFacts?: boolean;
}

/** Every diagnostic of a document: its lint problems (keyfob files) and deprecated API subjects (any text). */
export function diagnosticsOf(open: OpenDocument, history: HistorySettings): Diagnostic[] {
  const document = open.document;
  const lint = open.lint();
  const problems =
    lint && isTerraform(open) ? editor.terraformProblems(lint.problems, lint.file, lint.documents) : lint?.problems;
  const found = problems ? problems.map((p) => problemDiagnostic(document, p)) : [];
  if (history.diagnostics)
    found.push(...editor.deprecations(open.scan(), history.target).map((d) => deprecationDiagnostic(document, d)));
  return found;
}

/** Field docs and value previews in keyfob files; elsewhere (and where those have none) an API subject's history. */
export function hoverOf(open: OpenDocument, offset: number, context: FeatureContext): Hover | undefined {
  const document = open.document;
  const lint = open.lint();
  if (lint) {
    const found = keyfobHover(lint, open, offset, context);
    if (found)
      return { contents: { kind: MarkupKind.Markdown, value: found.markdown }, range: toRange(document, found.range) };
  }
  const matches = editor.matchesAt(open.scan(), offset);
  const first = matches[0];
  if (!first) return undefined;
  const command = context.client.historyPageCommand;
  const markdown = editor.historyHover(matches, {
    target: context.history.target,
    ...(command ? { pageLink: (id: string) => `command:${command}?${encodeURIComponent(JSON.stringify([id]))}` } : {}),
  });
  return markdown === undefined
    ? undefined
    : { contents: { kind: MarkupKind.Markdown, value: markdown }, range: toRange(document, first) };
}

/**
 * A keyfob file's hover: in a policy, the path rules' engine paths and access answer, block keys and
 * capabilities; in a JWT role, its access answer over `name` and beside the fields that decide it;
 * elsewhere (and for the other fields) the schema's field docs.
 */
function keyfobHover(
  lint: LintResult,
  open: OpenDocument,
  offset: number,
  context: FeatureContext,
): HoverResult | undefined {
  if (isTerraform(open)) return terraformHover(lint, offset, context);
  const index = lint.file.documents.findIndex((d) => offset >= d.range.start && offset <= d.range.end);
  const linted = lint.documents.find((d) => d.index === Math.max(0, index));
  // The access answer is built only for the hovers that show it (policies, JWT roles).
  const workspace = linted?.kind === 'policy' || linted?.kind === 'jwt-role' ? context.workspace?.() : undefined;
  const report = workspace?.report;
  if (linted?.kind === 'policy') {
    const found = editor.policyHover(lint.file, offset, {
      policy: nameFromFileName(open.target?.fileName ?? '').toLowerCase(),
      ...(report ? { report } : {}),
    });
    return found && withNote(found, workspace?.incomplete);
  }
  const found = editor.hover(lint.file, offset, { kindOf: (i) => kindOf(lint, i), template: context.template });
  if (linted?.kind !== 'jwt-role' || !report || linted.name === undefined) return found;
  const member = editor.memberAt(lint.file, offset);
  const field = member ? pointerToSegments(member.pointer)[0] : undefined;
  if (field === undefined || !ACCESS_FIELDS.has(field)) return found;
  const answer = editor.accessHover(report, linted.name);
  if (!answer) return found;
  const access = withNote(
    { markdown: answer, range: member?.range ?? found?.range ?? { start: 0, end: 0 } },
    workspace?.incomplete,
  );
  if (field === 'name' || !found) return access;
  return { markdown: `${found.markdown}\n\n---\n\n${access.markdown}`, range: found.range };
}

/**
 * A Terraform file's hover: inside a `vault_policy`'s policy text, the policy hover (engine paths and
 * who reaches them); over an attribute of a supported resource, what it writes and what the engine
 * does with it, and on a JWT role's fields that decide access, its access answer.
 */
function terraformHover(lint: LintResult, offset: number, context: FeatureContext): HoverResult | undefined {
  const policy = editor.terraformPolicyAt(lint.file, lint.documents, offset);
  if (policy) {
    const workspace = context.workspace?.();
    const inner = lintText(policy.text, { fileName: 'terraform.policy.hcl' }).file;
    const found = editor.policyHover(inner, offset - policy.start, {
      policy: (policy.name ?? '').toLowerCase(),
      ...(workspace?.report ? { report: workspace.report } : {}),
    });
    if (!found) return undefined;
    const range = { start: found.range.start + policy.start, end: found.range.end + policy.start };
    return withNote({ ...found, range }, workspace?.incomplete);
  }
  const found = editor.terraformHover(lint.file, offset, { documents: lint.documents, template: context.template });
  if (!found) return undefined;
  const { kind, name } = found.resource;
  if (kind !== 'jwt-role' || name === undefined || !ACCESS_FIELDS.has(found.field ?? '')) return found;
  const workspace = context.workspace?.();
  const answer = workspace?.report && editor.accessHover(workspace.report, name);
  if (!answer) return found;
  const access = withNote({ markdown: answer, range: found.range }, workspace.incomplete);
  return { markdown: `${found.markdown}\n\n---\n\n${access.markdown}`, range: found.range };
}

/** A hover with the note that the workspace was read only in part (when it was). */
function withNote(hover: HoverResult, incomplete: string | undefined): HoverResult {
  return incomplete === undefined
    ? hover
    : { ...hover, markdown: `${hover.markdown}\n\n_Incomplete answer: ${incomplete}._` };
}

/** Fields of a JWT role whose hover adds the role's access answer: its name and what decides who logs in and what they reach. */
const ACCESS_FIELDS: ReadonlySet<string> = new Set([
  'name',
  'bound_subject',
  'bound_claims',
  'bound_claims_type',
  'bound_audiences',
  'token_policies',
  'token_no_default_policy',
]);

/** Keys, values and scaffolds at a position of a keyfob file. */
export function completionsOf(open: OpenDocument, offset: number, context: FeatureContext): CompletionItem[] {
  const lint = open.lint();
  const target = open.target;
  if (!lint || !target) return [];
  if (isTerraform(open))
    return terraformCompletions(lint, offset, target.format, context).map((entry) =>
      completionItem(open.document, entry, context.client.suggestCommand),
    );
  const index = lint.file.documents.findIndex((d) => offset >= d.range.start && offset <= d.range.end);
  const kind = kindOf(lint, Math.max(0, index));
  // Policy completion offers the workspace's role names; other kinds need no report.
  const names = kind === 'policy' ? workspaceNames(context) : undefined;
  const format = kind === 'policy' ? lint.file.format : target.format;
  return editor
    .complete(lint.file.text, offset, { format, kind, ...(names ? { policy: { names } } : {}) })
    .map((entry) => completionItem(open.document, entry, context.client.suggestCommand));
}

/** The workspace's role names, offered in policy paths. */
function workspaceNames(
  context: FeatureContext,
): { roles: string[]; staticRoles: string[]; jwtRoles: string[] } | undefined {
  const report = context.workspace?.()?.report;
  return report
    ? {
        roles: report.targets.filter((t) => t.kind === 'credentials').map((t) => t.name),
        staticRoles: report.targets.filter((t) => t.kind === 'static-credentials').map((t) => t.name),
        jwtRoles: report.jwtRoles.map((r) => r.name),
      }
    : undefined;
}

/** In a Terraform file: the policy completions inside a `vault_policy`'s text, engine field values in a supported resource. */
function terraformCompletions(
  lint: LintResult,
  offset: number,
  format: DocumentFormat,
  context: FeatureContext,
): CompletionEntry[] {
  const policy = editor.terraformPolicyAt(lint.file, lint.documents, offset);
  if (!policy) return editor.terraformComplete(lint.file.text, offset, format === 'json' ? 'json' : 'hcl');
  const names = workspaceNames(context);
  const shift = (range: { start: number; end: number }) => ({
    start: range.start + policy.start,
    end: range.end + policy.start,
  });
  return editor
    .complete(policy.text, offset - policy.start, {
      format: 'hcl',
      kind: 'policy',
      ...(names ? { policy: { names } } : {}),
    })
    .map((entry) => ({ ...entry, replace: shift(entry.replace) }));
}

/**
 * Quick fixes for the problems and deprecated subjects overlapping the range, and list rewrites of
 * the member under its start. Computed from the server's own results, not the client's copy of the
 * diagnostics, so every client gets the same answer; each fix appears once.
 */
export function codeActionsOf(open: OpenDocument, start: number, end: number, context: FeatureContext): CodeAction[] {
  const document = open.document;
  const actions: CodeAction[] = [];
  const seen = new Set<string>();
  const add = (fix: QuickFix, diagnostics: Diagnostic[]): void => {
    const key = `${fix.title}\u0000${JSON.stringify(fix.edits)}`;
    if (seen.has(key)) return;
    seen.add(key);
    actions.push(codeAction(document, fix, diagnostics));
  };
  // Terraform files: the fixes rewrite YAML and JSON role files, not HCL; none is offered there yet.
  const lint = isTerraform(open) ? undefined : open.lint();
  if (lint) {
    for (const problem of lint.problems) {
      if (!problem.range || !overlaps(problem.range, start, end)) continue;
      const kind = kindOf(lint, problem.document ?? 0);
      for (const fix of editor.quickFixes(problem, { file: lint.file, ...(kind ? { kind } : {}) }))
        add(fix, [problemDiagnostic(document, problem)]);
    }
    const member = editor.memberAt(lint.file, start);
    if (member) {
      const kind = kindOf(lint, member.document.index);
      const pointer = member.pointer.replace(/\/\d+$/, '');
      for (const fix of editor.listRewrites(
        { file: lint.file, ...(kind ? { kind } : {}) },
        member.document.index,
        pointer,
      ))
        add(fix, []);
    }
  }
  for (const found of editor.deprecations(open.scan(), context.history.target)) {
    if (!found.fix || !overlaps(found, start, end)) continue;
    const edits = found.fix.edits.map((e) => ({ start: e.start, end: e.end, newText: e.newText }));
    add({ title: found.fix.title, kind: 'quickfix', edits, isPreferred: found.fix.isPreferred }, [
      deprecationDiagnostic(document, found),
    ]);
  }
  return actions;
}

/** The outline of a keyfob file: one symbol per role or manifest, its fields below. */
export function symbolsOf(open: OpenDocument): DocumentSymbol[] {
  // Terraform files: terraform-ls gives their outline (every block); one more would repeat it.
  const lint = isTerraform(open) ? undefined : open.lint();
  if (!lint) return [];
  const documents = lint.documents.map((d) => ({ index: d.index, kind: d.kind, ...(d.name ? { name: d.name } : {}) }));
  return editor.outline(lint.file, documents).map((symbol) => documentSymbol(open.document, symbol));
}

/** The API-history notes of the lines in range, as hints at the end of each line. */
export function inlayHintsOf(open: OpenDocument, range: Range, history: HistorySettings): InlayHint[] {
  if (history.annotations === 'off' || history.style === 'decoration') return [];
  const matches = open.scan();
  if (matches.length === 0) return [];
  const document = open.document;
  const span = { startLine: range.start.line + 1, endLine: range.end.line + 1 };
  return editor
    .lineAnnotations(matches, [span], { mode: history.annotations, target: history.target, margin: 0 })
    .map((annotation) => ({
      position: lineEnd(document, annotation.line - 1),
      label: annotation.text,
      paddingLeft: true,
      tooltip: annotation.items.map((item) => `${item.match.subject.name}: ${item.annotation.text}`).join('\n'),
    }));
}

function lineEnd(document: TextDocument, line: number): { line: number; character: number } {
  const text = document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
  return { line, character: text.replace(/\r?\n$/, '').length };
}

/** A Terraform file (`*.tf`, `*.tf.json`, the terraform language): terraform-ls serves it too. */
function isTerraform(open: OpenDocument): boolean {
  return open.target !== undefined && isTerraformFileName(open.target.fileName);
}

function kindOf(lint: LintResult, index: number): FileKind | undefined {
  return (lint.documents.find((d) => d.index === index) ?? lint.documents[0])?.kind;
}

function overlaps(range: { start: number; end: number }, start: number, end: number): boolean {
  return range.start <= end && range.end >= start;
}
