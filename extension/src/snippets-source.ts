import { SCAFFOLD_KINDS, scaffoldLabel, scaffoldText } from '@keyfob/shared/editor';

/**
 * Build-time entry (see build.mjs): the contributed snippet files, generated from the same scaffolds
 * the completion provider and the "New role file" command use. Prefixes start with `keyfob-` so the
 * snippets stay out of the way in YAML and JSON files that are not role files.
 * @public build.mjs calls it from the bundle.
 */
export function snippetFiles(): Record<
  'yaml' | 'json',
  Record<string, { prefix: string; body: string[]; description: string }>
> {
  const files = { yaml: {}, json: {} } as Record<
    'yaml' | 'json',
    Record<string, { prefix: string; body: string[]; description: string }>
  >;
  for (const format of ['yaml', 'json'] as const) {
    for (const kind of SCAFFOLD_KINDS) {
      const name = kind === 'static-role' ? 'keyfob static role' : `keyfob role (${kind})`;
      files[format][name] = {
        prefix: kind === 'static-role' ? 'keyfob-static-role' : `keyfob-role-${kind}`,
        body: scaffoldText(kind, format, { snippet: true, schema: format === 'json' })
          .replace(/\n$/, '')
          .split('\n'),
        description: `keyfob ${scaffoldLabel(kind)}`,
      };
    }
  }
  return files;
}
