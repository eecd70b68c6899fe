import type { OffsetRange } from '../problem.ts';
import { appendPointer } from '../text/index.ts';
import { TerraformEvaluator } from './evaluate.ts';
import { holdsUnknown, UnknownMember, type Evaluated, type PartialText, type TerraformModule } from './evaluated.ts';
import { jwtBackendsReader, jwtIssuerReader, jwtMountsReader } from './jwt-issuer.ts';
import { TERRAFORM_RESOURCES, type TerraformAttribute, type TerraformResourceType } from './resource-table.ts';
import type { TfAttribute, TfBlock, TfFile } from './terraform-ast.ts';
import { isRecord } from '../text/index.ts';

/** Where a field of a resource sits: its attribute name and value (a string's own characters when known). */
export interface FieldLocation {
  readonly key?: OffsetRange;
  readonly value: OffsetRange;
}

/** An attribute keyfob could not evaluate: the rules that depend on it stay silent. */
export interface UnknownAttribute {
  readonly attribute: string;
  /** The engine field it writes (undefined for provider-only attributes). */
  readonly field: string | undefined;
  readonly reason: string;
  readonly range: OffsetRange;
  /** A string known in part (a template or policy data source with unknown values): its known text. */
  readonly partial?: PartialText;
  /**
   * A string, list or map known in part (a template with an unknown value, a list with an unknown
   * item, a map with an unknown value): the field's engine value with every unknown part filled by
   * each of UNKNOWN_FILLS in turn, one value per fill. A rule that decides on the known part gives
   * the same answer for all of them; one that needs the unknown part does not (and stays silent).
   */
  readonly fills?: readonly unknown[];
  /** An unknown value known to be the same as every other of this expression (`var.name`): Evaluated's same. */
  readonly same?: string;
}

/**
 * What an unknown part of a value known in part is filled with, one fill per reading, all unlike: a
 * placeholder shown in messages (the first), a plain word, a glob, nothing. Never a guess of the
 * value: only what holds for every fill is reported.
 */
export const UNKNOWN_FILLS: readonly string[] = ['${…}', 'example', '*', ''];

/** One resource of a supported type, read into the engine object it writes. */
export interface TerraformResource {
  readonly resourceType: TerraformResourceType;
  /** `vault_aws_secret_backend_role.deploy` */
  readonly address: string;
  /** The engine object's name when known (`name`, `role_name`; a backend's `path`). */
  readonly name: string | undefined;
  /** The engine fields with known values, in the engine's shapes (seconds as numbers, claims split). */
  readonly value: Readonly<Record<string, unknown>>;
  /** JSON Pointer of each field (and of parts of objects from `jsonencode` and the policy data source). */
  readonly locations: ReadonlyMap<string, FieldLocation>;
  readonly unknown: readonly UnknownAttribute[];
  /** The provider-only attributes the block sets (`backend`, `path`): known values, or why not. */
  readonly provider: ReadonlyMap<string, { known: true; value: unknown } | { known: false; reason: string }>;
  readonly range: OffsetRange;
  readonly head: OffsetRange;
  /**
   * A JWT role's issuer: that of the module's `vault_jwt_auth_backend` it is on, when the module
   * says it (jwtIssuerReader); another issuer's roles are not held to GitHub's rules.
   */
  readonly issuer?: string;
  /** A JWT role's trust mounts: the JWT/OIDC mounts the module declares and its own (jwtMountsReader). */
  readonly trustMounts?: readonly string[];
  /**
   * A resource with for_each or count whose instances the module says (for_each over a known map
   * or set, a literal count): each instance read with its each.key, each.value or count.index.
   */
  readonly instances?: readonly TerraformResource[];
}

/**
 * The supported resources of one Terraform file (see TERRAFORM_RESOURCES), each read through the
 * mapping table with what keyfob can evaluate in its module (`module.files` should include `file`).
 */
