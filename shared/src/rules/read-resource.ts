import { hasErrors, type Problem, type Result } from '../problem.ts';
import type { FieldKind } from './field-info.ts';
import { parseFields, type ParsedFields } from './parse-fields.ts';
import { isRecord } from '../text/index.ts';
import { notAnObject } from './resource-input.ts';
import { checkShape } from './shape.ts';

/** A resource past the first checks: its parsed fields and the problems so far (rules add theirs). */
export interface ReadResource {
  readonly ok: true;
  readonly input: Record<string, unknown>;
  readonly fields: ParsedFields;
  /** Fields whose value has the wrong shape; rules skip them (the shape problem is already there). */
  readonly badFields: ReadonlySet<string>;
  readonly problems: Problem[];
}

/** How `readResource` reads: where the object sits, and (when given) where its values come from. */
export interface ReadOptions {
  /** The resource as the not-an-object message names it: `role`, `lease configuration`, ... */
  readonly what: string;
  readonly basePath: string;
  /** Passed to the field parser: `request` takes every duration form the engine's API takes. */
  readonly source?: 'file' | 'request';
}

/**
 * The first steps every validator takes, in order: a plain object (else one `FIELD_TYPE` problem and
 * nothing more), the schema's shape, then each well-shaped field's value.
 */
export function readResource(
  kind: FieldKind,
  input: unknown,
  options: ReadOptions,
): ReadResource | { readonly ok: false; readonly problems: Problem[] } {
  if (!isRecord(input)) return { ok: false, problems: [notAnObject(options.what, input, options.basePath)] };
  const shape = checkShape(kind, input, options.basePath);
  const problems = [...shape.problems];
  const fields = parseFields(kind, input, options.basePath, shape.badFields, problems, options.source);
  return { ok: true, input, fields, badFields: shape.badFields, problems };
}

/** A validator's answer: the normalised value, or undefined when any problem is an error. */
export type Validation<T> = Result<T | undefined> & { readonly problems: Problem[] };

/** The validators' last step: build the value only when no problem is an error. */
export function settle<T>(problems: Problem[], build: () => T): Validation<T> {
  return { value: hasErrors(problems) ? undefined : build(), problems };
}

/** `{ source }` when it is set, else nothing (optional properties stay absent, not undefined). */
export function sourceOf(options: { readonly source?: 'file' | 'request' }): { readonly source?: 'file' | 'request' } {
  return options.source === undefined ? {} : { source: options.source };
}
