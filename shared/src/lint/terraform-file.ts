import { applySuppressions, attachRanges, type ParsedDocument, type ParsedFile } from '../documents/index.ts';
import { findYamlSuppressionComments, readSuppression } from '../documents/suppressions/read-suppressions.ts';
import { lintJwtTrust, type TrustContext } from '../jwt-roles/index.ts';
import { lintPolicy, readPartialPolicy, readPolicy, type AclPolicy, type PartialAclPolicy } from '../policies/index.ts';
import type { Problem } from '../problem.ts';
import { CREDENTIAL_TYPES } from '../rules/index.ts';
import {
  readTerraformFile,
  readTerraformResources,
  symbolicName,
  type TerraformResource,
  type TerraformShape,
  type TfFile,
  type UnknownAttribute,
  UNKNOWN_FILLS,
} from '../terraform/index.ts';
import type { TerraformModule } from '../terraform/evaluated.ts';
import type { TfBlock, TfExpr } from '../terraform/terraform-ast.ts';
import { LineIndex, pointerToSegments } from '../text/index.ts';
import { baseName, type LintKind } from './detect-kind.ts';
import { validateDocument, type DocumentCheck } from './validate-document.ts';

/** The other files of a Terraform file's module, and a reader for `file()` (paths relative to the module folder). */
export interface TerraformContext {
  readonly files: readonly { readonly fileName: string; readonly text: string }[];
  readonly readFile?: (relativePath: string) => string | undefined;
  /** For `fileset()`: the files below a folder of the module, relative to it (TerraformModule.listFiles). */
  readonly listFiles?: (relativeFolder: string) => readonly string[] | undefined;
  /** The root modules that call this module, relative to it (TerraformModule.rootFolders). */
  readonly rootFolders?: () => readonly string[] | undefined;
}

/** A linted resource of a Terraform file. */
export interface TerraformDocument {
  readonly index: number;
  readonly kind: LintKind;
  readonly name?: string;
  readonly problems: Problem[];
  readonly terraform: { readonly address: string; readonly unknown: readonly UnknownAttribute[] };
}

/**
 * Lints a Terraform file: every resource of a type in TERRAFORM_RESOURCES is one document of its
 * kind, checked by the same rules as role files, its problems at the attribute's range (inside
 * heredocs and `jsonencode` objects too). A rule that depends on an attribute keyfob cannot
 * evaluate stays silent: a problem is kept only when it holds whatever that value is (checked with
 * sample values of its shape); the documents list what was unknown and why.
 */
export function lintTerraformFile(
  text: string,
  fileName: string,
  context: TerraformContext | undefined,
  trust: TrustContext | undefined,
): { file: ParsedFile; documents: TerraformDocument[]; problems: Problem[] } {
  const lines = new LineIndex(text);
  const tf = readTerraformFile(fileName, text);
  if (tf.error) {
    const problem: Problem = {
      code: 'TF_SYNTAX',
      severity: 'error',
      message: `${fileName.split(/[\\/]/).pop() ?? fileName} is not valid Terraform: ${tf.error.message}.`,
      path: '',
      range: lines.range(tf.error.range),
      document: 0,
    };
    const document: ParsedDocument = {
      index: 0,
      value: undefined,
      range: { start: 0, end: text.length },
      locations: new Map(),
      problems: [],
      suppressions: [],
    };
    return { file: { text, format: 'hcl', documents: [document], lines }, documents: [], problems: [problem] };
  }
  const others = (context?.files ?? [])
    .filter((f) => baseName(f.fileName) !== baseName(fileName))
    .map((f) => parsedOnce(context?.files ?? [], f));
  const module = {
    files: [tf, ...others.filter((f): f is TfFile => f !== undefined)],
    ...(context?.readFile ? { readFile: context.readFile } : {}),
    ...(context?.listFiles ? { listFiles: context.listFiles } : {}),
    ...(context?.rootFolders ? { rootFolders: context.rootFolders } : {}),
  };
  const resources = readTerraformResources(tf, module);
  const suppressions = findYamlSuppressionComments(text, lines, []).flatMap(
    (c) => readSuppression(text, lines, c, '#') ?? [],
  );
  const parsed: ParsedDocument[] = resources.map((resource, index) => ({
    index,
    value: resource.value,
    range: resource.range,
    locations: resource.locations,
    problems: [],
    suppressions,
  }));
  const file: ParsedFile = { text, format: 'hcl', documents: parsed, lines };
  const jwtTrust = resources.some((r) => r.resourceType.kind === 'jwt-role')
    ? withModulePolicies(trust, context, module, tf, resources)
    : trust;
  const documents = resources.map((resource, index): TerraformDocument => {
    const document = parsed[index] as ParsedDocument;
    const ruled =
      resource.resourceType.kind === 'policy'
        ? { problems: policyProblems(resource, text, lines), check: undefined }
        : ruleProblems(resource, withIssuer(jwtTrust, resource));
    const block = tf.blocks.find((b) => b.range.start === resource.range.start && b.range.end === resource.range.end);
    const repeated = block ? duplicateKeys(block, lines) : [];
    const problems = sortByOffset(
      applySuppressions(attachRanges([...ruled.problems, ...repeated], file, document), document),
    );
    return {
      index,
      kind: resource.resourceType.kind,
      ...(resource.name !== undefined ? { name: resource.name } : {}),
      problems,
      ...(ruled.check ? { check: ruled.check } : {}),
      terraform: { address: resource.address, unknown: resource.unknown },
    };
  });
  return { file, documents, problems: sortByOffset(documents.flatMap((d) => d.problems)) };
}

