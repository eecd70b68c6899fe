import { reparseDocuments } from '../documents/index.ts';
import type { ParsedFile } from '../documents/index.ts';
import { formatOf, lintParsed, lintText, parseFor, policyFormatOf } from './lint-text.ts';
import { isTerraformFileName } from '../terraform/index.ts';
import { lintPolicyFile } from './policy-file.ts';
import type { LintOptions, LintResult } from './lint-text.ts';
import { ValidationCache } from './validation-cache.ts';

/** What the last `FileLinter.lint` had to redo. */
export interface LintWork {
  /** Documents read from the text (the others were taken over from the previous version). */
  readonly parsed: number;
  /** Documents the rules ran on (the others reused their results). */
  readonly validated: number;
}

/**
 * Lints successive versions of one file, as an editor's open document changes: a YAML version is
 * parsed incrementally from the previous one and only documents with a new value go through the
 * rules, so an edit in a 1,000-document file re-reads and re-checks the document it touched. The
 * result is `lintText`'s for the same text (names, duplicates and kinds are decided afresh each time).
 */
export class FileLinter {
  #previous: ParsedFile | undefined;
  readonly #cache = new ValidationCache();
  #work: LintWork = { parsed: 0, validated: 0 };

  lint(text: string, options: Omit<LintOptions, 'cache'>): LintResult {
    const policy = policyFormatOf(options);
    if (isTerraformFileName(options.fileName)) {
      this.#previous = undefined;
      const result = lintText(text, options);
      this.#work = { parsed: 1, validated: result.documents.length };
      return result;
    }
    if (policy) {
      this.#previous = undefined;
      this.#work = { parsed: 1, validated: 1 };
      return lintPolicyFile(text, policy);
    }
    const format = formatOf(options);
    const read = format === 'yaml' ? reparseDocuments(this.#previous, text) : undefined;
    const file = read?.file ?? parseFor(text, options);
    this.#previous = file;
    const before = this.#cache.computed;
    const result = lintParsed(file, { ...options, cache: this.#cache });
    this.#work = { parsed: read?.parsed ?? file.documents.length, validated: this.#cache.computed - before };
    return result;
  }

  /** What the last lint redid. */
  get work(): LintWork {
    return this.#work;
  }
}
