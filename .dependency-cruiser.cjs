// The dependency rules of keyfob, checked by `npm run lint` (dependency-cruiser):
// - the areas of shared/ import each other only in the order drawn in shared/README.md;
// - shared/ is pure: nothing from node: (or any Node built-in), nothing from an adapter;
// - adapters (cli, engine, action, extension, bench, scripts, test) reach shared/ only through its entry
//   points (`@keyfob/shared/<area>`), and the workspaces depend on each other in one direction;
// - no import cycles anywhere (type-only imports count: they tie the files together just the same).
// A new area of shared/ gets a line in AREAS below and an entry in shared/package.json "exports".

/** Leaves: everything may use them. `problem` is shared/src/problem.ts, the Problem type itself. */
const LEAVES = ['problem', 'codes', 'text', 'duration'];
/**
 * Each area of shared/ and the areas it may import (besides itself), from the leaves up: an area
 * imports only areas listed before it, and only edges some import uses are allowed. shared/README.md
 * draws the same order top down (test/structure/area-order.test.ts checks both).
 */
const AREAS = {
  codes: [],
  problem: ['codes'],
  text: ['problem'],
  duration: ['problem'],
  // model
  template: LEAVES,
  documents: LEAVES,
  // IAM policy documents: evaluation and the policy linter (rules run the linter as role rules)
  'iam-policy': LEAVES,
  // keyfob's one HCL parser (tree-sitter's grammar on web-tree-sitter) and literal values
  hcl: LEAVES,
  // ACL policies of the engine (HCL): parsing and evaluation
  policies: [...LEAVES, 'hcl'],
  rules: [...LEAVES, 'template', 'iam-policy'],
  // JWT auth roles (GitHub OIDC trust): reading a role (validated by the rules' one JWT role
  // validator), the login's claim checks
  'jwt-roles': [...LEAVES, 'policies', 'rules'],
  // Vault-provider Terraform read into engine objects (one mapping table), evaluating only what is known
  terraform: [...LEAVES, 'hcl'],
  lint: [...LEAVES, 'documents', 'rules', 'policies', 'jwt-roles', 'terraform'],
  // engine I/O
  client: [...LEAVES, 'rules'],
  apply: [...LEAVES, 'documents', 'iam-policy', 'rules', 'lint', 'client', 'jwt-roles'],
  credentials: [...LEAVES, 'client'],
  // history reads the history data in schemas/, and Terraform files with keyfob's one HCL parser (the API's provider)
  history: [...LEAVES, 'hcl', 'terraform'],
  // SARIF output of findings (lint problems, history annotations), rule help from the codes catalogue
  sarif: LEAVES,
  // who can get what (and what changed: cloud actions by the IAM evaluation), from files or an engine
  access: [
    ...LEAVES,
    'documents',
    'policies',
    'jwt-roles',
    'client',
    'apply',
    'lint',
    'rules',
    'iam-policy',
    'sarif',
    'terraform',
  ],
  // editor logic, for the extension and any other editor
  editor: [...LEAVES, 'template', 'documents', 'rules', 'history', 'access', 'policies', 'iam-policy', 'terraform'],
  // the language server: the one protocol adapter of the editor logic, for every editor
  lsp: [...LEAVES, 'hcl', 'documents', 'lint', 'history', 'editor', 'access', 'terraform'],
};

/** The folder (or, for problem, the file) of an area, as a regular expression on the resolved path. */
const areaPath = (name) => (name === 'problem' ? '^shared/src/problem[.]ts$' : `^shared/src/${name}/`);
const anyArea = '^shared/src/';

const areaRules = Object.entries(AREAS).map(([area, allowed]) => ({
  name: `shared-order-${area}`,
  comment: `shared/src/${area} may import only ${allowed.length ? allowed.join(', ') : 'nothing else in shared/'} (see shared/README.md)`,
  severity: 'error',
  from: { path: areaPath(area) },
  to: { path: anyArea, pathNot: [area, ...allowed].map(areaPath) },
}));

const known = Object.keys(AREAS).map(areaPath);

module.exports = {
  forbidden: [
    ...areaRules,
    {
      name: 'shared-area-unlisted',
      comment: 'a new folder in shared/src needs its place in AREAS (.dependency-cruiser.cjs) and in shared/README.md',
      severity: 'error',
      from: { path: anyArea, pathNot: known },
      to: { path: anyArea, pathNot: LEAVES.map(areaPath) },
    },
    {
      name: 'shared-no-node',
      comment: 'shared/ is pure: no Node built-ins (node:fs, node:path, ...); take what you need as a parameter',
      severity: 'error',
      from: { path: '^shared/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-no-adapter',
      comment: 'shared/ never imports an adapter or a test',
      severity: 'error',
      from: { path: '^(shared/src/|schemas/[^/]+$)' },
      to: { path: '^(cli|engine|action|extension|bench|scripts|test)/' },
    },
    {
      name: 'entry-points-only',
      comment: "outside shared/, import shared through its entry points ('@keyfob/shared/<area>'), not its files",
      severity: 'error',
      from: { path: '^(cli|engine|action|extension|bench|scripts|test)/' },
      to: { path: '^shared/src/', pathNot: '^shared/src/([^/]+/index|problem)[.]ts$' },
    },
    {
      name: 'engine-no-adapter',
      comment: 'the engine stands on shared/ alone; the CLI starts it, not the other way round',
      severity: 'error',
      from: { path: '^engine/src/' },
      to: { path: '^(cli|action|extension)/' },
    },
    {
      name: 'adapters-apart',
      comment: 'the action and the extension do not import the CLI or each other',
      severity: 'error',
      from: { path: '^(action|extension)/src/' },
      to: { path: '^(cli|engine|action|extension)/src/', pathNot: '^$1/src/' },
    },
    {
      name: 'no-circular',
      comment: 'an import cycle: move the shared piece into a file both sides import',
      severity: 'error',
      from: { pathNot: '^node_modules/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: ['(^|/)dist/', '(^|/)node_modules/', '(^|/)[.]', '^schemas/generated/', '^test/artifacts/', '[.]d[.]ts$'],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Resolve '@keyfob/shared/<area>' through shared/package.json "exports", as Node and esbuild do.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
