// Public surface of the HCL area: keyfob's one HCL parser (tree-sitter's HCL grammar on
// web-tree-sitter), shared by the ACL policy reader and the Terraform reader.
export { isHclParserLoaded, loadHclParser, withHclTree } from './load-hcl-parser.ts';
export { decodeEscapes as decodeHclEscapes, readHclLiteral } from './read-hcl-literal.ts';
export type { HclLiteral } from './read-hcl-literal.ts';
export { hclSyntaxError } from './hcl-syntax-error.ts';
export type { Node as HclSyntaxNode } from 'web-tree-sitter';
