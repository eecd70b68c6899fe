import { evaluateAttribute, joinPieces, type DataSourceCall, type Evaluated } from './evaluated.ts';
import type { TfBlock } from './terraform-ast.ts';

type Piece = string | { readonly unknown: string };

/**
 * `data "vault_policy_document"` turned into the ACL policy text the Vault provider renders for
 * `.hcl` (terraform-provider-vault data_source_policy_document.go): each `rule` as
 * `path "P" { capabilities = [...] }` preceded by `# description`, with `required_parameters`,
 * `allowed_parameters` / `denied_parameters` (keys sorted), `min_wrapping_ttl` and
 * `max_wrapping_ttl` when set, rules separated by a blank line; values written as they are (the
 * provider does not escape them). A value keyfob does not know leaves the text known in part
 * (`partial`); dynamic blocks, `count` or `for_each` leave it unknown.
 */
export function vaultPolicyDocument(call: DataSourceCall): Evaluated {
  const { block, reference } = call;
  const none = (reason: string): Evaluated => ({ known: false, reason, range: reference });
  if (block.attributes.has('count') || block.attributes.has('for_each'))
    return none('the Vault policy data source has count or for_each');
  if (block.blocks.some((b) => b.type === 'dynamic')) return none('the Vault policy data source has dynamic blocks');
  const pieces: Piece[] = [];
  const read = (from: TfBlock, name: string): { value: unknown } | { unknown: string } | undefined => {
    const value = evaluateAttribute(call, from, name);
    if (!value) return undefined;
    return value.known ? { value: value.value } : { unknown: value.reason };
  };
  /** A string value as it is, its known parts when it has some, or one unknown piece. */
  const text = (from: TfBlock, name: string): Piece[] | undefined => {
    const value = evaluateAttribute(call, from, name);
    if (!value) return undefined;
    if (value.known) {
      const plain = value.value;
      if (plain === null) return undefined;
      return typeof plain === 'string' || typeof plain === 'number' || typeof plain === 'boolean'
        ? [String(plain)]
        : [{ unknown: `${name} is not a string` }];
    }
    return [...(value.partial ?? [{ unknown: value.reason }])];
  };
  const list = (value: ReturnType<typeof read>): Piece[] | undefined => {
    if (!value) return undefined;
    if ('unknown' in value) return [value];
    if (!Array.isArray(value.value)) return [{ unknown: 'not a list' }];
    const items = value.value as unknown[];
    if (items.some((item) => typeof item === 'object')) return [{ unknown: 'not a list of strings' }];
    return items.length > 0 ? [`["${items.map((item) => String(item as string)).join('", "')}"]`] : ['[]'];
  };
  const parameters = (rule: TfBlock, type: string): Piece[] | undefined => {
    const blocks = rule.blocks.filter((b) => b.type === type);
    if (blocks.length === 0) return undefined;
    const entries: [string, Piece[]][] = [];
    for (const b of blocks) {
      const key = read(b, 'key');
      if (!key || 'unknown' in key) return [{ unknown: `a ${type} key is not known` }];
      entries.push([String(key.value), list(read(b, 'value')) ?? ['[]']]);
    }
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return ['{\n', ...entries.flatMap(([k, v]) => [`    "${k}" = `, ...v, '\n']), '  }'];
  };
  block.blocks
    .filter((b) => b.type === 'rule')
    .forEach((rule, i) => {
      if (i > 0) pieces.push('\n');
      const description = text(rule, 'description');
      if (description && !(description.length === 1 && description[0] === '')) pieces.push('# ', ...description, '\n');
      pieces.push('path "', ...(text(rule, 'path') ?? ['']), '" {\n');
      pieces.push('  capabilities = ', ...(list(read(rule, 'capabilities')) ?? ['[]']), '\n');
      const required = list(read(rule, 'required_parameters'));
      if (required && !(required.length === 1 && required[0] === '[]'))
        pieces.push('  required_parameters = ', ...required, '\n');
      for (const [type, key] of [
        ['allowed_parameter', 'allowed_parameters'],
        ['denied_parameter', 'denied_parameters'],
      ] as const) {
        const written = parameters(rule, type);
        if (written) pieces.push(`  ${key} = `, ...written, '\n');
      }
      for (const ttl of ['min_wrapping_ttl', 'max_wrapping_ttl']) {
        const value = text(rule, ttl);
        if (value && !(value.length === 1 && value[0] === '')) pieces.push(`  ${ttl} = "`, ...value, '"\n');
      }
      pieces.push('}\n');
    });
  const unknownPiece = pieces.find((p): p is { unknown: string } => typeof p !== 'string');
  if (!unknownPiece)
    return { known: true, value: pieces.filter((p) => typeof p === 'string').join(''), range: reference };
  return { known: false, reason: unknownPiece.unknown, range: reference, partial: joinPieces(pieces) };
}