export function readTerraformResources(file: TfFile, module: TerraformModule): TerraformResource[] {
  const evaluator = new TerraformEvaluator(module, file);
  const files = module.files.includes(file) ? module.files : [file, ...module.files];
  const backends = jwtBackendsReader(evaluator, files);
  const issuerOf = jwtIssuerReader(evaluator, backends);
  const mountsOf = jwtMountsReader(evaluator, backends);
  const out: TerraformResource[] = [];
  for (const block of file.blocks) {
    if (block.type !== 'resource') continue;
    const resourceType = TERRAFORM_RESOURCES.find((r) => r.type === block.labels[0]);
    if (!resourceType) continue;
    const resource = readResource(block, resourceType, evaluator);
    const issuer = resourceType.kind === 'jwt-role' ? issuerOf(block) : undefined;
    const trustMounts = resourceType.kind === 'jwt-role' ? mountsOf(block) : undefined;
    const jwt = { ...(issuer === undefined ? {} : { issuer }), ...(trustMounts === undefined ? {} : { trustMounts }) };
    const instances =
      block.attributes.has('for_each') || block.attributes.has('count')
        ? evaluator.instancesOf(block, file)?.map((instance) => {
            const read = evaluator.inInstance(instance, () => readResource(block, resourceType, evaluator));
            const key = instance.each?.key ?? instance.count;
            return {
              ...read,
              address: `${read.address}[${JSON.stringify(key)}]`,
              ...jwt,
            };
          })
        : undefined;
    out.push({ ...resource, ...jwt, ...(instances ? { instances } : {}) });
  }
  return out;
}

function readResource(
  block: TfBlock,
  resourceType: TerraformResourceType,
  evaluator: TerraformEvaluator,
): TerraformResource {
  const value: Record<string, unknown> = {};
  const locations = new Map<string, FieldLocation>([['', { value: block.head }]]);
  const unknown: UnknownAttribute[] = [];
  const evaluated = new Map<string, Evaluated>();
  const evaluate = (attribute: TfAttribute): Evaluated => {
    const known = evaluated.get(attribute.name) ?? evaluator.evaluateAttribute(attribute.value);
    evaluated.set(attribute.name, known);
    return known;
  };
  const provider = new Map<string, { known: true; value: unknown } | { known: false; reason: string }>();
  for (const spec of resourceType.attributes) {
    const attribute = block.attributes.get(spec.attribute);
    if (!attribute) continue;
    const result = evaluate(attribute);
    if (spec.field === undefined) {
      provider.set(
        spec.attribute,
        result.known ? { known: true, value: result.structured?.value ?? result.value } : result,
      );
      continue;
    }
    const converted = result.known ? convert(spec, result, block, evaluate) : { reason: result.reason };
    if ('reason' in converted) {
      const filled = result.known ? undefined : fillsOf(spec, result, block, evaluate);
      unknown.push({
        attribute: spec.attribute,
        field: spec.field,
        reason: converted.reason,
        range: attribute.value.range,
        ...(!result.known && result.partial ? { partial: result.partial } : {}),
        ...(filled ? { fills: filled.values } : {}),
        ...(!result.known && result.same !== undefined ? { same: result.same } : {}),
      });
      // The known parts' places, so a rule's problem on one shows there.
      if (filled) {
        const pointer = appendPointer('', spec.field);
        locations.set(pointer, { key: attribute.nameRange, value: attribute.value.range });
        for (const [inner, place] of filled.inner) locations.set(pointer + inner, place);
      }
      continue;
    }
    if (converted.value === null) continue; // null leaves the attribute unset, as Terraform does
    value[spec.field] = converted.value;
    const pointer = appendPointer('', spec.field);
    locations.set(pointer, { key: attribute.nameRange, value: converted.place });
    for (const [inner, place] of converted.inner ?? []) locations.set(pointer + inner, place);
  }
  const nameAttribute = block.attributes.get(resourceType.nameAttribute);
  const nameValue = nameAttribute ? evaluate(nameAttribute) : undefined;
  return {
    resourceType,
    address: `${block.labels[0] ?? ''}.${block.labels[1] ?? ''}`,
    name: nameValue?.known && typeof nameValue.value === 'string' ? nameValue.value : undefined,
    value,
    locations,
    unknown,
    provider,
    range: block.range,
    head: block.head,
  };
}

