// Public surface of the policies area: the real engine's ACL policy language (HCL and its JSON
// form) and its evaluation, shared by the engine, `keyfob access`, the linter and the editor.
export type { AclOperation, AclPolicy, Capability } from './policy-types.ts';
export { CAPABILITIES } from './policy-types.ts';
export { readPolicy } from './read-policy.ts';
export { readPartialPolicy, readingsFor } from './partial-policy.ts';
export type { PartialAclPolicy } from './partial-policy.ts';
export { lintPolicy } from './lint-policy.ts';
export { buildAcl } from './build-acl.ts';
export type { Acl } from './build-acl.ts';
export { allowOperation, pathCapabilities } from './allow-operation.ts';
export { DEFAULT_POLICY_TEXT, RESPONSE_WRAPPING_POLICY_NAME, RESPONSE_WRAPPING_POLICY_TEXT } from './default-policy.ts';
export { isJsonPolicy, parseHcl } from './hcl/parse-hcl.ts';
export type { HclNode } from './hcl/hcl-node.ts';
export { hclToData } from './hcl/hcl-node.ts';
export { CAPABILITY_MEANINGS, OFFERED_CAPABILITIES, policyDocsUrl, RULE_KEY_DOCS } from './policy-language.ts';
export type { RuleKeyDoc } from './policy-language.ts';
export { lexHcl } from './hcl/lex-hcl.ts';
export type { HclToken } from './hcl/lex-hcl.ts';
