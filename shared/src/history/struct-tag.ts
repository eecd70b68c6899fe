/** The wire name of one key of a Go struct tag, with its source offsets. */
export interface TagField {
  readonly name: string;
  readonly start: number;
  /** `jsonapi:"primary,<type>"`: the name is the resource's JSON:API type. */
  readonly primary: boolean;
}

/**
 * Reads the wire name of one key of a Go struct tag, such as `jsonapi:"attr,plan-timeout,omitempty"`
 * or `json:"plan-timeout"`: for `jsonapi` the second comma part (`attr,`, `relation,`, `primary,`), for
 * other keys (`json`, `url`) the first. `valueStart` is the offset after the key's opening quote and
 * `close` that of its closing quote. Undefined for an empty name or `-`. Reads the text in place
 * (no split): go-tfe has a tag on almost every line.
 */
export function tagField(text: string, valueStart: number, close: number, jsonapi: boolean): TagField | undefined {
  let start = valueStart;
  if (jsonapi) {
    const comma = commaBefore(text, valueStart, close);
    if (comma === close) return undefined;
    start = comma + 1;
  }
  const end = commaBefore(text, start, close);
  if (end === start || (end === start + 1 && text.charCodeAt(start) === 45)) return undefined;
  return {
    name: text.slice(start, end),
    start,
    primary: jsonapi && start === valueStart + 8 && text.startsWith('primary,', valueStart),
  };
}

/**
 * The first `,` from `from` up to `close` (the value's closing quote), or `close`: read within the value only (a search
 * on to the text's end, once per tag, read a long text of tags without commas again for each).
 */
function commaBefore(text: string, from: number, close: number): number {
  let at = from;
  while (at < close && text.charCodeAt(at) !== 44) at++;
  return at;
}
