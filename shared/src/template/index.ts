// Public surface of the template area: the engine's username-template language.
export type { Template } from './ast.ts';
export { parseTemplate } from './parse-template.ts';
export type { ParsedTemplate } from './parse-template.ts';
export { renderTemplate } from './render-template.ts';
export type { TemplateVars } from './render-template.ts';
export type { TemplateDeps } from './functions/template-function.ts';
export { TemplateRenderError } from './template-render-error.ts';
export { DEFAULT_USERNAME_TEMPLATE, templateTypeFor, USERNAME_LIMITS } from './default-username-template.ts';
export { normalizeDisplayName, renderUsername } from './render-username.ts';
export type { UsernameInput } from './render-username.ts';
export { analyzeTemplate } from './analyze-template.ts';
export type { AnalyzeOptions, LengthBound } from './analyze-template.ts';
export { checkUsernameTemplate } from './check-username-template.ts';
export type { CheckUsernameTemplateOptions } from './check-username-template.ts';
export { describeTemplate } from './describe-template.ts';
export { goSprintf } from './go-sprintf.ts';
export { formatGoTime } from './go-time-layout.ts';