/**
 * The trust context with the module's `vault_policy` resources (known name and text) among the
 * policies, so a JWT role's `token_policies = [vault_policy.x.name]` is checked against them. The
 * other files' policies are read once per context; the linted file's own come from its text.
 */
function withModulePolicies(
  trust: TrustContext | undefined,
  context: TerraformContext | undefined,
  module: TerraformModule,
  tf: TfFile,
  resources: readonly TerraformResource[],
): TrustContext {
  const policies = new Map(trust?.policies ?? []);
  const others = context ? policiesOnce(context, module, tf) : [];
  for (const [name, policy] of [...others, ...modulePolicies(resources)]) policies.set(name, policy);
  return { ...trust, policies };
}

/**
 * The trust context of a JWT role with the issuer of its mount, where the module says it; else the
 * issuer is unknown and the role is judged by its own claims (TrustContext.issuerUnknown).
 */
function withIssuer(trust: TrustContext | undefined, resource: TerraformResource): TrustContext | undefined {
  if (resource.resourceType.kind !== 'jwt-role') return trust;
  const mounts = resource.trustMounts?.length ? { mounts: [...(trust?.mounts ?? []), ...resource.trustMounts] } : {};
  if (resource.issuer !== undefined) return { ...trust, ...mounts, issuer: resource.issuer };
  return trust?.issuer !== undefined ? { ...trust, ...mounts } : { ...trust, ...mounts, issuerUnknown: true };
}

/** Each module file's policies, read once per context (by file name: a context's files do not change). */
const POLICIES = new WeakMap<TerraformContext['files'], Map<string, [string, AclPolicy | PartialAclPolicy][]>>();

function policiesOnce(
  context: TerraformContext,
  module: TerraformModule,
  tf: TfFile,
): [string, AclPolicy | PartialAclPolicy][] {
  let cache = POLICIES.get(context.files);
  if (!cache) POLICIES.set(context.files, (cache = new Map<string, [string, AclPolicy | PartialAclPolicy][]>()));
  return module.files
    .filter((f) => f !== tf)
    .flatMap((f) => {
      let read = cache.get(f.fileName);
      if (!read) cache.set(f.fileName, (read = modulePolicies(readTerraformResources(f, module))));
      return read;
    });
}

/** The module's `vault_policy` resources with a known name: a known text, or one known in part. */
function modulePolicies(resources: readonly TerraformResource[]): [string, AclPolicy | PartialAclPolicy][] {
  return resources
    .flatMap((r) => r.instances ?? [r])
    .flatMap((resource): [string, AclPolicy | PartialAclPolicy][] => {
      if (resource.resourceType.kind !== 'policy') return [];
      // A name that is an unknown input (var.name) goes by its symbolic name: a role's token policy
      // of the same input is this policy, whatever the input is.
      const same = resource.unknown.find((u) => u.field === 'name')?.same;
      const name = resource.name ?? (same === undefined ? undefined : symbolicName(same));
      if (name === undefined) return [];
      const text = resource.value.policy;
      const partial = resource.unknown.find((u) => u.field === 'policy')?.partial;
      const policy =
        typeof text === 'string'
          ? readPolicy(text, name).value
          : partial
            ? readPartialPolicy(partial, name)
            : undefined;
      return policy ? [[name, policy]] : [];
    });
}

