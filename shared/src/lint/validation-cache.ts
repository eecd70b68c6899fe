import type { Problem } from '../problem.ts';

/**
 * Rule results per document of one file, kept between lints of successive versions of that file.
 * `lintText` asks it before running the rules on a document: a document whose source text, kind and
 * name are unchanged gets its earlier problems back (rules are a pure function of those), so an
 * edit in a 1,000-document file runs the rules on the touched document only. Each lint keeps only
 * the entries it used, so the cache never holds more than one version's documents.
 */
export class ValidationCache {
  #current = new Map<string, readonly Problem[]>();
  #next = new Map<string, readonly Problem[]>();

  /** The cached problems for `key`, computing and keeping them with `compute` when absent. */
  get(key: string, compute: () => Problem[]): readonly Problem[] {
    const found = this.#next.get(key) ?? this.#current.get(key) ?? compute();
    this.#next.set(key, found);
    return found;
  }

  /** Ends one lint: entries not used by it are dropped. */
  settle(): void {
    this.#current = this.#next;
    this.#next = new Map();
  }

  /** How many documents' results are kept (for tests). */
  get size(): number {
    return this.#current.size;
  }
}
