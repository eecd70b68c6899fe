/**
 * Jinja's tags in a template of HCL (`main.tf.j2`, a `.j2` file of `resource "tfe_…"` blocks rendered by a script):
 * `{{ team.name }}` stands for a value the rendering writes there, `{% for … %}` and `{# … #}` for nothing of the
 * HCL. `withoutJinja` gives the text an HCL reader reads as plain HCL, at the same offsets and lines: each `{{ … }}` an
 * identifier of its length (`_`: a word inside a string or a label, a reference where a value stands:
 * `tag_names = {{ workspace.tags | tojson }}`), each `{% … %}` and `{# … #}` blanks; line breaks kept. A tag that is
 * not closed is left as it is.
 */
export function withoutJinja(text: string): string {
  if (!text.includes('{{') && !text.includes('{%') && !text.includes('{#')) return text;
  let out = '';
  let from = 0;
  for (let at = text.indexOf('{', from); at !== -1; at = text.indexOf('{', from)) {
    const kind = text.charCodeAt(at + 1);
    const close = kind === 123 ? '}}' : kind === 37 ? '%}' : kind === 35 ? '#}' : undefined;
    const end = close === undefined ? -1 : text.indexOf(close, at + 2);
    if (end === -1) {
      out += text.slice(from, at + 1);
      from = at + 1;
      continue;
    }
    const fill = kind === 123 ? '_' : ' ';
    out += text.slice(from, at) + text.slice(at, end + 2).replace(/[^\r\n]/g, fill);
    from = end + 2;
  }
  return out + text.slice(from);
}
