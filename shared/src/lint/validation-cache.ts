import type { DocumentCheck } from './validate-document.ts';

interface Entry {
  readonly kind: string;
  readonly name: string | undefined;
  readonly check: DocumentCheck | undefined;
}

/**
 * Rule results per parsed document value, kept between lints of successive versions of one file.
 * The rules are a pure function of a document's value, kind and name, and an incremental parse
 * (`reparseDocuments`) hands the untouched documents of a new version the very value objects of
 * the previous one: so an edit in a 1,000-document file runs the rules on the touched document
 * only. Entries go when their value does (a weak map), so the cache never outgrows the file.
 */
export class ValidationCache {
  readonly #byValue = new WeakMap<object, Entry[]>();
  #computed = 0;

  /** The check of `value` as a `kind` named `name`, computing and keeping it with `compute` when absent. */
  get(
    value: unknown,
    kind: string,
    name: string | undefined,
    compute: () => DocumentCheck | undefined,
  ): DocumentCheck | undefined {
    if (typeof value !== 'object' || value === null) return this.#count(compute());
    // Nearly always one entry: a document is read as one kind under one name.
    const entries = this.#byValue.get(value) ?? [];
    const found = entries.find((e) => e.kind === kind && e.name === name);
    if (found) return found.check;
    const check = this.#count(compute());
    this.#byValue.set(value, [...entries, { kind, name, check }]);
    return check;
  }

  /** How many times the rules ran through this cache (for tests and the bench). */
  get computed(): number {
    return this.#computed;
  }

  #count(check: DocumentCheck | undefined): DocumentCheck | undefined {
    this.#computed++;
    return check;
  }
}
