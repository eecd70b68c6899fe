// Public surface of the template area: the engine's username-template language.
export { parseTemplate } from './parse-template.ts';
export type { ParsedTemplate } from './parse-template.ts';
export type { TemplateDeps } from './functions/template-function.ts';
export { DEFAULT_USERNAME_TEMPLATE } from './default-username-template.ts';
export { renderUsername } from './render-username.ts';
export type { UsernameInput } from './render-username.ts';
export type { LengthBound } from './analyze-template.ts';
export { checkUsernameTemplate } from './check-username-template.ts';
export { describeTemplate } from './describe-template.ts';
