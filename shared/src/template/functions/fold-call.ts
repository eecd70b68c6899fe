import type { TemplateValue } from '../ast.ts';
import { TemplateRenderError } from '../template-render-error.ts';
import type { TemplateDeps, TemplateFunction } from './template-function.ts';

/** Pure functions never read these; they exist only to satisfy the call signature. */
const NO_DEPS: TemplateDeps = {
  now: () => {
    throw new Error('a pure template function read the clock');
  },
  randomInt: () => {
    throw new Error('a pure template function drew a random number');
  },
};

/**
 * Evaluates a pure function on constant arguments ahead of time (constant folding), for the
 * type checker and the length analysis. Undefined when the function is not pure or fails at run
 * time (the failure is the renderer's to report).
 */
export function foldCall(fn: TemplateFunction, values: readonly TemplateValue[]): TemplateValue | undefined {
  if (!fn.pure) return undefined;
  try {
    return fn.call(values, NO_DEPS);
  } catch (error) {
    if (error instanceof TemplateRenderError) return undefined;
    throw error;
  }
}