/**
 * The shapes whose values known in part are filled (UnknownAttribute.fills); ACL policies have
 * their own reading, and an IAM policy is filled only where a fill keeps its form (fillableIamPolicy).
 */
const FILLED_SHAPES: ReadonlySet<TerraformAttribute['shape']> = new Set([
  'string',
  'list',
  'map',
  'claims',
  'policy-json',
]);

/** Statement members whose values are strings or lists of strings: a fill there is still a policy. */
const FILLABLE_STATEMENT_KEYS = new Set(['Sid', 'Action', 'NotAction', 'Resource', 'NotResource']);
/** Statement members whose members' values are strings or lists (Principal.AWS, Condition.op.key). */
const FILLABLE_STATEMENT_MAPS: Readonly<Record<string, number>> = { Principal: 1, NotPrincipal: 1, Condition: 2 };

/**
 * An IAM policy known in part may be filled when every unknown part is a value a string stands
 * for: a statement's Action, Resource, Sid (or an item of them), a principal's or a condition's
 * value. An unknown statement, Effect, Version or key leaves the whole document unknown (a fill
 * there would be a malformed policy in every reading, not a fact about the policy).
 */
function fillableIamPolicy(value: unknown): boolean {
  if (!isRecord(value) || value instanceof UnknownMember) return false;
  for (const [key, member] of Object.entries(value)) if (key !== 'Statement' && holdsUnknown(member)) return false;
  const statements = value.Statement;
  const list = Array.isArray(statements) ? statements : statements === undefined ? [] : [statements];
  return list.every((statement) => {
    if (!isRecord(statement) || statement instanceof UnknownMember) return false;
    return Object.entries(statement).every(([key, member]) => {
      if (!holdsUnknown(member)) return true;
      if (FILLABLE_STATEMENT_KEYS.has(key)) return stringsAt(member, 0);
      const depth = FILLABLE_STATEMENT_MAPS[key];
      return depth !== undefined && stringsAt(member, depth);
    });
  });
}

/** True when, `depth` maps down, every value is a string, an unknown member or a list of them. */
function stringsAt(value: unknown, depth: number): boolean {
  if (depth > 0)
    return (
      isRecord(value) && !(value instanceof UnknownMember) && Object.values(value).every((v) => stringsAt(v, depth - 1))
    );
  if (Array.isArray(value)) return value.every((item) => typeof item === 'string' || item instanceof UnknownMember);
  return typeof value === 'string' || value instanceof UnknownMember;
}

/** A value known in part read with each of UNKNOWN_FILLS in its unknown parts, converted as a known one. */
function fillsOf(
  spec: TerraformAttribute,
  result: Evaluated & { known: false },
  block: TfBlock,
  evaluate: (attribute: TfAttribute) => Evaluated,
): { values: unknown[]; inner: ReadonlyMap<string, FieldLocation> } | undefined {
  if (!FILLED_SHAPES.has(spec.shape)) return undefined;
  const shape =
    result.structure ?? (result.partial ? { value: new UnknownMember(result.reason, result.partial) } : undefined);
  if (!shape) return undefined;
  if (spec.shape === 'policy-json' && !fillableIamPolicy(shape.value)) return undefined;
  const values: unknown[] = [];
  // A policy name that is the same unknown value as another's (`var.name`) is that name in every
  // reading (symbolicName), so it matches the module's policy of that name and nothing else.
  const names = spec.field === 'token_policies' || spec.field === 'policies';
  for (const fill of UNKNOWN_FILLS) {
    const value = filled(shape.value, fill, names);
    const structured = result.structure ? { structured: { value, locations: result.structure.locations } } : {};
    const converted = convert(spec, { known: true, value, range: result.range, ...structured }, block, evaluate);
    if ('reason' in converted) return undefined;
    values.push(converted.value);
  }
  return { values, inner: result.structure?.locations ?? new Map() };
}

