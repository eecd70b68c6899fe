import type { Problem } from '../problem.ts';
import { analyzeTemplate } from './analyze-template.ts';
import type { AnalyzeOptions, TemplateAnalysis } from './analyze-template.ts';
import { DEFAULT_USERNAME_TEMPLATE, USERNAME_LIMITS } from './default-username-template.ts';
import type { UsernameType } from './default-username-template.ts';
import type { TemplateDeps } from './functions/template-function.ts';
import { parseTemplate } from './parse-template.ts';
import { renderUsername } from './render-username.ts';
import type { UsernameResult } from './render-username.ts';

/** The caller display name used for hover examples. */
const EXAMPLE_DISPLAY_NAME = 'token-deploy';
/** The role name used for hover examples. */
const EXAMPLE_ROLE_NAME = 'deploy';

/** What an editor hover shows about a template. */
export interface TemplateDescription {
  /** Parse problems (empty when the template is valid). */
  readonly problems: readonly Problem[];
  /** An example name per type (or the engine's 500 message), from the example names and `deps`. */
  readonly examples: Readonly<Record<UsernameType, UsernameResult>>;
  /** Length bounds per type; undefined when the template does not parse. */
  readonly analysis: TemplateAnalysis | undefined;
  /** The caps the bounds are compared with (IAM 64, STS 32). */
  readonly limits: Readonly<Record<UsernameType, number>>;
}

/**
 * Describes a template for hovers: an example rendering per type with display name
 * `token-deploy` and role `deploy` (clock and randomness from `deps`), and the length bounds.
 * An empty template describes the default one, as the engine would use it.
 */
export function describeTemplate(text: string, deps: TemplateDeps, options: AnalyzeOptions = {}): TemplateDescription {
  const effective = text === '' ? DEFAULT_USERNAME_TEMPLATE : text;
  const { template, problems } = parseTemplate(effective);
  const example = (credentialType: string): UsernameResult =>
    renderUsername(effective, { credentialType, displayName: EXAMPLE_DISPLAY_NAME, roleName: EXAMPLE_ROLE_NAME }, deps);
  return {
    problems,
    examples: { IAM: example('iam_user'), STS: example('federation_token') },
    analysis: template === undefined ? undefined : analyzeTemplate(template, options),
    limits: USERNAME_LIMITS,
  };
}
