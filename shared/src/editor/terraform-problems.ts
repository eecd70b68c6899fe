import type { ParsedFile } from '../documents/types.ts';
import type { Problem } from '../problem.ts';
import { appendPointer, pointerToSegments } from '../text/index.ts';
import { terraformResourceAt, type TerraformDocumentFacts } from './terraform-resource-at.ts';

/**
 * The problems of a Terraform file an editor shows beside terraform-ls (HashiCorp's language server,
 * which knows HCL and the Vault provider's schema but not what the engine does with the values):
 * `keyfob lint`'s problems, same codes and ranges, without the two kinds terraform-ls reports itself,
 * so no problem is shown twice:
 * - `TF_SYNTAX`: terraform-ls reports HCL syntax errors (and an editor's JSON support a `.tf.json`'s);
 * - a missing attribute the provider's schema requires (`required` in TERRAFORM_RESOURCES, such as
 *   `credential_type` or `user_claim`): terraform-ls says `Required attribute "…" not specified`.
 * Unknown attribute names never reach keyfob's rules (the reader maps only the table's attributes).
 */
export function terraformEditorProblems(
  problems: readonly Problem[],
  file: ParsedFile,
  documents: readonly TerraformDocumentFacts[],
): Problem[] {
  return problems.filter((problem) => {
    if (problem.code === 'TF_SYNTAX') return false;
    const document = file.documents.find((d) => d.index === problem.document);
    const at = document && terraformResourceAt(file, documents, document.range.start);
    if (!at) return true;
    const field = pointerToSegments(problem.path)[0];
    const spec = at.type.attributes.find((a) => a.field !== undefined && a.field === field);
    if (!spec?.required || field === undefined) return true;
    const written =
      at.document.locations.has(appendPointer('', field)) ||
      at.facts.terraform.unknown.some((u) => u.attribute === spec.attribute);
    return written;
  });
}