/** A value with each unknown part replaced by `fill` (a string known in part keeps its known text). */
function filled(value: unknown, fill: string, names = false): unknown {
  if (value instanceof UnknownMember) {
    if (names && value.same !== undefined) return symbolicName(value.same);
    return value.text ? value.text.map((piece) => (typeof piece === 'string' ? piece : fill)).join('') : fill;
  }
  if (Array.isArray(value)) return value.map((item) => filled(item, fill, names));
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, filled(v, fill, names)]));
  return value;
}

/**
 * The name a policy whose name is an unknown value (`var.name`) goes by among the module's
 * policies, and a token policy of the same unknown value asks for: `${var.name}`. Two such names
 * are equal exactly when the expressions are; no real name matches one (`$`, `{` are no name's).
 */
export function symbolicName(same: string): string {
  return `\${${same}}`;
}

type Converted =
  { value: unknown; place: OffsetRange; inner?: ReadonlyMap<string, FieldLocation> | undefined } | { reason: string };

function convert(
  spec: TerraformAttribute,
  result: Evaluated & { known: true },
  block: TfBlock,
  evaluate: (attribute: TfAttribute) => Evaluated,
): Converted {
  const raw = result.value;
  const place = result.text ?? result.range;
  if (raw === null) return { value: null, place };
  switch (spec.shape) {
    case 'string':
      return typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean'
        ? { value: String(raw), place }
        : { reason: 'not a string' };
    case 'bool':
      return typeof raw === 'boolean'
        ? { value: raw, place }
        : raw === 'true' || raw === 'false'
          ? { value: raw === 'true', place }
          : { reason: 'not a bool' };
    case 'number':
    case 'seconds': {
      const number =
        typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : undefined;
      // Terraform refuses a non-number here before the engine sees it (terraform validate says so).
      return number === undefined ? { reason: 'not a number (Terraform itself refuses it)' } : { value: number, place };
    }
    case 'list':
      return Array.isArray(raw) && raw.every((item) => typeof item !== 'object' || item === null)
        ? { value: raw.filter((item) => item !== null).map(String), place, inner: result.structured?.locations }
        : { reason: 'not a list of strings' };
    case 'map':
      return isRecord(raw) ? { value: raw, place, inner: result.structured?.locations } : { reason: 'not a map' };
    case 'claims':
      return claims(raw, place, result, block, evaluate);
    case 'policy-json':
      if (result.structured && isRecord(result.structured.value))
        return { value: result.structured.value, place: result.range, inner: result.structured.locations };
      return typeof raw === 'string' ? { value: raw, place } : { reason: 'not JSON text' };
    case 'policy-hcl':
      return typeof raw === 'string' ? { value: raw, place } : { reason: 'not policy text' };
  }
}

/** `bound_claims`: the provider splits each value at commas unless disable_bound_claims_parsing is true. */
function claims(
  raw: unknown,
  place: OffsetRange,
  result: Evaluated & { known: true },
  block: TfBlock,
  evaluate: (attribute: TfAttribute) => Evaluated,
): Converted {
  if (!isRecord(raw)) return { reason: 'not a map' };
  const flag = block.attributes.get('disable_bound_claims_parsing');
  const parsing = flag ? evaluate(flag) : undefined;
  if (parsing && !parsing.known) return { reason: `disable_bound_claims_parsing is not known: ${parsing.reason}` };
  const split = parsing?.value !== true;
  const value = Object.fromEntries(
    Object.entries(raw).map(([claim, v]) => [
      claim,
      split && typeof v === 'string' && v.includes(',') ? v.split(',').map((s) => s.trim()) : v,
    ]),
  );
  return { value, place, inner: result.structured?.locations };
}
