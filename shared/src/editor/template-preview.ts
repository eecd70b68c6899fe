/** Clock and randomness for rendering an example username (injected: `shared/` reads no clock). */
export interface TemplatePreviewDeps {
  readonly now: () => Date;
  readonly randomInt: (maxExclusive: number) => number;
}

/** Markdown for a `username_template`: a rendered example per type and the worst-case lengths against 64/32. */
export function templatePreview(_text: string, _deps: TemplatePreviewDeps): string {
  return '';
}