/**
 * The module's files parsed once per context (the CLI gives every file of a folder the same one):
 * parsing each other file again for every file made a folder of n files cost n² parses.
 */
const PARSED = new WeakMap<TerraformContext['files'], Map<string, TfFile | undefined>>();

function parsedOnce(
  files: TerraformContext['files'],
  file: { readonly fileName: string; readonly text: string },
): TfFile | undefined {
  let parsed = PARSED.get(files);
  if (!parsed) PARSED.set(files, (parsed = new Map<string, TfFile | undefined>()));
  if (!parsed.has(file.fileName)) {
    const read = readTerraformFile(file.fileName, file.text);
    parsed.set(file.fileName, read.error ? undefined : read);
  }
  return parsed.get(file.fileName);
}

/**
 * The rules' problems that hold whatever the unknown attributes are, and the validator's check of
 * the resource's value as written. The validator reads an unknown field (known in part or not)
 * as each sample of its shape and as absent; the trust rules read a field known in part with each
 * fill of its unknown parts (UnknownAttribute.fills), so what its known part decides (a literal
 * `*` in a sub pattern, the keys a claims map binds) is reported and what the unknown part decides
 * is not.
 */
function ruleProblems(
  resource: TerraformResource,
  trust: TrustContext | undefined,
): { problems: Problem[]; check: DocumentCheck | undefined } {
  const kind = resource.resourceType.kind;
  const seconds = new Set(resource.resourceType.attributes.filter((a) => a.shape === 'seconds').map((a) => a.field));
  const validate = (value: Record<string, unknown>): DocumentCheck | undefined =>
    validateDocument(kind, value, typeof value.name === 'string' ? value.name : resource.name);
  // Terraform writes TTLs as integer seconds (its schema has no other form): no advice to add a unit.
  const validated = (check: DocumentCheck | undefined): Problem[] =>
    (check?.problems ?? []).filter(
      (p) => !(p.code === 'DURATION_INTEGER_NOT_ALLOWED' && seconds.has(pointerToSegments(p.path)[0])),
    );
  const trusted = (value: Record<string, unknown>): Problem[] =>
    kind === 'jwt-role' ? lintJwtTrust(value, trust) : [];
  const written = validate({ ...resource.value });
  const unknown = resource.unknown.filter((u) => u.field !== undefined);
  if (unknown.length === 0)
    return { problems: [...validated(written), ...trusted({ ...resource.value })], check: written };
  const fieldOf = (p: Problem): string => pointerToSegments(p.path)[0] ?? '';
  const holding = (
    base: Problem[],
    readings: Record<string, unknown>[],
    check: (v: Record<string, unknown>) => Problem[],
  ) => {
    let kept = base;
    for (const reading of readings) {
      const found = new Set(check(reading).flatMap((p) => [problemKey(p), ...impliedKeys(p)]));
      kept = kept.filter((p) => found.has(problemKey(p)));
    }
    return kept;
  };
  // An IAM policy known in part is read with its unknown parts filled (its known statements decide);
  // other fields known in part are tried as wholly unknown: the form checks need the whole value.
  const policyFills = (u: UnknownAttribute): boolean => u.fills !== undefined && shapeOf(resource, u) === 'policy-json';
  const fields = new Set(unknown.filter((u) => !policyFills(u)).map((u) => u.field as string));
  const policiesInPart = Object.fromEntries(
    unknown.flatMap((u) => (policyFills(u) && u.fills ? [[u.field as string, u.fills[0]]] : [])),
  );
  const problems = holding(
    validated(unknown.some(policyFills) ? validate({ ...resource.value, ...policiesInPart }) : written).filter(
      (p) => !fields.has(fieldOf(p)),
    ),
    variants(resource, unknown, policyFills),
    (v) => validated(validate(v)),
  );
  if (kind !== 'jwt-role') return { problems, check: written };
  const wholly = new Set(unknown.filter((u) => !u.fills).map((u) => u.field as string));
  const inPart = Object.fromEntries(unknown.flatMap((u) => (u.fills ? [[u.field as string, u.fills[0]]] : [])));
  const reached = holding(
    trusted({ ...resource.value, ...inPart }).filter((p) => !wholly.has(fieldOf(p))),
    variants(resource, unknown, (u) => u.fills !== undefined),
    trusted,
  );
  return { problems: [...problems, ...reached], check: written };
}

