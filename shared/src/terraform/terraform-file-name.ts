/** True for Terraform files: `*.tf` and `*.tf.json`. */
export function isTerraformFileName(fileName: string): boolean {
  return /\.tf(?:\.json)?$/i.test(fileName);
}
