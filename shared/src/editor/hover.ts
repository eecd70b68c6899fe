import type { ParsedFile } from '../documents/types.ts';
import type { OffsetRange } from '../problem.ts';
import { fieldInfo } from '../rules/index.ts';
import { fieldMarkdown } from './field-markdown.ts';
import { iamHover } from './iam-completions.ts';
import { memberAt } from './member-at.ts';

import { fieldAt } from './resource-at.ts';
import type { FileKind } from './resource-at.ts';
import { templatePreview } from './template-preview.ts';
import type { TemplatePreviewDeps } from './template-preview.ts';
import { valueAt } from './value-at.ts';
import { valuePreview } from './value-preview.ts';
import { pointerToSegments } from '../text/json-pointer.ts';

/** A hover: Markdown and the span it describes (a key, a value or a list item). */
export interface HoverResult {
  readonly markdown: string;
  readonly range: OffsetRange;
}

/** What `hoverAt` needs besides the parsed file. */
export interface HoverOptions {
  /** Kind of each document (from the lint result), by document index. */
  readonly kindOf: (document: number) => FileKind | undefined;
  /** Clock and randomness for the `username_template` example rendering. */
  readonly template?: TemplatePreviewDeps;
}

/**
 * Hover over a field's key or value: the schema's documentation (type, default, credential types,
 * edition, deprecation, seed rule) and a preview of the value (duration normalised, comma list
 * items, a rendered `username_template` with its worst-case length against the 64/32 caps).
 */
export function hoverAt(file: ParsedFile, offset: number, options: HoverOptions): HoverResult | undefined {
  const member = memberAt(file, offset);
  if (!member) return undefined;
  const kind = options.kindOf(member.document.index);
  if (!kind) return undefined;
  let segments = pointerToSegments(member.pointer);
  const iam = iamHover(segments, valueAt(member.document.value, segments));
  if (iam) return { markdown: iam, range: member.range };
  let at = fieldAt(kind, segments);
  // An item of a list field describes the list field.
  if (at && at.resource.base.length < segments.length - 1 && /^\d+$/.test(segments[segments.length - 1] ?? '')) {
    segments = segments.slice(0, -1);
    at = fieldAt(kind, segments);
  }
  if (!at || at.resource.base.length !== segments.length - 1) return undefined;
  const info = fieldInfo(at.resource.kind, at.field);
  if (!info) return undefined;
  const credentialType = valueAt(member.document.value, [...at.resource.base, 'credential_type']);
  const value = valueAt(member.document.value, segments);
  const parts = [
    fieldMarkdown(at.resource.kind, info, typeof credentialType === 'string' ? credentialType : undefined),
  ];
  const preview = valuePreview(info, value);
  if (preview) parts.push(preview);
  if (info.name === 'username_template' && typeof value === 'string' && options.template)
    parts.push(templatePreview(value, options.template));
  return { markdown: parts.join('\n\n---\n\n'), range: member.range };
}
