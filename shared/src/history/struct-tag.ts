/** One wire name found in a Go struct tag, with its offset inside the tag text. */
export interface TagField {
  readonly name: string;
  readonly start: number;
  /** `jsonapi:"primary,<type>"`: the name is the resource's JSON:API type. */
  readonly primary: boolean;
}

/**
 * Reads the wire names of a Go struct tag such as
 * `jsonapi:"attr,plan-timeout,omitempty" json:"plan-timeout"`. For `jsonapi` the name is the
 * second comma part (`attr,`, `relation,`, `primary,`); for other keys (`json`, `yaml`) the first.
 * Offsets are relative to the tag text. Text that is not a tag yields nothing.
 */
export function parseStructTag(tag: string): TagField[] {
  const fields: TagField[] = [];
  let i: number;
  for (let colon = tag.indexOf(':"'); colon !== -1; colon = tag.indexOf(':"', i)) {
    const close = tag.indexOf('"', colon + 2);
    if (close === -1) break;
    const key = tag.slice(tag.lastIndexOf(' ', colon) + 1, colon);
    const parts = tag.slice(colon + 2, close).split(',');
    const jsonapi = key === 'jsonapi';
    const name = (jsonapi ? parts[1] : parts[0]) ?? '';
    if (name !== '' && name !== '-') {
      const start = colon + 2 + (jsonapi ? (parts[0]?.length ?? 0) + 1 : 0);
      fields.push({ name, start, primary: jsonapi && parts[0] === 'primary' });
    }
    i = close + 1;
  }
  return fields;
}
