import { isRecord } from '../text/index.ts';
import { terraformResourceType, type TerraformAttribute, type TerraformShape } from './resource-table.ts';

/**
 * A value written as it is (a reference such as `var.aws_secret_key`), not as a literal: only
 * import's own references, never a value read from the engine (an object from there is data).
 */
export class TerraformExpression {
  constructor(readonly expression: string) {
    if (!/^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)+$/.test(expression))
      throw new Error(`not a Terraform reference: ${JSON.stringify(expression)}`);
  }
}

/** A field the resource type cannot express as the engine holds it, and why. */
interface TerraformLeftOut {
  readonly field: string;
  readonly reason: string;
}

/**
 * One Vault-provider resource block from an engine object's fields, through the one mapping table
 * (TERRAFORM_RESOURCES): the type's attributes in the table's order, each value from `fields` (by
 * engine field, as the engine holds it: seconds as numbers, lists, maps, claims as lists, the IAM
 * policy as JSON text) or from `provider` (by attribute, for provider-only ones such as `backend`),
 * written by the attribute's shape, which is what `readTerraformResources` reads back to the same
 * value. Fields the type has no attribute for, or cannot hold as they are, come back in `leftOut`.
 */
export function renderTerraformResource(
  type: string,
  label: string,
  fields: Readonly<Record<string, unknown>>,
  provider: Readonly<Record<string, unknown>> = {},
): { text: string; leftOut: TerraformLeftOut[] } {
  const resource = terraformResourceType(type);
  if (!resource) throw new Error(`no mapping table line for ${type}`);
  const lines = [`resource ${quoted(type)} ${quoted(label)} {`];
  const leftOut: TerraformLeftOut[] = [];
  const used = new Set<string>();
  const claimsParsing = parsingOf(resource.attributes, fields);
  if (claimsParsing === 'impossible')
    leftOut.push({
      field: 'bound_claims',
      reason:
        'a claim value holds a comma or surrounding spaces beside other values: the provider splits bound_claims at commas, or takes each as one string with disable_bound_claims_parsing',
    });
  const written: [string, string][] = [];
  for (const attribute of resource.attributes) {
    let value: unknown;
    if (attribute.field === undefined) value = provider[attribute.attribute];
    else {
      used.add(attribute.field);
      value = fields[attribute.field];
    }
    if (attribute.attribute === 'disable_bound_claims_parsing' && claimsParsing === 'disabled') value = true;
    if (attribute.shape === 'claims' && claimsParsing === 'impossible') continue;
    if (value === undefined) continue;
    const text = hclValue(attribute.shape, value, claimsParsing === 'disabled');
    if (text === undefined) {
      leftOut.push({ field: attribute.field ?? attribute.attribute, reason: `not a ${attribute.shape} value` });
      continue;
    }
    written.push([attribute.attribute, text]);
  }
  // Aligned as `terraform fmt` aligns a block's one-line attributes.
  const width = Math.max(0, ...written.map(([a]) => a.length));
  for (const [attribute, text] of written) lines.push(`  ${attribute.padEnd(width)} = ${text}`);
  lines.push('}');
  for (const field of Object.keys(fields))
    if (!used.has(field)) leftOut.push({ field, reason: `${type} has no attribute for it` });
  return { text: `${lines.join('\n')}\n`, leftOut };
}

/**
 * A Terraform identifier for a name, unique among `taken`: letters, digits, `_` and `-` kept, any
 * other character `_`, and a leading `_` when the name does not start with a letter or `_`
 * (`deploy.prod` -> `deploy_prod`, `1st` -> `_1st`); a repeat gets `_2`, `_3`, ...
 */
export function terraformLabel(name: string, taken: Set<string>): string {
  let base = name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100);
  if (!/^[A-Za-z_]/.test(base)) base = `_${base}`;
  let label = base;
  for (let n = 2; taken.has(label); n += 1) label = `${base}_${n}`;
  taken.add(label);
  return label;
}

/**
 * An HCL quoted string holding `text` as it is: `\`, `"` and control characters escaped, `${` and
 * `%{` doubled, and a `$` or `%` right before one of those written `\u0024` / `\u0025` (`$$${` is
 * read differently by HCL and by parsers of its grammar).
 */