function problemKey(problem: Pick<Problem, 'code' | 'path'>): string {
  return keyOf(problem.code, problem.path);
}

function keyOf(code: string, path: string | undefined): string {
  return `${code}\u0000${path}`;
}

/**
 * Findings a stronger one at the same place holds too: a glob whose owner is open
 * (JWT_TRUST_WILDCARD_OWNER) admits every repository of an owner as well, so `${var.org}/*`,
 * whose fill `*` opens the owner, admits a whole owner whatever the variable is.
 */
const IMPLIED: Readonly<Record<string, readonly string[]>> = {
  JWT_TRUST_WILDCARD_OWNER: ['JWT_TRUST_WHOLE_OWNER'],
};

function impliedKeys(problem: Problem): string[] {
  return (IMPLIED[problem.code] ?? []).map((code) => keyOf(code, problem.path));
}

const SAMPLE_POLICY = {
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::example/*' }],
};

/** Values of each shape an unknown attribute is tried with (beside leaving it out). */
const SAMPLES: Readonly<Record<TerraformShape, readonly unknown[]>> = {
  string: ['example'],
  bool: [true, false],
  number: [1, 100],
  seconds: [1, 43200, 315360000],
  list: [['arn:aws:iam::123456789012:policy/example'], []],
  map: [{ team: 'example' }, {}],
  claims: [{ repository: 'example/example' }, {}],
  'policy-json': [SAMPLE_POLICY, JSON.stringify(SAMPLE_POLICY)],
  'policy-hcl': ['path "example/*" { capabilities = ["read"] }'],
};
/** Fields whose values are one of a few: each is tried. */
const CHOICES: Readonly<Record<string, readonly unknown[]>> = {
  credential_type: CREDENTIAL_TYPES,
  role_type: ['jwt', 'oidc'],
  bound_claims_type: ['string', 'glob'],
  token_type: ['default', 'service', 'batch'],
};

function shapeOf(resource: TerraformResource, u: UnknownAttribute): TerraformShape {
  return resource.resourceType.attributes.find((a) => a.attribute === u.attribute)?.shape ?? 'string';
}

/**
 * The readings of a resource with its unknown fields tried: each with its choices or its shape's
 * samples, or a field known in part that `inPart` selects with its fills instead.
 */
function variants(
  resource: TerraformResource,
  unknown: readonly UnknownAttribute[],
  inPart: (u: UnknownAttribute) => boolean,
): Record<string, unknown>[] {
  const options = unknown.map((u) => {
    const samples = inPart(u) && u.fills ? u.fills : (CHOICES[u.field as string] ?? SAMPLES[shapeOf(resource, u)]);
    return { field: u.field as string, samples };
  });
  const count = Math.max(...options.map((o) => o.samples.length));
  return Array.from({ length: count }, (_, i) => {
    const value: Record<string, unknown> = { ...resource.value };
    for (const o of options) value[o.field] = o.samples[i % o.samples.length];
    return value;
  });
}

/** An ACL policy's problems, on the characters of the policy text inside the file when it is written there as it is. */
function policyProblems(resource: TerraformResource, text: string, lines: LineIndex): Problem[] {
  const policy = resource.value.policy;
  if (typeof policy !== 'string') return partialPolicyProblems(resource, text, lines);
  const place = resource.locations.get('/policy')?.value;
  const inPlace = place !== undefined && text.slice(place.start, place.end) === policy;
  return lintPolicy(policy).map((problem) => {
    const { range: _range, ...rest } = problem;
    if (!inPlace || !problem.range) return { ...rest, path: '/policy' };
    return {
      ...rest,
      path: '/policy',
      range: lines.range({ start: place.start + problem.range.start, end: place.start + problem.range.end }),
    };
  });
}

/**
 * The warnings of a policy text known in part (a template with an unknown mount, say) that hold
 * whatever its unknown parts are: its known text read as a policy (readPartialPolicy: the unknown
 * parts inside path rules or comments) and linted with each of UNKNOWN_FILLS in them, a warning
 * kept when every fill gives it on the same policy line (a fill holds no newline). So a `*` inside
 * the known part of a path is reported, one the unknown part decides is not. In a heredoc a policy
 * line is a line of the file; otherwise the warning is shown on the attribute.
 */
function partialPolicyProblems(resource: TerraformResource, text: string, lines: LineIndex): Problem[] {
  const unknown = resource.unknown.find((u) => u.field === 'policy');
  const partial = unknown?.partial;
  if (!unknown || !partial || !readPartialPolicy(partial, resource.name ?? 'policy')) return [];
  const key = (p: Problem): string => `${p.code} ${p.range?.startLine ?? -1}`;
  const readings = UNKNOWN_FILLS.map((fill) => {
    const filled = partial.map((piece) => (typeof piece === 'string' ? piece : fill)).join('');
    return { filled, problems: lintPolicy(filled).filter((p) => p.severity === 'warning') };
  });
  const [first, ...rest] = readings;
  if (!first) return [];
  const held = first.problems.filter((p) => rest.every((r) => r.problems.some((q) => key(q) === key(p))));
  const written = text.slice(unknown.range.start, unknown.range.end);
  const bodyLine = lines.position(unknown.range.start).line + 1;
  const endLine = lines.position(unknown.range.end).line;
  const heredoc = /^<<-?/.test(written) && endLine - bodyLine === (first.filled.match(/\n/g) ?? []).length;
  return held.map((problem) => {
    const { range: _range, ...rest } = problem;
    if (!heredoc || !problem.range) return { ...rest, path: '/policy', range: lines.range(unknown.range) };
    const start = lines.lineStart(bodyLine + problem.range.startLine - 1);
    const end = text.indexOf('\n', start);
    const indent = /^\s*/.exec(text.slice(start, end))?.[0].length ?? 0;
    return {
      ...rest,
      path: '/policy',
      range: lines.range({ start: start + indent, end: end === -1 ? text.length : end }),
    };
  });
}

/**
 * Keys written twice in one map or object of a resource block (`{ a = 1, a = 2 }`): Terraform keeps
 * the last value and says nothing (hashicorp/terraform#28727), as the engine's JSON decoder does
 * with a YAML or JSON file's repeated key, so it is reported as there (DOC_DUPLICATE_KEY, on the
 * later key). A computed key (`(var.x) = 1`) is not compared.
 */
function duplicateKeys(block: TfBlock, lines: LineIndex, pointer = ''): Problem[] {
  const problems: Problem[] = [];
  const walk = (expr: TfExpr, path: string): void => {
    if (expr.t === 'tuple') expr.items.forEach((item, i) => walk(item, `${path}/${i}`));
    else if (expr.t === 'call') expr.args.forEach((arg) => walk(arg, path));
    else if (expr.t === 'object') {
      const seen = new Map<string, number>();
      for (const entry of expr.entries) {
        walk(entry.value, `${path}/${entry.key ?? ''}`);
        if (entry.key === undefined) continue;
        const first = seen.get(entry.key);
        if (first === undefined) {
          seen.set(entry.key, entry.keyRange.start);
          continue;
        }
        const line = lines.position(first).line;
        problems.push({
          code: 'DOC_DUPLICATE_KEY',
          severity: 'error',
          message: `Key "${entry.key}" is repeated (first on line ${line}); only this last value counts.`,
          path: `${path}/${entry.key}`,
          range: lines.range(entry.keyRange),
          data: { key: entry.key, firstLine: line },
        });
      }
    }
  };
  for (const attribute of block.attributes.values()) walk(attribute.value, `${pointer}/${attribute.name}`);
  for (const nested of block.blocks) problems.push(...duplicateKeys(nested, lines, `${pointer}/${nested.type}`));
  return problems;
}

function sortByOffset(problems: readonly Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) => (a.range?.start ?? 0) - (b.range?.start ?? 0) || (a.range?.end ?? 0) - (b.range?.end ?? 0),
  );
}
