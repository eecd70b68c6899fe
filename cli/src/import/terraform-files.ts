import type { Problem } from '@keyfob/shared/problem';
import {
  hclQuoted,
  renderTerraformResource,
  TERRAFORM_RESOURCES,
  TerraformExpression,
  terraformLabel,
} from '@keyfob/shared/terraform';
import { note, type EngineObject, type ImportKind } from './read-engine.ts';
import type { ImportedFile } from './role-files.ts';

/** The file each kind's resources go to, in this order. */
const FILES: readonly (readonly [ImportKind, string])[] = [
  ['root-config', 'aws_secret_backend.tf'],
  ['role', 'aws_secret_backend_roles.tf'],
  ['static-role', 'aws_secret_backend_static_roles.tf'],
  ['policy', 'policies.tf'],
  ['jwt-role', 'jwt_auth_backend_roles.tf'],
];

/** The variable the root configuration's secret key is read from (the engine never returns it). */
const SECRET_VARIABLE = 'aws_secret_key';

/**
 * The engine objects as Vault-provider Terraform, every resource written through the one mapping
 * table (renderTerraformResource): AWS roles and static roles on `mount` (the backend resource's
 * `path` when the root configuration was read), ACL policies, and JWT roles on `jwtPath`. No secret
 * is written: with static keys, `secret_key` is `var.aws_secret_key`, a sensitive variable without a
 * default. A field the provider has no attribute for is left out with IMPORT_NOT_REPRESENTABLE.
 */
export function renderTerraformFiles(
  objects: readonly EngineObject[],
  mount: string,
  jwtPath: string,
): { files: ImportedFile[]; notes: Problem[] } {
  const notes: Problem[] = [];
  const labels = new Map<string, Set<string>>();
  const root = objects.find((o) => o.kind === 'root-config');
  const rootLabel = root ? terraformLabel(root.name, new Set()) : undefined;
  const backend =
    rootLabel === undefined ? mount : new TerraformExpression(`vault_aws_secret_backend.${rootLabel}.path`);
  const blocks = new Map<ImportKind, string[]>();
  const secretVariable: string[] = [];
  for (const object of objects) {
    const type = TERRAFORM_RESOURCES.find((r) => r.kind === object.kind);
    if (!type) continue;
    const taken = labels.get(type.type) ?? new Set<string>();
    labels.set(type.type, taken);
    const label = object === root && rootLabel !== undefined ? rootLabel : terraformLabel(object.name, taken);
    const fields: Record<string, unknown> = { ...object.fields };
    const provider: Record<string, unknown> = {};
    if (object.kind === 'root-config') {
      provider.path = object.name;
      if (fields.access_key !== undefined) {
        fields.secret_key = new TerraformExpression(`var.${SECRET_VARIABLE}`);
        secretVariable.push(
          `variable ${hclQuoted(SECRET_VARIABLE)} {`,
          `  description = ${hclQuoted(`The secret key of the root configuration's access_key (the engine never returns it): give it with TF_VAR_${SECRET_VARIABLE}.`)}`,
          '  type        = string',
          '  sensitive   = true',
          '}',
          '',
        );
        notes.push(
          note(
            'IMPORT_SECRET_LEFT_OUT',
            `${FILE_OF['root-config']}: the root configuration's secret_key is var.${SECRET_VARIABLE}, a sensitive variable without a default (the engine never returns the secret key); give it with TF_VAR_${SECRET_VARIABLE}.`,
          ),
        );
      }
    } else {
      fields.name = object.name;
      provider.backend = object.kind === 'jwt-role' ? jwtPath : object.kind === 'policy' ? undefined : backend;
    }
    const rendered = renderTerraformResource(type.type, label, fields, provider);
    for (const left of rendered.leftOut)
      notes.push(
        note(
          'IMPORT_NOT_REPRESENTABLE',
          `${describe(object)}: ${left.field} was left out (${left.reason}), so applying the Terraform would leave it at the engine's default.`,
        ),
      );
    const kindBlocks = blocks.get(object.kind) ?? [];
    blocks.set(object.kind, kindBlocks);
    kindBlocks.push(rendered.text);
  }
  const files: ImportedFile[] = [];
  for (const [kind, file] of FILES) {
    const written = blocks.get(kind);
    if (!written) continue;
    const header = `# Imported by keyfob import (Vault provider resources).\n\n`;
    const variable = kind === 'root-config' && secretVariable.length > 0 ? `${secretVariable.join('\n')}\n` : '';
    files.push({
      file,
      text: header + variable + written.join('\n'),
      objects: objects.filter((o) => o.kind === kind),
    });
  }
  return { files, notes };
}

const FILE_OF = Object.fromEntries(FILES) as Record<ImportKind, string>;

function describe(object: EngineObject): string {
  return object.kind === 'root-config'
    ? `The root configuration of mount ${object.name}`
    : `${object.kind === 'jwt-role' ? 'JWT role' : object.kind === 'static-role' ? 'Static role' : object.kind === 'policy' ? 'Policy' : 'Role'} ${JSON.stringify(object.name)}`;
}
