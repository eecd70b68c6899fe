import { CloudError } from '../cloud-error.ts';

/** Most parameters one Query request may carry (a 50-tag request has ~105). */
const MAX_QUERY_PARAMS = 1000;
/** Most members of one list parameter (`Tags.member.N`): the model's largest list is 50. */
const MAX_MEMBERS = 100;

/** `ValidationError` naming the member, as the provider words a bad parameter. */
export function badParameter(member: string, value: string, constraint: string): CloudError {
  const shown = value.length > 64 ? `${value.slice(0, 64)}...` : value;
  return new CloudError(
    'ValidationError',
    `1 validation error detected: Value '${shown}' at '${lowerFirst(member)}' failed to satisfy constraint: ${constraint}`,
  );
}

/**
 * The parameters of an AWS Query request (form body or query string): scalars, `Name.member.N`
 * lists of strings and `Name.member.N.Field` lists of structures. Values are bounded by the body
 * limit; every accessor checks presence and shape and throws the provider's error.
 */
export class QueryParams {
  readonly #values: Map<string, string>;

  constructor(text: string) {
    const parsed = new URLSearchParams(text);
    this.#values = new Map();
    for (const [name, value] of parsed) {
      if (this.#values.size >= MAX_QUERY_PARAMS)
        throw new CloudError('ValidationError', `A request may carry at most ${MAX_QUERY_PARAMS} parameters.`);
      this.#values.set(name, value);
    }
  }

  /** An optional scalar. */
  optional(name: string): string | undefined {
    return this.#values.get(name);
  }

  /** A required scalar: `MissingParameter` when absent. */
  required(name: string): string {
    const value = this.#values.get(name);
    if (value === undefined) throw new CloudError('MissingParameter', `The request must contain the parameter ${name}`);
    return value;
  }

  /** An optional integer within `[min, max]`. */
  integer(name: string, min: number, max: number): number | undefined {
    const text = this.#values.get(name);
    if (text === undefined) return undefined;
    const value = /^-?\d{1,12}$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isNaN(value))
      throw new CloudError(
        'ValidationError',
        `Value '${text.slice(0, 32)}' for parameter ${name} is not a valid integer.`,
      );
    if (value < min) throw badParameter(name, text, `Member must have value greater than or equal to ${min}`);
    if (value > max) throw badParameter(name, text, `Member must have value less than or equal to ${max}`);
    return value;
  }

  /** `Name.member.1`, `Name.member.2`... (strings); an empty `Name=` is an empty list. */
  strings(name: string): string[] {
    const out: string[] = [];
    for (let i = 1; i <= MAX_MEMBERS + 1; i++) {
      const value = this.#values.get(`${name}.member.${i}`);
      if (value === undefined) break;
      if (i > MAX_MEMBERS)
        throw badParameter(name, '[...]', `Member must have length less than or equal to ${MAX_MEMBERS}`);
      out.push(value);
    }
    return out;
  }

  /** `Name.member.N.Field` structures, with the given fields (absent fields are undefined). */
  structs<F extends string>(name: string, fields: readonly F[]): Partial<Record<F, string>>[] {
    const out: Partial<Record<F, string>>[] = [];
    for (let i = 1; i <= MAX_MEMBERS + 1; i++) {
      const item: Partial<Record<F, string>> = {};
      let found = false;
      for (const field of fields) {
        const value = this.#values.get(`${name}.member.${i}.${field}`);
        if (value !== undefined) {
          item[field] = value;
          found = true;
        }
      }
      if (!found) break;
      if (i > MAX_MEMBERS)
        throw badParameter(name, '[...]', `Member must have length less than or equal to ${MAX_MEMBERS}`);
      out.push(item);
    }
    return out;
  }

  /** `Tags.member.N.Key/Value` as an ordered list (duplicates kept for the caller to judge). */
  tags(name = 'Tags'): { key: string; value: string }[] {
    return this.structs(name, ['Key', 'Value'] as const).map((t, i) => {
      if (t.Key === undefined)
        throw new CloudError('MissingParameter', `The request must contain the parameter ${name}.member.${i + 1}.Key`);
      return { key: t.Key, value: t.Value ?? '' };
    });
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
