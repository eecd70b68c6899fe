/**
 * A template failed while rendering (Go's "error calling truncate: ..." class of failures), for
 * example `truncate` given a length of 0 computed at run time. The message names the function and
 * the value; it never contains data other than the template's own inputs.
 */
export class TemplateRenderError extends Error {
  /** The template function that failed, when one did. */
  readonly functionName: string | undefined;

  constructor(message: string, functionName?: string) {
    super(functionName === undefined ? message : `error calling ${functionName}: ${message}`);
    this.name = 'TemplateRenderError';
    this.functionName = functionName;
  }
}

/**
 * Largest string, in bytes, a template value may reach while rendering. Go has no such cap; keyfob
 * adds one so a template such as `random 1000000000` fails fast instead of exhausting the engine's
 * memory. Usernames are at most 64 bytes, so no useful template comes near it.
 */
const MAX_TEMPLATE_VALUE_BYTES = 65_536;

/** Throws when a value about to be built would pass `MAX_TEMPLATE_VALUE_BYTES`. */
export function assertValueSize(bytes: number, functionName: string): void {
  if (bytes > MAX_TEMPLATE_VALUE_BYTES) {
    throw new TemplateRenderError(
      `result of ${bytes} bytes is over keyfob's limit of ${MAX_TEMPLATE_VALUE_BYTES}`,
      functionName,
    );
  }
}
