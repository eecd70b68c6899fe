import type { ParsedDocument, ParsedFile } from '../documents/types.ts';
import type { OffsetRange } from '../problem.ts';
import { terraformResourceType, type TerraformResourceType } from '../terraform/index.ts';

/** What the lint of a Terraform file says about one of its resources (a `LintedDocument` of it). */
export interface TerraformDocumentFacts {
  readonly index: number;
  readonly name?: string;
  readonly terraform?: {
    /** `vault_aws_secret_backend_role.deploy` */
    readonly address: string;
    /** Attributes keyfob could not evaluate (the rules on them stayed silent). */
    readonly unknown: readonly {
      readonly attribute: string;
      readonly field: string | undefined;
      readonly reason: string;
      readonly range: OffsetRange;
    }[];
  };
}

/** A supported resource block of a linted Terraform file: its parsed document, lint facts and table line. */
export interface TerraformResourceAt {
  readonly document: ParsedDocument;
  readonly facts: TerraformDocumentFacts & { readonly terraform: NonNullable<TerraformDocumentFacts['terraform']> };
  readonly type: TerraformResourceType;
}

/** The supported resource block (TERRAFORM_RESOURCES) containing `offset`, if any. */
export function terraformResourceAt(
  file: ParsedFile,
  documents: readonly TerraformDocumentFacts[],
  offset: number,
): TerraformResourceAt | undefined {
  const document = file.documents.find((d) => offset >= d.range.start && offset <= d.range.end);
  const facts = document && documents.find((d) => d.index === document.index);
  const terraform = facts?.terraform;
  const type = terraform && terraformResourceType(terraform.address.slice(0, terraform.address.indexOf('.')));
  return document && facts && terraform && type ? { document, facts: { ...facts, terraform }, type } : undefined;
}

/**
 * A `vault_policy`'s ACL policy text around `offset`, when it is written in the file as it is (a
 * heredoc or a plain string without escapes): its text and where it starts, so the policy editor
 * logic can answer inside it.
 */
export function terraformPolicyAt(
  file: ParsedFile,
  documents: readonly TerraformDocumentFacts[],
  offset: number,
): { readonly text: string; readonly start: number; readonly name: string | undefined } | undefined {
  const at = terraformResourceAt(file, documents, offset);
  if (at?.type.kind !== 'policy') return undefined;
  const place = at.document.locations.get('/policy')?.value;
  const value = (at.document.value as { policy?: unknown } | undefined)?.policy;
  if (!place || typeof value !== 'string' || offset < place.start || offset > place.end) return undefined;
  if (file.text.slice(place.start, place.end) !== value) return undefined;
  return { text: value, start: place.start, name: at.facts.name };
}
