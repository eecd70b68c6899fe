/** One segment of a path template: a literal, or a `:param` that fills any one segment. */
type TemplateSegment = { readonly literal: string } | { readonly param: string };

/** A parsed path template. */
export interface PathTemplate {
  readonly segments: readonly TemplateSegment[];
  /** Query pairs the template requires (`?token=audit-trails`), in order. */
  readonly query: readonly (readonly [string, string])[];
}

/**
 * Parses a data path template such as `/workspaces/:workspace_id/tags?token=x`.
 * Returns undefined for templates that cannot occur in client code: `*` (any list endpoint) and
 * the run-time URLs `:url` / `:callback_url` that a run task integration receives.
 */
export function parseTemplate(template: string): PathTemplate | undefined {
  if (!template.startsWith('/')) return undefined;
  const [path = '', queryText] = template.split('?', 2);
  const segments: TemplateSegment[] = [];
  for (const part of path.split('/')) {
    if (part === '') continue;
    segments.push(part.startsWith(':') ? { param: part.slice(1) } : { literal: part });
  }
  const query: [string, string][] = [];
  for (const pair of queryText === undefined ? [] : queryText.split('&')) {
    const [key = '', value = ''] = pair.split('=', 2);
    if (key !== '') query.push([key, value]);
  }
  return segments.length === 0 ? undefined : { segments, query };
}

/** The literal segments of a template, in order. */
export function literalSegments(template: PathTemplate): string[] {
  const out: string[] = [];
  for (const segment of template.segments) if ('literal' in segment) out.push(segment.literal);
  return out;
}
