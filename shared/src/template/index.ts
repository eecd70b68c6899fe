// Public surface of the template area: the engine's username-template language.
export type {
  Command,
  FieldOperand,
  FunctionOperand,
  IfBranch,
  IfNode,
  LiteralOperand,
  Operand,
  OutputNode,
  Pipeline,
  PipelineOperand,
  Span,
  StaticType,
  Template,
  TemplateField,
  TemplateNode,
  TemplateValue,
  TextNode,
} from './ast.ts';
export { parseTemplate } from './parse-template.ts';
export type { ParsedTemplate, ParseTemplateOptions } from './parse-template.ts';
export { TEMPLATE_FIELDS } from './parse-pipeline.ts';
export { renderTemplate } from './render-template.ts';
export type { TemplateVars } from './render-template.ts';
export type { TemplateDeps, TemplateFunction } from './functions/template-function.ts';
export { findTemplateFunction, TEMPLATE_FUNCTIONS } from './functions/function-table.ts';
export { MAX_TEMPLATE_VALUE_BYTES, TemplateRenderError } from './template-render-error.ts';
export { DEFAULT_USERNAME_TEMPLATE, templateTypeFor, USERNAME_LIMITS } from './default-username-template.ts';
export type { UsernameType } from './default-username-template.ts';
export { normalizeDisplayName, renderUsername } from './render-username.ts';
export type { UsernameInput, UsernameResult } from './render-username.ts';
export { analyzeTemplate, DEFAULT_DISPLAY_NAME_MAX, DEFAULT_POLICY_NAME_MAX } from './analyze-template.ts';
export type { AnalyzeOptions, LengthBound, TemplateAnalysis } from './analyze-template.ts';
export { checkUsernameTemplate } from './check-username-template.ts';
export type { CheckUsernameTemplateOptions } from './check-username-template.ts';
export { describeTemplate, EXAMPLE_DISPLAY_NAME, EXAMPLE_ROLE_NAME } from './describe-template.ts';
export type { TemplateDescription } from './describe-template.ts';
export { goSprintf } from './go-sprintf.ts';
export { formatGoTime } from './go-time-layout.ts';
