import { applySuppressions, parseDocuments } from '../documents/index.ts';
import type { NodeLocation, ParsedDocument, ParsedFile } from '../documents/index.ts';
import { findYamlSuppressionComments, readSuppression } from '../documents/suppressions/read-suppressions.ts';
import { hclToData, lintPolicy, parseHcl, type HclNode } from '../policies/index.ts';
import type { Problem } from '../problem.ts';
import { appendPointer, LineIndex } from '../text/index.ts';

/**
 * Lints an ACL policy file (`*.policy.hcl`, or `*.policy.json` / a `$schema` naming the policy
 * schema): the policies area's `lintPolicy` on the text, problems with their ranges, suppression
 * comments honoured. The parsed file has one document whose locations come from the HCL (or JSON)
 * tree, so hovers and quick fixes find their spans as in YAML files.
 */
export function lintPolicyFile(
  text: string,
  format: 'hcl' | 'json',
): { file: ParsedFile; documents: { index: number; kind: 'policy'; problems: Problem[] }[]; problems: Problem[] } {
  const file = format === 'json' ? parseDocuments(text, 'json') : parseHclFile(text);
  const document = file.documents[0] as ParsedDocument;
  const syntax = document.problems.filter((p) => p.severity === 'error');
  // A JSON syntax error is reported once, by the JSON reader (it knows JSONC); HCL's by lintPolicy.
  const problems: Problem[] = syntax.length > 0 ? [...document.problems] : [...document.problems, ...lintPolicy(text)];
  const ranged = applySuppressions(
    problems.map((p) => ({ ...p, document: 0 })),
    document,
  ).sort((a, b) => (a.range?.start ?? 0) - (b.range?.start ?? 0));
  return { file, documents: [{ index: 0, kind: 'policy', problems: ranged }], problems: ranged };
}

function parseHclFile(text: string): ParsedFile {
  const lines = new LineIndex(text);
  const parsed = parseHcl(text);
  const locations = new Map<string, NodeLocation>();
  if (parsed.root) walk(parsed.root, '', locations);
  const suppressions = findYamlSuppressionComments(text, lines, []).flatMap(
    (c) => readSuppression(text, lines, c, '#') ?? [],
  );
  const document: ParsedDocument = {
    index: 0,
    value: parsed.root ? hclToData(parsed.root) : undefined,
    range: { start: 0, end: text.length },
    locations,
    problems: [],
    suppressions,
  };
  return { text, format: 'hcl', documents: [document], lines };
}

/** Every node of the tree under its JSON Pointer; a key written twice keeps its first place. */
function walk(
  node: HclNode,
  pointer: string,
  locations: Map<string, NodeLocation>,
  key?: { start: number; end: number },
): void {
  if (!locations.has(pointer)) locations.set(pointer, key ? { key, value: node.range } : { value: node.range });
  if (node.kind === 'object')
    for (const entry of node.entries) walk(entry.value, appendPointer(pointer, entry.key), locations, entry.keyRange);
  if (node.kind === 'list') node.items.forEach((item, i) => walk(item, appendPointer(pointer, i), locations));
}
