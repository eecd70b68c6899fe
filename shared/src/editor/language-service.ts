import { jwtRoleHover } from './access-hover.ts';
import { completionsAt } from './complete.ts';
import { deprecationDiagnostics } from './history/deprecation-diagnostics.ts';
import { historyHover } from './history/history-hover.ts';
import { lineAnnotations } from './history/line-annotations.ts';
import { matchesAt } from './history/matches-in-lines.ts';
import { hoverAt } from './hover.ts';
import { memberAt } from './member-at.ts';
import { outlineSymbols } from './outline.ts';
import { policyHoverAt } from './policy-hover.ts';
import { listRewritesAt, quickFixesFor } from './quick-fixes.ts';
import { terraformCompletionsAt } from './terraform-complete.ts';
import { terraformHoverAt } from './terraform-hover.ts';
import { terraformEditorProblems } from './terraform-problems.ts';
import { terraformPolicyAt } from './terraform-resource-at.ts';

/**
 * What the editor area offers a language server, as one object (the way yaml-language-server's
 * `getLanguageService` does): every answer is a function of a parsed file, an offset and options,
 * with no protocol types; the server translates them.
 */
export interface LanguageService {
  /** Keys, values and scaffolds at an offset of a keyfob file. */
  readonly complete: typeof completionsAt;
  /** A field's docs and value preview. */
  readonly hover: typeof hoverAt;
  /** In an ACL policy: a path rule's engine paths and access answer, block keys, capabilities. */
  readonly policyHover: typeof policyHoverAt;
  /** A JWT role's access answer (who logs in, what they reach). */
  readonly accessHover: typeof jwtRoleHover;
  /** The member (key and value) under an offset. */
  readonly memberAt: typeof memberAt;
  /** Quick fixes of one problem. */
  readonly quickFixes: typeof quickFixesFor;
  /** Rewrites of the list under an offset (block, flow, comma-separated). */
  readonly listRewrites: typeof listRewritesAt;
  /** One symbol per role or manifest, its fields below. */
  readonly outline: typeof outlineSymbols;
  /** Deprecated platform API subjects among a scan's matches. */
  readonly deprecations: typeof deprecationDiagnostics;
  /** An API subject's history as markdown. */
  readonly historyHover: typeof historyHover;
  /** API-history notes at the end of lines. */
  readonly lineAnnotations: typeof lineAnnotations;
  /** The scan's matches under an offset. */
  readonly matchesAt: typeof matchesAt;
  /** In a Terraform file: what a supported resource's attribute writes and what the engine does with it. */
  readonly terraformHover: typeof terraformHoverAt;
  /** In a Terraform file: engine field values inside a supported resource block. */
  readonly terraformComplete: typeof terraformCompletionsAt;
  /** A Terraform file's lint problems without those terraform-ls reports itself. */
  readonly terraformProblems: typeof terraformEditorProblems;
  /** A `vault_policy`'s ACL policy text under an offset, for the policy logic. */
  readonly terraformPolicyAt: typeof terraformPolicyAt;
}

const SERVICE: LanguageService = Object.freeze({
  complete: completionsAt,
  hover: hoverAt,
  policyHover: policyHoverAt,
  accessHover: jwtRoleHover,
  memberAt,
  quickFixes: quickFixesFor,
  listRewrites: listRewritesAt,
  outline: outlineSymbols,
  deprecations: deprecationDiagnostics,
  historyHover,
  lineAnnotations,
  matchesAt,
  terraformHover: terraformHoverAt,
  terraformComplete: terraformCompletionsAt,
  terraformProblems: terraformEditorProblems,
  terraformPolicyAt,
});

/** The editor area's language service (one object, shared: it holds no state). */
export function getLanguageService(): LanguageService {
  return SERVICE;
}