export function quoted(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\$(?=\$\{)/g, '\\u0024')
    .replace(/%(?=%\{)/g, '\\u0025')
    // `$$` in a replacement is one `$`.
    .replace(/\$\{/g, '$$$${')
    .replace(/%\{/g, '%%{');
  return `"${escaped}"`;
}

/**
 * How `bound_claims` can be written: split at commas by the provider (`parsed`: every value
 * without a comma or surrounding spaces), as one string each (`disabled`: a claim holds one value
 * that has them), or not at all (`impossible`: such a value beside other values of its claim).
 */
function parsingOf(
  attributes: readonly TerraformAttribute[],
  fields: Readonly<Record<string, unknown>>,
): 'parsed' | 'disabled' | 'impossible' {
  const claims = attributes.find((a) => a.shape === 'claims');
  const value = claims?.field === undefined ? undefined : fields[claims.field];
  if (!isRecord(value)) return 'parsed';
  const lists = Object.values(value).map((v) => (Array.isArray(v) ? v.map(String) : [String(v)]));
  if (lists.flat().every((v) => !v.includes(',') && v === v.trim() && v !== '')) return 'parsed';
  return lists.every((l) => l.length === 1) ? 'disabled' : 'impossible';
}

/** A value as the attribute's shape writes it; undefined when it is not of that shape. */
function hclValue(shape: TerraformShape, value: unknown, claimsUnparsed: boolean): string | undefined {
  if (value instanceof TerraformExpression) return value.expression;
  switch (shape) {
    case 'bool':
      return typeof value === 'boolean' ? String(value) : undefined;
    case 'number':
    case 'seconds':
      return typeof value === 'number' && Number.isInteger(value) ? String(value) : undefined;
    case 'string':
      return typeof value === 'string' || typeof value === 'number' ? quoted(String(value)) : undefined;
    case 'list':
      return Array.isArray(value) ? `[${value.map((v) => quoted(String(v))).join(', ')}]` : undefined;
    case 'map':
      return mapOf(value);
    case 'claims': {
      if (!isRecord(value)) return undefined;
      const joined = Object.entries(value).map(([k, v]): [string, string] => [
        k,
        Array.isArray(v) ? (claimsUnparsed ? String(v[0]) : v.map(String).join(',')) : String(v),
      ]);
      return mapOf(Object.fromEntries(joined));
    }
    case 'policy-json': {
      const parsed = typeof value === 'string' ? parseJson(value) : value;
      return parsed === undefined || typeof value !== 'string'
        ? typeof value === 'string'
          ? quoted(value)
          : undefined
        : `jsonencode(${hclData(parsed, '  ')})`;
    }
    case 'policy-hcl':
      return typeof value === 'string' ? policyText(value) : undefined;
  }
}

/** A map of strings (an engine list of `key=value` is one too), keys quoted. */
function mapOf(value: unknown): string | undefined {
  const entries = Array.isArray(value)
    ? value.map((item) => {
        const text = String(item);
        const at = text.indexOf('=');
        return at < 0 ? undefined : ([text.slice(0, at), text.slice(at + 1)] as const);
      })
    : isRecord(value)
      ? Object.entries(value).map(([k, v]) => [k, String(v)] as const)
      : undefined;
  if (!entries || entries.some((e) => e === undefined)) return undefined;
  const pairs = entries as (readonly [string, string])[];
  if (pairs.length === 0) return '{}';
  const width = Math.max(...pairs.map(([k]) => quoted(k).length));
  return `{\n${pairs.map(([k, v]) => `    ${quoted(k).padEnd(width)} = ${quoted(v)}`).join('\n')}\n  }`;
}

/** JSON data as an HCL expression (for `jsonencode`): strings quoted and escaped, object keys quoted. */
function hclData(value: unknown, indent: string): string {
  if (typeof value === 'string') return quoted(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return 'null';
  const inner = `${indent}  `;
  if (Array.isArray(value))
    return value.length === 0 ? '[]' : `[\n${value.map((v) => `${inner}${hclData(v, inner)},`).join('\n')}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => `${inner}${quoted(k)} = ${hclData(v, inner)}`,
  );
  return entries.length === 0 ? '{}' : `{\n${entries.join('\n')}\n${indent}}`;
}

/**
 * An ACL policy's text: a heredoc holding it line for line (`${` and `%{` doubled, a marker that is
 * no line of it) when it ends with a line break and has no carriage return or other control
 * character, `$${` or `%%{`, else a quoted string (a heredoc's value always ends with a line break,
 * and has no escapes).
 */
function policyText(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (!text.endsWith('\n') || /[\u0000-\u0008\u000b-\u001f\u007f]|\$\$\{|%%\{/.test(text)) return quoted(text);
  const lines = new Set(text.split('\n').map((l) => l.trim()));
  let marker = 'EOT';
  for (let n = 2; lines.has(marker); n += 1) marker = `EOT${n}`;
  return `<<${marker}\n${text.replace(/\$\{/g, '$$$${').replace(/%\{/g, '%%{')}${marker}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
