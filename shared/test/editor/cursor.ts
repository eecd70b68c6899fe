/** Splits a test source at its `|` cursor marker: the text without it and the cursor's offset. */
export function cursor(source: string): { text: string; offset: number } {
  const offset = source.indexOf('|');
  if (offset === -1) throw new Error(`no | cursor in ${JSON.stringify(source)}`);
  return { text: source.slice(0, offset) + source.slice(offset + 1), offset };
}
