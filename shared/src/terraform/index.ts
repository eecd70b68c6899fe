// Public surface of the Terraform area: Vault-provider resources read from `.tf` and `.tf.json`
// files into the engine objects they write, through one mapping table, evaluating only what is known.
export { TERRAFORM_RESOURCES, terraformResourceType } from './resource-table.ts';
export type { TerraformAttribute, TerraformResourceType, TerraformShape } from './resource-table.ts';
export { readTerraformFile } from './terraform-ast.ts';
export type { TfAttribute, TfBlock, TfExpr, TfFile } from './terraform-ast.ts';
export { readTerraformResources, symbolicName, UNKNOWN_FILLS } from './read-resources.ts';
export type { FieldLocation, TerraformResource, UnknownAttribute } from './read-resources.ts';
export { isTerraformFileName } from './terraform-file-name.ts';
export { quoted as hclQuoted, renderTerraformResource, TerraformExpression, terraformLabel } from './write-resource.ts';
export { joinPosix, localModuleBlocks, localModuleCalls, relativePosix, rootModuleFolders } from './module-roots.ts';
