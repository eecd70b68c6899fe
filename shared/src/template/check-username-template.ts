import type { Problem } from '../problem.ts';
import { analyzeTemplate } from './analyze-template.ts';
import type { LengthBound } from './analyze-template.ts';
import { USERNAME_LIMITS } from './default-username-template.ts';
import type { UsernameType } from './default-username-template.ts';
import { parseTemplate } from './parse-template.ts';
import { toProblem } from './template-issue.ts';
import { usernameCharacterIssues } from './username-characters.ts';
import type { TemplateIssue } from './template-issue.ts';

/** Options for `checkUsernameTemplate`. */
export interface CheckUsernameTemplateOptions {
  /** JSON Pointer put on every problem; default `/username_template`. */
  readonly path?: string;
  /** Longest role name to assume for `.PolicyName` (default `DEFAULT_POLICY_NAME_MAX`). */
  readonly roleNameMax?: number;
  /** Longest caller display name to assume (default `DEFAULT_DISPLAY_NAME_MAX`). */
  readonly displayNameMax?: number;
}

const CREDENTIALS: Readonly<Record<UsernameType, string>> = {
  IAM: 'iam_user and assumed_role',
  STS: 'federation_token',
};

function limitIssue(type: UsernameType, bound: LengthBound, text: string): TemplateIssue | undefined {
  const limit = USERNAME_LIMITS[type];
  const span = { start: 0, end: text.length };
  const data = { type, limit, min: bound.min, max: bound.max };
  const fix = `pipe the ${type} output through truncate ${limit}`;
  if (bound.min > limit) {
    const message = `Every ${type} username this template makes is at least ${bound.min} characters, over the cap of ${limit}, so every ${CREDENTIALS[type]} generation fails with 500; ${fix}.`;
    return { code: 'TEMPLATE_ALWAYS_EXCEEDS_LIMIT', message, ...span, data };
  }
  if (bound.max !== undefined && bound.max <= limit) return undefined;
  const worst = bound.max === undefined ? 'has no length limit' : `can be ${bound.max} characters`;
  const message = `The ${type} username this template makes ${worst}, over the cap of ${limit}; such a ${CREDENTIALS[type]} generation fails with 500; ${fix}.`;
  return { code: 'TEMPLATE_MAY_EXCEED_LIMIT', message, ...span, data };
}

/**
 * Lints a username template: the parse problems, then (when it parses) `TEMPLATE_NO_TYPE_BRANCH`
 * (warning: seed 1 wants a conditional on `.Type`), `TEMPLATE_MAY_EXCEED_LIMIT` (warning: the
 * longest IAM name is over 64 or the longest STS name over 32) and
 * `TEMPLATE_ALWAYS_EXCEEDS_LIMIT` (error: even the shortest is over) and
 * `TEMPLATE_USERNAME_CHARACTERS` (error: literal text the provider refuses in user names). An empty template is
 * fine: the engine uses the default.
 */
export function checkUsernameTemplate(text: string, options: CheckUsernameTemplateOptions = {}): Problem[] {
  const path = options.path ?? '/username_template';
  if (text === '') return [];
  const { template, problems } = parseTemplate(text, { path });
  if (template === undefined) return problems;
  const analysis = analyzeTemplate(template, {
    ...(options.roleNameMax !== undefined ? { policyNameMax: options.roleNameMax } : {}),
    ...(options.displayNameMax !== undefined ? { displayNameMax: options.displayNameMax } : {}),
  });
  const issues: TemplateIssue[] = [];
  if (!analysis.branchesOnType) {
    const message =
      'The template does not branch on the credential type; wrap it in {{ if eq .Type "STS" }} ... {{ else }} ... {{ end }} so STS names fit 32 characters and IAM names 64.';
    issues.push({ code: 'TEMPLATE_NO_TYPE_BRANCH', message, start: 0, end: text.length });
  }
  for (const type of ['IAM', 'STS'] as const) {
    const issue = limitIssue(type, analysis[type], text);
    if (issue) issues.push(issue);
  }
  issues.push(...usernameCharacterIssues(template));
  return [...problems, ...issues.map((issue) => toProblem(issue, path))];
}
