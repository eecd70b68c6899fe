#!/usr/bin/env node
// The SDK name mapping of the platform history (schemas/platform-history-sdk.json): which names of the
// official clients stand for which history subject. Generated from the clients' own source kept in
// test/fixtures/history-real (go-tfe option and model fields by their `jsonapi` tags and struct type,
// go-tfe service methods by the request each sends, go-tfe state constants, terrasnek endpoint methods
// by the URL and helper each uses, Terraform provider schema attributes of the resource each file
// manages). `node scripts/history-sdk-names.mjs` writes the file; `--check` fails when it differs.
// shared/test/history/sdk-names.test.ts also checks every name against the source.
// It also writes schemas/platform-history-methods.json: the methods the API has on each path, as the
// clients send them (go-tfe's NewRequest calls, terrasnek's request helpers). The history lists changes
// only, so one method known there on a path does not mean the API has only that one; the matcher reads
// this file to match a URL whose method is decided elsewhere only when its path alone decides.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  goRequests,
  goServices,
  goStructs,
  inheritTypes,
  list,
  PROVIDER_TYPES,
  STATUS_TYPES,
  pyRequests,
  read,
  segmentsOf,
} from '../test/fixtures/history-real/clients.mjs';
import {
  endpointOf,
  named,
  namesOf,
  parameters,
  statuses,
  subjects,
} from '../test/fixtures/history-real/history-subjects.mjs';

/** The exit status when a snapshot the names are read from is absent (a check that cannot run, not a failed one). */
const ABSENT_SNAPSHOT = 2;

const parameters_ = parameters;

const root = new URL('..', import.meta.url);
const target = new URL('schemas/platform-history-sdk.json', root);
const methodsTarget = new URL('schemas/platform-history-methods.json', root);
// Where each client's names were read from (python-tfe: the fork and the look-up index's copy): a sidecar the matcher
// does not import, so the provenance is not bundled into the shipped action.
const sourcesTarget = new URL('schemas/platform-history-sdk-sources.json', root);
const sources = readFileSync(new URL('test/fixtures/history-real/SOURCES.tsv', root), 'utf8').split('\n').slice(1);
const commitOf = (repo) => sources.find((r) => r.split('\t')[1] === repo)?.split('\t')[3] ?? '';

const attributeOf = (type, wire, prefix) =>
  named.find((s) => s.resource === type && namesOf(s).some((n) => n === wire || (prefix && n === `${prefix}.${wire}`)));

/**
 * The one path of the history's parameters (sent with `method`) that a concrete path's segments are, as
 * `endpointOf` decides (a placeholder segment matches only a template's `:name`; the most literal segments
 * win; none on a tie).
 */
function parameterPathOf(method, segments) {
  const hits = [];
  for (const path of new Set(
    parameters.filter((p) => p.method === method && p.path.startsWith('/')).map((p) => p.path),
  )) {
    const t = path.split('/').filter(Boolean);
    if (t.length !== segments.length) continue;
    let score = 0;
    if (t.every((x, i) => x.startsWith(':') || (segments[i] === x && ++score))) hits.push({ path, score });
  }
  hits.sort((a, b) => b.score - a.score);
  return hits.length > 0 && (hits.length === 1 || hits[0].score > hits[1].score) ? hits[0].path : undefined;
}

const RUBY_CLIENT = 'terraform-enterprise-client';
const PYTERPRISE = 'pyterprise';
const PYTERPRISE_SOURCE = 'test/fixtures/history-held/pyterprise/pyterprise';
const RUBY_SOURCE =
  'test/fixtures/history-held/terraform-enterprise-client/lib/terraform_enterprise/api/resource_requests';
const names = [];
const add = (client, kind, name, subject) => names.push({ client, kind, name, subject: subject.id });

// go-tfe: fields, service methods, state constants.
const goFiles = list('go-tfe', '.go');
const structs = new Map();
for (const file of goFiles) for (const [k, v] of goStructs(read(file))) structs.set(k, v);
inheritTypes(structs);
for (const s of [...structs.values()].sort((a, b) => a.name.localeCompare(b.name)))
  for (const f of s.fields) {
    if (!s.type || !['attr', 'relation', 'polyrelation'].includes(f.kind)) continue;
    const subject = attributeOf(s.type, f.wire, s.parentKey);
    if (subject) add('go-tfe', 'field', `${s.name}.${f.name}`, subject);
  }
// go-tfe query fields (`PageSize int `url:"page[size],omitempty"``) that stand for a parameter the history
// lists for every path (`page[size] *`): ListOptions, which every list's options struct embeds.
for (const s of [...structs.values()].sort((a, b) => a.name.localeCompare(b.name)))
  for (const f of s.fields) {
    if (f.kind !== 'query') continue;
    const subject = parameters.find((p) => p.path === '*' && namesOf(p).includes(f.wire));
    if (subject) add('go-tfe', 'field', `${s.name}.${f.name}`, subject);
  }
// go-tfe query fields of a method's options struct (`Tags string `url:"search[tags],omitempty"`` of
// WorkspaceListOptions, which Workspaces.List takes) that stand for a parameter the history lists for the
// path that method sends.
const queryFields = new Map();
for (const file of goFiles)
  for (const r of goRequests(read(file))) {
    const options = /\w+\s+\*(\w+Options)\b/.exec(r.params ?? '')?.[1];
    if (!options) continue;
    // The endpoint the request is, or else the one path the history lists parameters of that it is (the history
    // may list a list's query parameters without an entry for the list itself: `filter[names]` of the teams).
    const segments = segmentsOf(r.raw);
    const path = endpointOf(r.method, segments)?.path ?? parameterPathOf(r.method, segments);
    if (!path) continue;
    for (const f of structs.get(options)?.fields ?? []) {
      if (f.kind !== 'query') continue;
      const subject = parameters.find((p) => p.path === path && namesOf(p).includes(f.wire));
      const key = `${options}.${f.name}`;
      if (subject) queryFields.set(key, queryFields.has(key) && queryFields.get(key) !== subject ? null : subject);
    }
  }
for (const [key, subject] of [...queryFields].sort())
  if (subject && !names.some((n) => n.client === 'go-tfe' && n.name === key)) add('go-tfe', 'field', key, subject);
const services = goServices(goFiles);
const implToService = new Map([...services].map(([k, v]) => [v, k]));
const methods = new Map();
// A request's path is the last built before it; when the history has no endpoint for that one (an if/else's
// `registry-modules/%s` by id after `organizations/%s/registry-modules/%s/%s/%s/%s` by name), the one endpoint the
// paths built before it in the function are.
const requests = new Map();
for (const file of goFiles)
  for (const r of goRequests(read(file), { everyPath: true })) {
    const key = `${file} ${r.sendLine}`;
    requests.set(key, [...(requests.get(key) ?? []), r]);
  }
for (const paths of requests.values()) {
  const r = paths[paths.length - 1];
  const last = endpointOf(r.method, segmentsOf(r.raw));
  const before = last
    ? []
    : [...new Set(paths.slice(0, -1).map((p) => endpointOf(p.method, segmentsOf(p.raw))))].filter(Boolean);
  const service = implToService.get(r.receiver);
  const subject = service && (last ?? (before.length === 1 ? before[0] : undefined));
  if (!subject) continue;
  const key = `${service}.${r.fn}`;
  methods.set(key, methods.has(key) && methods.get(key) !== subject ? null : subject);
}
// A method whose body only returns another method of its receiver (`func (s *workspaces) Read(…) { return
// s.ReadWithOptions(ctx, organization, workspace, nil) }`) sends that method's request.
const delegates = goDelegates(goFiles);
for (let round = 0; round < 3; round++)
  for (const [key, other] of delegates) {
    const service = implToService.get(key.slice(0, key.indexOf('.')));
    const subject = methods.get(`${service}.${other}`);
    if (service && subject && !methods.has(`${service}.${key.slice(key.indexOf('.') + 1)}`))
      methods.set(`${service}.${key.slice(key.indexOf('.') + 1)}`, subject);
  }
// A method that builds no path of its own sends one another function builds (`goIndirectPaths`); another service's
// method it returns (`return s.client.WorkspaceRunTasks.Create(…)`) sends what that one sends.
const indirect = goIndirectPaths(goFiles);
for (let round = 0; round < 3; round++)
  for (const [key, via] of indirect) {
    const service = implToService.get(key.slice(0, key.indexOf('.')));
    const name = `${service}.${key.slice(key.indexOf('.') + 1)}`;
    const subject = via.subject ?? methods.get(via.method);
    if (service && subject && !methods.has(name)) methods.set(name, subject);
  }
// A method whose path picks a segment by which field of its options is set (`usersOrMemberships :=
// options.kind()` then `fmt.Sprintf("teams/%s/relationships/%s", …, usersOrMemberships)`, where `func (o
// *TeamMemberAddOptions) kind() string { if len(o.Usernames) != 0 { return "users" }; return
// "organization-memberships" }`) maps per field (`TeamMembers.Add(OrganizationMembershipIDs)`), as terrasnek's
// keywords do; the plain name stays unmapped (a call may take either branch).
for (const [key, subject] of [...goOptionBranches(goFiles)].sort())
  if (implToService.has(key.slice(0, key.indexOf('.'))))
    methods.set(`${implToService.get(key.slice(0, key.indexOf('.')))}.${key.slice(key.indexOf('.') + 1)}`, subject);
// Exported methods only: what a program calls. The admin services' (`Admin.Organizations.Update`, three names deep) are
// read for the provider's calls only (`providerArgumentChain`).
for (const [key, subject] of [...methods].sort())
  if (subject && /\.[A-Z]/.test(key) && !key.startsWith('Admin.')) add('go-tfe', 'method', key, subject);
for (const file of goFiles)
  for (const m of read(file).matchAll(/^\t(\w+)\s+(\w+)\s*=\s*"([^"]+)"/gm)) {
    const resource = STATUS_TYPES[m[2]];
    const subject = resource && statuses.find((s) => s.resource === resource && namesOf(s).includes(m[3]));
    if (subject) add('go-tfe', 'constant', m[1], subject);
  }

// go-tfe's types as a program meets them: the go-tfe struct each service method returns
// (`Workspaces.Read` → `Workspace`, `Workspaces.List` → `WorkspaceList`) and each struct field that holds
// another (`WorkspaceList.Items` → `[]Workspace`, `Workspace.Project` → `Project`): a program's variable
// typed by a call or a range over a list is of that struct, and its fields are the struct's. Only the
// structs that lead to a mapped field are kept.
const fieldTypes = goFieldTypes(goFiles);
const mapped = new Set(
  names.filter((n) => n.client === 'go-tfe' && n.kind === 'field').map((n) => n.name.split('.')[0]),
);
const useful = new Set(mapped);
for (let grown = true; grown;) {
  grown = false;
  for (const [struct, fields] of fieldTypes)
    if (!useful.has(struct) && Object.values(fields).some((t) => useful.has(t.replace('[]', '')))) {
      useful.add(struct);
      grown = true;
    }
}
const goTypes = Object.fromEntries(
  [...fieldTypes]
    .filter(([struct]) => useful.has(struct))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([struct, fields]) => [
      struct,
      Object.fromEntries(Object.entries(fields).filter(([, t]) => useful.has(t.replace('[]', '')))),
    ])
    .filter(([, fields]) => Object.keys(fields).length > 0),
);
const goReturns = Object.fromEntries(
  [...goResults(goFiles)]
    .map(([key, type]) => [
      `${implToService.get(key.slice(0, key.indexOf('.')))}.${key.slice(key.indexOf('.') + 1)}`,
      type,
    ])
    // The admin services (`Admin.Users.List`) are read for the provider's calls only, as their methods below.
    .filter(([key, type]) => !/^(?:undefined|Admin)\./.test(key) && useful.has(type.replace('[]', '')))
    .sort(([a], [b]) => a.localeCompare(b)),
);

// terrasnek: endpoint methods (`workspaces.safe_destroy`). A method whose URL depends on which of its parameters is
// given (`def show(self, workspace_name=None, workspace_id=None)`: `if workspace_name is not None: url = …`) also maps
// per keyword (`workspaces.show(workspace_name)`); its plain name only when every branch sends one endpoint.
const terrasnekNames = (module, text, bases = []) => {
  const found = new Map();
  const put = (key, subject) => found.set(key, found.has(key) && found.get(key) !== subject ? null : subject);
  for (const r of pyRequests(text, { forNames: true, bases })) {
    if (!r.fn || r.fn.startsWith('_')) continue;
    const subject = endpointOf(r.method, segmentsOf(r.raw));
    // A branch the history has no endpoint for leaves the plain name unmapped (a call may take that branch).
    if (r.guard) put(r.fn, subject ?? null);
    if (!subject) continue;
    put(r.guard ? `${r.fn}(${r.guard})` : r.fn, subject);
  }
  return [...found].filter(([, subject]) => subject).map(([fn, subject]) => [`${module}.${fn}`, subject]);
};
const terrasnekFiles = list('terrasnek/terrasnek', '.py');
const terrasnekNow = new Set();
for (const file of terrasnekFiles)
  for (const [name, subject] of terrasnekNames(file.replace(/^.*\/|\.py$/g, ''), read(file)).sort()) {
    add('terrasnek', 'method', name, subject);
    terrasnekNow.add(name.replace(/\(.*$/, ''));
  }
// terrasnek's releases (the repository's tag of each, else the newest commit whose setup.py has that version): a name
// whose endpoint changed between releases (`registry_modules.destroy`: `POST /registry-modules/actions/delete/…` in
// 0.0.10, `DELETE /organizations/…/registry-modules/…` since) maps per release and is claimed only for a program whose
// release is known (`releases`, `dependent`); a name of earlier releases the current source no longer has
// (`state_versions.list_state_version_outputs`, now `list_outputs`) maps as those releases read it (`releases`).
const TERRASNEK_RELEASES = [
  ['0.0.1', '59efa67e87e509a4f2e73d2afeb987a98c5e64ec'],
  ['0.0.2', '6f3a3b4f08866a8be3613ba5cab26680611584e2'],
  ['0.0.3', 'a7a6689183e968e21d44054ee3a4aa7886609efc'],
  ['0.0.4', '254d606d9b9f30ad5c698efc2195ada01472cc3b'],
  ['0.0.5', '6645f1b2fd0b3b471e341dba07203d5f490809a5'],
  ['0.0.6', '6527cc83ce6df453e3a8a2fd7c482d656491b42e'],
  ['0.0.7', 'a2249d0b6f12b1f39980a92b76c360b59d4bf338'],
  ['0.0.8', 'dc696e386673ca6a0d23c18c6d080a0c4dcb653b'],
  ['0.0.9', 'b8ccf9ccb756b5e1812ef2f3e84c079eda461137'],
  ['0.0.10', '9284ee75344e7e44fa50fbd10db1e2cc7cd2d560'],
  ['0.0.11', '4dcc509374db7486d3970cb35ad4556b40ea1de3'],
  ['0.0.12', '370a732a64a24fd00861afb602281c1e7c40a576'],
  ['0.0.13', 'fdc8ae364089be30bc4545005b6533d1e5a00049'],
  ['0.0.14', '5447740d9400ad2abb668b6b7bb55d16fead0cc4'],
  ['0.0.15', 'd4c61918d731b6541212e2a86847d7f32fe56015'],
  ['0.0.16', '58dc30e19742820c4557919d76558cac790ae1f6'],
  ['0.1.1', '1e9843e5d8476c61960c9a8b12fb596320013627'],
  ['0.1.2', 'e5817e3197097b6ca4801f2c5d6368d6d6c4e827'],
  ['0.1.3', '3ee55c0be200934e5163ab043ae93b596ccaf854'],
  ['0.1.4', '5425f0c8a5845ccbed81ac5fe7fe5fbe96e808d2'],
  ['0.1.5', '26e834461cfe104ae4c268475238c5d9545b7993'],
  ['0.1.6', '3e81e4312eb322f57932c7f4934efbd81cab1f10'],
  ['0.1.7', 'b9c7dce241567ae0d3c33c6686753380814c0683'],
  ['0.1.8', 'd9121220198ba01004e2d4aab378742da6ef2748'],
  ['0.1.9', '14dba27e91302280ac7efdb4ef681bd8f1fba99a'],
  ['0.1.10', 'f45e8577bb94357ee8bb2eb0070bb25cf074dcf9'],
  ['0.1.11', '14c84a87b3f8f80ede3ed4b0fb03cc4464a527cf'],
  ['0.1.12', '9c642268cddebea58de352d3676e9c513f7fc86b'],
  ['0.1.13', '6a2a4b659f90800be7ee13ec0a61e4aecc640706'],
  ['0.1.14', 'ba58cc116e04a26af5698481bd19d77210d210db'],
].map(([release, commit]) => ({ release, commit }));
// Per name (`workspaces.show(workspace_name)` too): per release, its subject, or null where the method is there but
// maps to none (a URL of no endpoint of the history: the registry protocol's `GET /api/registry/v1/modules/…`).
const releaseReadings = new Map();
// Per method (`registry_modules.list_all`), the first release that has it: a program calling it is of that release or later.
const firstRelease = new Map();
const releaseTexts = mirrorTrees('dahlke/terrasnek', TERRASNEK_RELEASES, 'terrasnek/', '.py');
for (const { release } of TERRASNEK_RELEASES) {
  // The bases endpoint.py sets besides the API's own (`_modules_v1_base_url`: the module registry protocol's) are
  // another API's: a method sending there sends no endpoint of the history.
  const inherited = [
    ...(releaseTexts.get(release).get('terrasnek/endpoint.py') ?? '').matchAll(/self\.(_\w+_base_url)\s*=/g),
  ]
    .map((m) => m[1])
    .filter((name) => name !== '_api_v2_base_url')
    .map((name) => [name, '/other-api']);
  for (const [path, text] of releaseTexts.get(release)) {
    const module = path.replace(/^.*\/|\.py$/g, '');
    const mapped = new Map(terrasnekNames(module, text, inherited));
    // A method whose request the reader finds but no endpoint of the history is null; one whose request it does not
    // find (an early release's URL built otherwise) says nothing.
    const keys = new Set(mapped.keys());
    for (const fn of sentBy(text, inherited)) keys.add(`${module}.${fn}`);
    for (const m of text.matchAll(/^ {4}def ([a-z]\w*)\(/gm))
      if (!firstRelease.has(`${module}.${m[1]}`)) firstRelease.set(`${module}.${m[1]}`, release);
    for (const key of keys) {
      const readings = releaseReadings.get(key) ?? new Map();
      releaseReadings.set(key, readings.set(release, mapped.get(key)?.id ?? null));
    }
  }
}
const nowNames = new Map(names.filter((n) => n.client === 'terrasnek').map((n) => [n.name, n.subject]));
const dependent = new Set();
for (const [key, readings] of [...releaseReadings].sort(([a], [b]) => (a < b ? -1 : 1))) {
  const values = new Set(readings.values());
  if (nowNames.has(key)) values.add(nowNames.get(key));
  else if (nowSends(key)) values.add(null);
  // One subject in every release that has the method (and the current source, when it has it): the name says it.
  if (values.size === 1 && !values.has(null)) {
    if (!nowNames.has(key))
      names.push({
        client: 'terrasnek',
        kind: 'method',
        name: key,
        subject: [...values][0],
        releases: [...readings.keys()],
      });
    continue;
  }
  if (![...values].some((v) => v !== null)) continue;
  dependent.add(key);
  const bySubject = new Map();
  for (const [release, subject] of readings)
    if (subject !== null) bySubject.set(subject, [...(bySubject.get(subject) ?? []), release]);
  for (const [subject, releases] of bySubject)
    names.push({ client: 'terrasnek', kind: 'method', name: key, subject, releases, dependent: true });
}
// A dependent name is not claimed by the current source's reading either.
for (let i = names.length - 1; i >= 0; i--)
  if (names[i].client === 'terrasnek' && dependent.has(names[i].name) && names[i].releases === undefined)
    names.splice(i, 1);

/** The public methods of a terrasnek module whose requests the reader finds (on a base it resolves). */
function sentBy(text, bases = []) {
  // A URL on a base the reader does not resolve (early releases' `f"{base_url}/workspaces"`) says nothing.
  return new Set(
    pyRequests(text, { forNames: true, bases })
      .filter((r) => r.fn && !r.fn.startsWith('_') && segmentsOf(r.raw)[0] !== '*')
      .map((r) => r.fn),
  );
}

/** Whether the current source sends a request from the method a name is of (`workspaces.show` for `workspaces.show(workspace_name)`). */
function nowSends(key) {
  const [module, member] = key.split('.');
  const file = terrasnekFiles.find((f) => f.endsWith(`/${module}.py`));
  return file !== undefined && sentBy(read(file)).has(member.replace(/\(.*$/, ''));
}

// terrasnek's keyword arguments sent as query keys: endpoint.py's helpers send `page` as `page[number]` (`if page is
// not None: q_options.append(f"page[number]={page}")`); a method taking that keyword and passing it on (`page=page`)
// maps per keyword (`workspaces.list(page)`) to the history's parameter of that key for the method's path, else for
// every path (`page[number] *`).
const terrasnekQueryKeys = [
  ...read('terrasnek/terrasnek/endpoint.py').matchAll(
    /if (\w+) is not None:\s*\n\s*q_options\.append\(f"([\w[\]-]+)=\{\1\}"\)/g,
  ),
].map((m) => [m[1], m[2]]);
for (const file of terrasnekFiles) {
  const module = file.replace(/^.*\/|\.py$/g, '');
  for (const m of read(file).matchAll(/^ {4}def ([a-z]\w*)\(self,([^)]*)\):\n([\s\S]*?)(?=^ {4}def |(?![\s\S]))/gm)) {
    const [, fn, signature, body] = m;
    const path = names
      .find((n) => n.client === 'terrasnek' && n.name === `${module}.${fn}` && n.releases === undefined)
      ?.subject.split(' ')[2];
    for (const [keyword, wire] of terrasnekQueryKeys) {
      if (!new RegExp(`\\b${keyword}\\b`).test(signature) || !new RegExp(`\\b${keyword}=${keyword}\\b`).test(body))
        continue;
      const subject =
        parameters.find((p) => path !== undefined && p.path === path && namesOf(p).includes(wire)) ??
        parameters.find((p) => p.path === '*' && namesOf(p).includes(wire));
      if (subject) add('terrasnek', 'field', `${module}.${fn}(${keyword})`, subject);
    }
  }
}

// terrasnek's `filters` keyword: endpoint.py's helper sends each `{"keys": ["status"], "value": v}` of the list as
// `filter[status]=v` (`filter_string = "filter"`, then `filter_string += f"[{k}]"` per key). A method taking `filters`
// and passing it on (`filters=filters`) whose one GET path is a path the history lists parameters of maps per filter
// key (`runs.list(filter[status])`) to the history's `filter[…]` parameters of that path.
const ENDPOINT = read('terrasnek/terrasnek/endpoint.py');
if (/filter_string = "filter"\s*\n\s*for k in fil\["keys"\]:\s*\n\s*filter_string \+= f"\[\{k\}\]"/.test(ENDPOINT))
  for (const file of terrasnekFiles) {
    const module = file.replace(/^.*\/|\.py$/g, '');
    const text = read(file);
    const paths = new Map();
    for (const r of pyRequests(text, { forNames: true }))
      if (r.fn)
        paths.set(r.fn, [
          ...(paths.get(r.fn) ?? []),
          r.method === 'GET' ? parameterPathOf('GET', segmentsOf(r.raw)) : null,
        ]);
    for (const m of text.matchAll(/^ {4}def ([a-z]\w*)\(self,([^)]*)\):\n([\s\S]*?)(?=^ {4}def |(?![\s\S]))/gm)) {
      const [, fn, signature, body] = m;
      const sent = new Set(paths.get(fn) ?? []);
      if (!/\bfilters\b/.test(signature) || !/\bfilters=filters\b/.test(body) || sent.size !== 1 || sent.has(null))
        continue;
      const path = [...sent][0];
      for (const p of parameters)
        if (p.path === path)
          for (const wire of namesOf(p).filter((n) => n.startsWith('filter[')))
            add('terrasnek', 'field', `${module}.${fn}(${wire})`, p);
    }
  }

// terraform-enterprise-client (Ruby, skierkowski/terraform-enterprise-client 0.0.8): resource methods
// (`client.workspaces.list(…)`), by the `@request.<verb>(segment, …)` each sends. Its source is one of
// history-held's listed files (restored from the snapshot at the commit that set lists), not kept here.
const ruby = heldClientSources(RUBY_SOURCE, '.rb');
for (const { module, text } of ruby.files)
  for (const [fn, subject] of [...rubyRequests(text)].sort())
    if (subject) add(RUBY_CLIENT, 'method', `${module}.${fn}`, subject);

// pyterprise (Python, JFryy/terraform-enterprise-api-python-client): each class's methods (`Organization.list_workspaces`)
// by the `self._api_handler.call(uri=…, method=…)` each sends (or, sending none itself, the one endpoint of the history
// among its own methods it calls: `Workspace.plan_apply` → `run`); a method's parameter sent as a query key
// (`list_runs(page)`: `params = {"page[number]": page}`) stands for that parameter; what each method returns
// (`Client.set_organization` → `Organization`, `Organization.list_workspaces` → `[]Workspace`) types a program's values.
// Its source is history-held's listed files, like the Ruby client's.
const pyterprise = heldClientSources(PYTERPRISE_SOURCE, '.py');
const pyterpriseTypes = pyterpriseNames(pyterprise.files.map((f) => f.text));
for (const [name, subject] of [...pyterpriseTypes.methods].sort()) add(PYTERPRISE, 'method', name, subject);
for (const [name, subject] of [...pyterpriseTypes.parameters].sort()) add(PYTERPRISE, 'field', name, subject);

// Python clients of services (`client.projects.delete(id)`): python-tfe (HashiCorp's `pytfe`, read from a snapshot of
// its 0.1.2 release) and pytfc (alexbasista/pytfc). The client class sets one service object per attribute
// (`self.projects = Projects(self._transport)`, or pytfc's `'projects': api.Projects` table); each service class's
// public method maps to the one endpoint of the history it sends (`self.t.request("DELETE", path)` with `path =
// f"/api/v2/projects/{project_id}"`, `self._list(path)`, pytfc's `self._requestor.delete(path=path)`), or, sending none
// itself, to the one endpoint among its own methods it calls (pytfc's `variable_sets.get_varset_id` → `self.list()`)
// unless its docstring names another endpoint (a stub).
// A program's calls are claimed only in a file that imports the client (`module`).
const SERVICE_CLIENTS = [
  {
    client: 'python-tfe',
    repository: 'ibm-richard/python-tfe',
    release: '0.1.2',
    commit: 'e6305f3',
    dir: 'src/pytfe/',
    entry: 'src/pytfe/client.py',
    module: 'pytfe',
    // HashiCorp's own repository has no snapshot here (`fetch github:hashicorp/python-tfe` gives none), but the look-up
    // index keeps its files: those copied by hand into a folder (its SOURCES.tsv says from which commit and how; not a git
    // snapshot) are read when present, and their names win over the fork's where both name one.
    index: {
      repository: 'hashicorp/python-tfe',
      // The folder as recorded: relative to the mirror root (KEYFOB_MIRROR, default /work/.mirror).
      folder: 'hashicorp+python-tfe.index',
    },
    // `self.t.request("GET", path, …)` (or `path=f"/api/v2/…"` by keyword), `self._list(path, …)`.
    sends: [
      { pattern: /self\.t\.request\(\s*"(GET|POST|PUT|PATCH|DELETE)"\s*,\s*(?:path\s*=\s*)?(f?"[^"]*"|\w+)/g },
      { pattern: /self\._list\(\s*(f?"[^"]*"|\w+)/g, method: 'GET' },
    ],
  },
  {
    client: 'pytfc',
    repository: 'alexbasista/pytfc',
    release: '0.0.23+',
    commit: '9971b80',
    dir: 'pytfc/',
    entry: 'pytfc/__init__.py',
    module: 'pytfc',
    // `self._requestor.get(path=path, …)`; `list_all` pages a GET.
    sends: [
      {
        pattern: /self\._requestor\.(get|post|put|patch|delete|list_all)\(\s*(?:path=)?(f?'[^']*'|f?"[^"]*"|\w+)/g,
      },
    ],
  },
];
// Go clients of services besides go-tfe: tsanton/tfe-client (v0.3.1; `cli.ProviderVersionService.Read(ctx, …)`), its
// services the `TerraformEnterpriseClient` struct's fields (`ProviderVersionService *RegistryProviderVersionService`),
// each method's endpoint its `path := fmt.Sprintf("/api/v2/…")` sent with `http.MethodGet` (`MakeRequest[…](ctx, s.cli,
// http.MethodGet, 200, path, nil)`). Claimed only in a file that imports the client's package (`module`).
SERVICE_CLIENTS.push({
  client: 'tfe-client',
  language: 'go',
  repository: 'tsanton/tfe-client',
  release: '0.3.1',
  commit: 'v0.3.1',
  dir: 'tfe/',
  entry: 'tfe/client.go',
  module: 'github.com/tsanton/tfe-client/tfe',
});
// A TypeScript client of services: @skorfmann/terraform-cloud (the client cdktf's CLI uses; read from a snapshot of
// its repository after 1.9.1): `new TerraformCloud(token)` sets one endpoint class per field (`this.Workspaces = new
// Workspaces(client)`), each method sending its `const path = \`/organizations/${org}/workspaces\`` with a helper
// of the base class (`this.get<Workspace>(path)`) or axios (`this.client.delete(path)`). Claimed only in a file that
// imports the package.
SERVICE_CLIENTS.push({
  client: 'terraform-cloud-js',
  language: 'typescript',
  repository: 'skorfmann/terraform-cloud',
  release: '1.9.1+',
  commit: 'fda1672',
  dir: 'src/',
  entry: 'src/api/TerraformCloud.ts',
  module: '@skorfmann/terraform-cloud',
});
const serviceClients = SERVICE_CLIENTS.map((c) => {
  const commit = execFileSync('git', ['--git-dir', mirrorGitDir(c.repository), 'rev-parse', c.commit], {
    encoding: 'utf8',
  }).trim();
  const ext = { go: '.go', typescript: '.ts' }[c.language] ?? '.py';
  const texts = mirrorTrees(c.repository, [{ release: c.release, commit }], c.dir, ext, true).get(c.release);
  const read = { go: goServiceNames, typescript: tsServiceNames }[c.language] ?? serviceNames;
  if (c.client !== 'python-tfe') {
    for (const [name, subject] of [...read(c, texts)].sort()) add(c.client, 'method', name, subject);
    // A TypeScript client whose response interceptor camel-cases every key (`client.interceptors.response.use((res) =>
    // camelcaseKeys(res.data, { deep: true }))`): a program reads `attributes.uploadUrl` for `upload-url`.
    const camelCases =
      c.language === 'typescript' &&
      [...texts.values()].some((t) => /interceptors\.response\.use\([^\n]*camelcaseKeys\([^\n]*deep:\s*true/.test(t));
    return { ...c, commit, ...(camelCases && { camelCases }) };
  }
  // python-tfe: the fork's release, then the index's files where present (newer wins; a name only in the fork is kept).
  const merged = new Map(); // `kind name` → { kind, name, subject, from }
  const take = (from, found) => {
    for (const [kind, map] of Object.entries(found))
      for (const [name, subject] of map) merged.set(`${kind} ${name}`, { kind, name, subject, from });
  };
  take('fork', pythonTfeNames(c, texts));
  // `--check` reads only the files the committed mapping names (path and commit), so the copy growing cannot fail it.
  const index = indexTexts(
    process.env.KEYFOB_PYTFE_INDEX ?? `${process.env.KEYFOB_MIRROR ?? '/work/.mirror'}/${c.index.folder}`,
    c.dir,
    process.argv.includes('--check') ? (committedSource(c.client)?.files ?? []) : undefined,
  );
  if (index) take('index', pythonTfeNames(c, index.texts));
  // Absent here: the index's names as committed (facts read where the copy was), so a check elsewhere agrees.
  const committed = index ? undefined : committedIndex(c.client);
  for (const n of committed?.names ?? [])
    merged.set(`${n.kind} ${n.name}`, { kind: n.kind, name: n.name, subject: { id: n.subject }, from: 'index' });
  for (const n of [...merged.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)))
    names.push({ client: c.client, kind: n.kind, name: n.name, subject: n.subject.id, from: n.from });
  return {
    ...c,
    commit,
    sources: {
      fork: { repository: c.repository, release: c.release, commit },
      ...(index && {
        index: {
          repository: c.index.repository,
          folder: c.index.folder,
          note: 'files of the look-up index copied by hand (not a git snapshot); SOURCES.tsv gives each path, commit and how it was copied',
          files: index.rows,
        },
      }),
      ...(committed?.source && { index: committed.source }),
    },
  };
});

/** A client's names read from the look-up index's copy, and that source, as the committed mapping has them. */
function committedIndex(client) {
  if (!existsSync(target)) return undefined;
  const prior = JSON.parse(readFileSync(target, 'utf8'));
  const source = committedSource(client);
  const names = (prior.names ?? []).filter((n) => n.client === client && n.from === 'index');
  if (names.length > 0)
    console.warn(`${client}: the look-up index's copy is absent here; its ${names.length} names kept as committed`);
  return { source, names };
}

/** The look-up index's copy as the committed mapping names it (folder, files with their commits), if it does. */
function committedSource(client) {
  if (!existsSync(sourcesTarget)) return undefined;
  return JSON.parse(readFileSync(sourcesTarget, 'utf8')).clients?.[client]?.index;
}

/** python-tfe's names read from one source's texts: its service methods, model and option fields, enum constants. */
function pythonTfeNames(c, texts) {
  const classTypes = new Map();
  const method = serviceNames(c, texts, classTypes);
  const { fields, constants } = pydanticFields(texts, classTypes);
  return { method, field: fields, constant: constants };
}

/**
 * The look-up index's copied files of a client (`folder/SOURCES.tsv`: path, commit, how it was copied): path → text of
 * each listed file under `dir`, and the manifest's rows; none when the folder is absent.
 */
function indexTexts(folder, dir, only) {
  const manifest = `${folder}/SOURCES.tsv`;
  if (!existsSync(manifest)) return undefined;
  const listed = readFileSync(manifest, 'utf8')
    .split('\n')
    .filter((r) => r && !r.startsWith('#'))
    .slice(1)
    .map((r) => r.split('\t'))
    .filter(([path]) => path.startsWith(dir) && path.endsWith('.py') && existsSync(`${folder}/${path}`))
    // A file the index gave with no commit (found by a search hit) says so plainly: commit null, and why.
    .map(([path, commit, how]) =>
      /^[0-9a-f]{40}$/.test(commit) ? { path, commit, how } : { path, commit: null, noCommit: commit, how },
    );
  // `only` (the committed files, when checking): a file the copy has but the mapping does not name is left out, said.
  const named = only && new Set(only.map((f) => `${f.path}\t${f.commit}`));
  const rows = named ? listed.filter((r) => named.has(`${r.path}\t${r.commit}`)) : listed;
  for (const r of listed.filter((x) => !rows.includes(x)))
    console.warn(`${folder}: ${r.path} is not in the committed mapping; left out of --check (regenerate to take it)`);
  const texts = new Map(rows.map((r) => [r.path, readFileSync(`${folder}/${r.path}`, 'utf8')]));
  return { texts, rows };
}

/**
 * python-tfe's models and options (pydantic): a field with an alias (`auto_apply: bool | None = Field(None,
 * alias="auto-apply")`) in a class of a resource → that resource's attribute named by the alias, when the history has
 * one. The class's resource: the stem of its name before `Create`/`Update`/`List`/`Read`/`Options`, dashed and plural
 * (`RunCreateOptions` → `runs`, `PolicySet` → `policy-sets`); or else, when the history knows no such resource
 * (`TeamProjectAccessAddOptions` → `team-project-accesss`), the resources of the endpoints the service methods that
 * take or return the class send, and the JSON:API types their bodies write (`TeamProjectAccesses.add(options:
 * TeamProjectAccessAddOptions)` → `POST /team-projects`: `team-projects`; `/workspaces/:id/tasks` writing `"type":
 * "workspace-tasks"`), a field kept when just one of them has its alias. A field typed by a string enum (`access: TeamProjectAccessType = Field(alias="access")`) whose alias
 * is the value field of statuses the history lists for that resource also maps each of the enum's values as a keyword's
 * value (`TeamProjectAccessAddOptions.access=admin` → `status team-projects admin`), and each enum member that a field
 * maps so (`TeamProjectAccessType.TEAM_PROJECT_ACCESS_ADMIN`) is a constant of that status. A field without an alias,
 * or a class of no resource, says nothing.
 */
function pydanticFields(texts, classTypes = new Map()) {
  const fields = new Map();
  const constants = new Map(); // `Enum.MEMBER` → subject, or null when two fields say two
  const enums = new Map(); // enum class → [member, value][]
  for (const text of texts.values())
    for (const m of text.matchAll(/^class (\w+)\(str, Enum\):\n([\s\S]*?)(?=^\S|(?![\s\S]))/gm))
      enums.set(
        m[1],
        [...m[2].matchAll(/^ {4}([A-Z][A-Z0-9_]*)\s*=\s*"([^"]+)"\s*$/gm)].map((v) => [v[1], v[2]]),
      );
  const known = new Set(named.map((s) => s.resource));
  for (const text of texts.values())
    for (const m of text.matchAll(/^class (\w+)\(BaseModel\):\n([\s\S]*?)(?=^\S|(?![\s\S]))/gm)) {
      const stem = m[1].replace(/(?:Create|Update|List|Read|Add|Remove|Delete)?Options$/, '');
      const type = `${stem.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`.replace(/y$/, 'ie') + 's';
      // The stem's resource; else those the methods send to or write, a field kept when one of them has it.
      const types = known.has(type) ? [type] : [...(classTypes.get(m[1]) ?? [])].filter((t) => known.has(t));
      for (const f of m[2].matchAll(
        /^ {4}(\w+):([^\n]*?)=\s*Field\(\s*(?:[^()]|\([^()]*\))*?\balias="([a-z][a-z0-9-]*)"/gm,
      ))
        for (const t of types) {
          const subjects = new Set(types.map((x) => attributeOf(x, f[3])).filter(Boolean));
          const subject = attributeOf(t, f[3]);
          if (subject && subjects.size === 1) fields.set(`${m[1]}.${f[1]}`, subject);
          for (const e of f[2].match(/\b[A-Z]\w*\b/g) ?? [])
            for (const [member, value] of enums.get(e) ?? []) {
              const status = statuses.find(
                (s) => s.resource === t && s.valueField === f[3] && namesOf(s).includes(value),
              );
              if (!status) continue;
              fields.set(`${m[1]}.${f[1]}=${value}`, status);
              const key = `${e}.${member}`;
              constants.set(key, constants.has(key) && constants.get(key) !== status ? null : status);
            }
        }
    }
  for (const [key, subject] of constants) if (!subject) constants.delete(key);
  return { fields, constants };
}

/**
 * A Go client of services: `Field.Method` → the endpoint that method of the field's type sends: each `path :=
 * fmt.Sprintf("…")` (or `path := "…"`) of its body with the one `http.Method…` it names; none when they disagree.
 */
function goServiceNames(c, texts) {
  const entry = texts.get(c.entry) ?? '';
  const services = new Map();
  for (const k of entry.matchAll(/^type \w+ struct \{\n([\s\S]*?)^\}/gm))
    for (const f of k[1].matchAll(/^\t([A-Z]\w*)\s+\*(\w+)\s*$/gm)) services.set(f[1], f[2]);
  const sent = new Map();
  for (const text of texts.values())
    for (const f of text.matchAll(/^func \(\w+ \*(\w+)\) ([A-Z]\w*)\([^\n]*\{\n([\s\S]*?)^\}/gm)) {
      const verbs = new Set([...f[3].matchAll(/\bhttp\.Method(\w+)/g)].map((m) => m[1].toUpperCase()));
      const paths = [...f[3].matchAll(/^\s*\w+\s*:?=\s*(?:fmt\.Sprintf\()?"([^"]+)"/gm)].map((m) => m[1]);
      if (verbs.size !== 1 || paths.length === 0) continue;
      const found = new Set(paths.map((raw) => endpointOf([...verbs][0], segmentsOf(raw)) ?? null));
      if (found.size === 1 && !found.has(null)) sent.set(`${f[1]}.${f[2]}`, [...found][0]);
    }
  const out = new Map();
  for (const [field, type] of services)
    for (const [key, subject] of sent)
      if (key.startsWith(`${type}.`)) out.set(`${field}${key.slice(type.length)}`, subject);
  return out;
}

/**
 * A TypeScript client of services: `Field.method` → the endpoint that method of the field's class sends. The client
 * class's fields: `this.Workspaces = new Workspaces(client)`; each class (`export default class Workspaces extends
 * Request`) method's `const path = \`…\`` (or `'…'`) sent by `this.get(path)`, `this.post<…>(path, …)` or
 * `this.client.delete(path)`; none when a method sends two that disagree or a path of no endpoint.
 */
function tsServiceNames(c, texts) {
  const entry = texts.get(c.entry) ?? '';
  const services = new Map();
  for (const m of entry.matchAll(/^\s+this\.([A-Z]\w*)\s*=\s*new ([A-Z]\w*)\(/gm)) services.set(m[1], m[2]);
  const sent = new Map();
  for (const text of texts.values()) {
    const cls = /^export default class (\w+)/m.exec(text)?.[1];
    if (!cls) continue;
    for (const f of text.matchAll(/^ {2}(?:async )?([a-z]\w*)\([^\n]*\{\n([\s\S]*?)^ {2}\}/gm)) {
      const paths = [...f[2].matchAll(/^\s*const path = (?:`([^`]*)`|'([^']*)')/gm)].map((m) => m[1] ?? m[2]);
      const verbs = [
        ...f[2].matchAll(/\bthis\.(?:client\.)?(get|post|put|patch|delete)\b(?:<[^>\n]*>)?\(\s*path\b/g),
      ].map((m) => m[1].toUpperCase());
      if (paths.length !== 1 || new Set(verbs).size !== 1) continue;
      const subject = endpointOf(verbs[0], segmentsOf(paths[0]));
      if (subject) sent.set(`${cls}.${f[1]}`, subject);
    }
  }
  const out = new Map();
  for (const [field, cls] of services)
    for (const [key, subject] of sent)
      if (key.startsWith(`${cls}.`)) out.set(`${field}${key.slice(cls.length)}`, subject);
  return out;
}

/**
 * A Python client of services: `attribute.method` → the endpoint that method of the attribute's class sends. The client
 * class's attributes: `self.projects = Projects(…)` or a `'projects': api.Projects,` table row.
 */
function serviceNames(c, texts, classTypes = new Map()) {
  const services = new Map();
  const entry = texts.get(c.entry) ?? '';
  for (const m of entry.matchAll(/^\s+self\.([a-z]\w*)\s*=\s*([A-Z]\w*)\(/gm)) services.set(m[1], m[2]);
  for (const m of entry.matchAll(/^\s+'([a-z]\w*)':\s*(?:\w+\.)?([A-Z]\w*),?\s*$/gm)) services.set(m[1], m[2]);
  // Per class, per method: its body.
  const classes = new Map();
  for (const text of texts.values())
    for (const k of text.matchAll(/^class (\w+)\b[^\n]*\n([\s\S]*?)(?=^\S|(?![\s\S]))/gm)) {
      const methods = new Map();
      for (const d of k[2].matchAll(/^ {4}def (\w+)\(([\s\S]*?)(?=^ {4}(?:def |@)|(?![\s\S]))/gm))
        methods.set(d[1], d[2]);
      classes.set(k[1], methods);
    }
  const sent = new Map(); // `Class.method` → subject, or null (several, or a path of no endpoint)
  const pending = [];
  for (const [cls, methods] of classes)
    for (const [fn, body] of methods) {
      const found = new Set();
      for (const { pattern, method } of c.sends)
        for (const m of body.matchAll(pattern)) {
          const verb = (method ?? m[1]).toUpperCase().replace('LIST_ALL', 'GET');
          const arg = m[method ? 1 : 2];
          // A variable: every value assigned to it before the call (`path = f"…"`, in parentheses across lines too:
          // `path = (\n    f"…"\n)`; an if/else's two).
          const assigned = new RegExp(
            `^\\s*${arg}\\s*=\\s*(?:\\(\\s*f?(["'])(.*?)\\1\\s*\\)|f?(["'])(.*?)\\3)\\s*$`,
            'gm',
          );
          const raws = /^f?["']/.test(arg)
            ? [arg.replace(/^f?["']|["']$/g, '')]
            : [...body.slice(0, m.index).matchAll(assigned)].map((a) => a[2] ?? a[4]);
          if (raws.length === 0) found.add(null);
          for (const raw of raws) found.add(endpointOf(verb, segmentsOf(raw)) ?? null);
        }
      if (found.size > 0) sent.set(`${cls}.${fn}`, found.size === 1 ? [...found][0] : null);
      else pending.push([cls, fn, body]);
    }
  for (const [cls, fn, body] of pending) {
    // A method documented as another endpoint than the one it reaches is a stub (pytfc's `workspaces.add_tags`, "POST
    // /workspaces/:workspace_id/relationships/tags", prints 'coming soon.' after looking the workspace up).
    const documented = /^\s*(GET|POST|PUT|PATCH|DELETE) (\/\S*)/m.exec(body);
    const called = new Set([...body.matchAll(/\bself\.(\w+)\(/g)].map((m) => sent.get(`${cls}.${m[1]}`)));
    called.delete(undefined);
    const subject = called.size === 1 ? [...called][0] : null;
    if (subject && (!documented || endpointOf(documented[1], segmentsOf(documented[2])) === subject))
      sent.set(`${cls}.${fn}`, subject);
  }
  const out = new Map();
  for (const [attribute, cls] of services)
    for (const fn of classes.get(cls)?.keys() ?? []) {
      const subject = sent.get(`${cls}.${fn}`);
      if (subject && !fn.startsWith('_')) out.set(`${attribute}.${fn}`, subject);
      // The classes its signature names (`options: TeamProjectAccessAddOptions`, `-> Iterator[TeamProjectAccess]`): of
      // the resource its endpoint is on (the path's last segment that is not a placeholder, `relationships` or `actions`).
      if (!subject?.path) continue;
      const resource = subject.path
        .split('/')
        .filter((x) => x && !x.startsWith(':') && x !== 'relationships' && x !== 'actions')
        .at(-1);
      // And the JSON:API types its body writes (`"type": "workspace-tasks"` of `/workspaces/:id/tasks`).
      const body = classes.get(cls).get(fn);
      const written = [...body.matchAll(/"type":\s*"([a-z][a-z-]*)"/g)].map((t) => t[1]);
      const signature = /^([\s\S]*?)\)\s*(?:->[^\n]*)?:\s*$/m.exec(body)?.[0] ?? '';
      for (const k of signature.match(/\b[A-Z]\w*\b/g) ?? [])
        for (const r of [resource, ...written]) if (r) classTypes.set(k, (classTypes.get(k) ?? new Set()).add(r));
    }
  return out;
}

// Terraform provider: the types it registers at the commit read (SDKv2's `"tfe_workspace": resourceTFEWorkspace()` in
// provider.go, the plugin framework's `resp.TypeName = req.ProviderTypeName + "_project"` or `= "tfe_variable"`): a type of the mapping the
// provider no longer registers is an error, not a name left to match.
const registered = new Set();
/** The provider's files at the commit read, by path (its data sources' too, which history-real does not hold). */
const providerTexts = mirrorTrees(
  'hashicorp/terraform-provider-tfe',
  [{ release: 'read', commit: commitOf('hashicorp/terraform-provider-tfe') }],
  'internal/provider/',
  '.go',
).get('read');
{
  const texts = providerTexts;
  for (const text of texts.values())
    for (const m of text.matchAll(/"tfe_(\w+)":\s*\w+\(\)|TypeName = (?:req\.ProviderTypeName \+ "_|"tfe_)(\w+)"/g))
      registered.add(m[1] ?? m[2]);
  const unknown = Object.keys(PROVIDER_TYPES).filter((type) => !registered.has(type));
  if (unknown.length > 0)
    throw new Error(`the provider registers no type ${unknown.map((t) => `tfe_${t}`).join(', ')}`);
}

// Terraform provider: schema attributes of the resource each file manages, by their wire name (`tag_names` of
// tfe_workspace), else by what the provider's code does with the argument (`providerArgumentChain`: `project_id` is
// copied into go-tfe's `options.Project`, whose `jsonapi` tag is the workspace's `project` relationship).
// Arguments whose code the reading cannot follow (the plugin framework's typed models, go-tfe v2's generated models, a
// key held in a constant), by hand: each checked against its resource file, which must still have the key and the code
// that sends it.
const PROVIDER_ARGUMENTS = [
  {
    type: 'workspace_settings',
    key: 'remote_state_consumer_ids',
    subject: 'attribute workspaces remote-state-consumers',
    sends: 'Client.Workspaces.AddRemoteStateConsumers(',
  },
  {
    type: 'agent_pool_allowed_workspaces',
    key: 'allowed_workspace_ids',
    subject: 'attribute agent-pools allowed-workspaces',
    sends: '.SetAllowedWorkspaces(',
  },
  { type: 'team_access', key: 'run_tasks', subject: 'permission team-workspaces run-tasks', sends: '.SetRunTasks(' },
];
/** An argument the provider sets a go-tfe field of its own with (`providerArgumentChain`). */
const OWN = 'own field';
const goFieldSubjects = new Map(
  names.filter((n) => n.client === 'go-tfe' && n.kind === 'field').map((n) => [n.name, subjects.get(n.subject)]),
);
for (const file of list('terraform-provider-tfe', '.go')) {
  const short = file.replace(/^.*resource_tfe_|\.go$/g, '');
  // `resource_tfe_X_schemas.go` holds the schema of X (the plugin framework's versions of it).
  const owner = short.replace(/_schemas$/, '');
  const type = PROVIDER_TYPES[owner];
  const text = read(file);
  const seen = new Set();
  const keys = type ? [...text.matchAll(/^\s*"([a-z][a-z0-9_]*)":\s*(?:\{|schema\.\w+Attribute\{)/gm)] : [];
  // A key nested in another's block (`"branch"` in `"vcs_repo": {…}`) goes by both names too (`vcs-repo.branch`).
  const spans = keys.map((k) => {
    const open = k.index + k[0].length - 1;
    return { key: k[1], open, close: closingOf(text, open) };
  });
  for (const m of keys) {
    const outer = spans.filter((o) => o.open < m.index && m.index < o.close).at(-1);
    const subject = attributeOf(type, m[1].replace(/_/g, '-'), outer?.key.replace(/_/g, '-'));
    if (subject && !seen.has(m[1])) add('terraform-provider-tfe', 'schema', `tfe_${owner}.${m[1]}`, subject);
    if (subject) seen.add(m[1]);
  }
  if (!registered.has(short)) continue;
  for (const [key, subject] of [...providerArgumentChain(text, goFieldSubjects, structs, methods)].sort())
    if (subject && !seen.has(key) && new RegExp(`^\\s*"${key}":\\s*\\{`, 'm').test(text))
      add('terraform-provider-tfe', 'schema', `tfe_${short}.${key}`, subject);
  for (const { type, key, subject, sends } of PROVIDER_ARGUMENTS.filter((a) => a.type === short)) {
    if (!text.includes(`"${key}"`) || !text.includes(sends))
      throw new Error(`resource_tfe_${type}.go no longer has "${key}" or ${sends}`);
    add('terraform-provider-tfe', 'schema', `tfe_${type}.${key}`, subjects.get(subject));
  }
}

// Terraform provider: data sources that list a resource with a query, by the go-tfe list option each argument is joined
// into (`tag_names` of tfe_workspace_ids → `options.Tags`, go-tfe's `search[tags]`): the argument is that query
// parameter, not the listed resource's attribute of a like name (`tag-names`). By hand (the arguments are gathered in
// loops the chain reader does not follow), each checked against its data source's file at the commit read: it must
// still declare the key, read it, and set the option field, whose subject is go-tfe's mapping of that field.
const PROVIDER_QUERY_ARGUMENTS = [
  { type: 'workspace_ids', key: 'tag_names', field: 'WorkspaceListOptions.Tags' },
  { type: 'workspace_ids', key: 'exclude_tags', field: 'WorkspaceListOptions.ExcludeTags' },
];
for (const { type, key, field } of PROVIDER_QUERY_ARGUMENTS) {
  const file = `internal/provider/data_source_${type}.go`;
  const text = providerTexts.get(file) ?? '';
  const option = field.slice(field.indexOf('.') + 1);
  if (
    !new RegExp(`^\\s*"${key}":\\s*\\{`, 'm').test(text) ||
    !text.includes(`d.Get("${key}")`) ||
    !new RegExp(`\\boptions\\.${option}\\s*=`).test(text)
  )
    throw new Error(`${file} no longer has "${key}", d.Get("${key}") or options.${option} =`);
  if (!registered.has(type)) throw new Error(`the provider registers no type tfe_${type}`);
  const subject = goFieldSubjects.get(field);
  if (!subject) throw new Error(`go-tfe's mapping has no field ${field}`);
  add('terraform-provider-tfe', 'schema', `tfe_${type}.${key}`, subject);
}

// Attribute names of the history that go-tfe's models carry on more than one resource type (`updated-at` on
// workspaces, policies, registry modules …): the history lists a change of one of them, the API has them on each.
// The matcher takes such a name for the history's resource only where something says that resource.
const attrTypes = new Map();
for (const s of structs.values())
  for (const f of s.fields)
    if (s.type && f.kind === 'attr') attrTypes.set(f.wire, (attrTypes.get(f.wire) ?? new Set()).add(s.type));
const sharedAttributes = {};
for (const s of named.filter((x) => x.type === 'attribute').sort((a, b) => (a.id < b.id ? -1 : 1)))
  for (const n of namesOf(s)) {
    const types = attrTypes.get(n);
    if (types && [...types].some((t) => t !== s.resource.replace(/^admin\//, '')))
      sharedAttributes[n] = [...types].sort();
  }

const out = {
  $comment:
    'Generated by scripts/history-sdk-names.mjs from the clients in test/fixtures/history-real; checked by shared/test/history/sdk-names.test.ts. Do not edit by hand.',
  clients: [
    {
      client: 'go-tfe',
      language: 'go',
      repository: 'hashicorp/go-tfe',
      commit: commitOf('hashicorp/go-tfe'),
      source: 'test/fixtures/history-real/go-tfe',
    },
    {
      client: 'terrasnek',
      language: 'python',
      repository: 'dahlke/terrasnek',
      commit: commitOf('dahlke/terrasnek'),
      source: 'test/fixtures/history-real/terrasnek/terrasnek',
      releases: TERRASNEK_RELEASES,
    },
    {
      client: RUBY_CLIENT,
      language: 'ruby',
      repository: ruby.repository,
      commit: ruby.commit,
      source: RUBY_SOURCE,
    },
    {
      client: PYTERPRISE,
      language: 'python',
      repository: pyterprise.repository,
      commit: pyterprise.commit,
      source: PYTERPRISE_SOURCE,
      // The class a program makes (`pyterprise.Client()`), what each method returns (`[]X`: a list of X).
      entry: 'Client',
      returns: Object.fromEntries([...pyterpriseTypes.returns].sort()),
    },
    ...serviceClients.map((c) => ({
      client: c.client,
      language: c.language ?? 'python',
      repository: c.repository,
      commit: c.commit,
      source: c.dir.replace(/\/$/, ''),
      release: c.release,
      // The module a program imports the client from (`from pytfe import TFEClient`, `import pytfc`, a Go import path).
      module: c.module,
      clientFile: c.entry,
      ...(c.camelCases && { camelCasesResponses: true }),
    })),
    {
      client: 'terraform-provider-tfe',
      language: 'go',
      repository: 'hashicorp/terraform-provider-tfe',
      commit: commitOf('hashicorp/terraform-provider-tfe'),
      source: 'test/fixtures/history-real/terraform-provider-tfe',
    },
  ],
  providerResources: Object.fromEntries(Object.entries(PROVIDER_TYPES).map(([k, v]) => [`tfe_${k}`, v])),
  names,
  // terrasnek's methods added after its first release, with the release that added them: a program calling one is of
  // that release or later, which can decide a name whose endpoint changed before it (`registry_modules.list`).
  since: {
    terrasnek: Object.fromEntries(
      [...firstRelease]
        .filter(([, release]) => release !== TERRASNEK_RELEASES[0].release)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    ),
  },
  goTypes,
  goReturns,
  sharedAttributes: Object.fromEntries(Object.entries(sharedAttributes).sort(([a], [b]) => (a < b ? -1 : 1))),
};

/**
 * The subjects the Terraform provider's SDKv2 code (one resource file's text) copies its schema arguments into. Per
 * argument read (`d.Get("project_id")`, `d.GetOk(…)`, `d.GetChange(…)`) bound to a name (`if v, ok := d.GetOk(…) {`,
 * `prjID := d.Get(…).(string)`), what the code does with that value (or what it ranges the value into) in the `if` block
 * whose condition binds it, or in the rest of the function after the statement that does; or, read inside an assignment, that:
 * - sets a field of a go-tfe options struct the file names (`options.Project = &tfe.Project{ID: v.(string)}`,
 *   `Mode: …d.Get("enforce_mode")…` inside `options.Enforce = …{`): that field's subject, by its `jsonapi` tag
 *   (`fields`: go-tfe's mapped fields by `Struct.Field`);
 * - passes what was built of it to a go-tfe method that sends a relationships endpoint (`Workspaces.AddRemoteStateConsumers`
 *   → `/workspaces/:id/relationships/remote-state-consumers`): that relationship of the path's resource; the value
 *   passed as it is (`ApplyToProjects(ctx, varsetID, options)`) is the path's id, no member.
 * An argument whose readings disagree maps to null (none claimed). Code the reading cannot follow (another client's
 * models, a key held in a constant, the plugin framework's typed models) maps to nothing.
 */
function providerArgumentChain(text, fields, structs, methods) {
  const options = new Set([...text.matchAll(/\btfe\.(\w+Options)\b/g)].map((m) => m[1]));
  // The field's subject; OWN when the options structs have the field but go-tfe maps it to no subject of the history
  // (`Name` of PolicyCreateOptions: the argument is a field of its own there, whatever else the code does with it).
  const fieldSubject = (field) => {
    const found = new Set([...options].map((o) => fields.get(`${o}.${field}`)).filter(Boolean));
    if (found.size === 1) return [...found][0];
    return [...options].some((o) => structs.get(o)?.fields.some((f) => f.name === field)) ? OWN : undefined;
  };
  const relationshipOf = (service, method) => {
    const path = methods.get(`${service}.${method}`)?.path ?? '';
    const m = /^\/((?:admin\/)?[a-z-]+)\/:\w+\/relationships\/([a-z-]+)$/.exec(path);
    return m ? named.find((s) => s.relationship && s.resource === m[1] && s.name === m[2]) : undefined;
  };
  const lineAt = (at) => text.slice(text.lastIndexOf('\n', at - 1) + 1, text.indexOf('\n', at));
  // A statement from `at`: its line, and on while brackets opened there are open.
  const statementAt = (at) => {
    let depth = 0;
    for (let i = at; i < text.length; i++) {
      const c = text[i];
      if (c === '(' || c === '{' || c === '[') depth++;
      else if (c === ')' || c === '}' || c === ']') depth--;
      else if (c === '\n' && depth <= 0) return text.slice(at, i);
    }
    return text.slice(at);
  };
  const SET = /^\s*(?:\w+\.([A-Z]\w*)\s*=[^=]|([A-Z]\w*):\s)/;
  // The first use of the value (`bound`, and what a `for … := range bound` gives) in text[from, to).
  const firstUse = (from, to, bound) => {
    const held = [bound];
    for (const r of text.slice(from, to).matchAll(new RegExp(`for (\\w+)(?:, (\\w+))? := range ${bound}\\b`, 'g')))
      held.push(...[r[1], r[2]].filter((n) => n && n !== '_'));
    const holds = new RegExp(`\\b(?:${held.join('|')})\\b`);
    const use = /^[ \t]*(?:\w+\.([A-Z]\w*)[ \t]*=[^=]|([A-Z]\w*):\s)|\bClient\.((?:Admin\.)?\w+)\.(\w+)\(([^)\n]*)/gm;
    use.lastIndex = from;
    for (let m = use.exec(text); m !== null && m.index < to; m = use.exec(text)) {
      let subject;
      if (m[3]) {
        const passed = m[5].split(',').some((a) => a.trim() === bound);
        if (!passed && holds.test(text.slice(from, m.index))) subject = relationshipOf(m[3], m[4]);
      } else if (holds.test(statementAt(m.index))) subject = fieldSubject(m[1] ?? m[2]);
      if (subject) return subject;
    }
    return undefined;
  };
  const out = new Map();
  for (const m of text.matchAll(/\bd\.(?:Get|GetOk|GetChange)\("([a-z][a-z0-9_]*)"\)/g)) {
    const lineEnd = text.indexOf('\n', m.index);
    const line = lineAt(m.index);
    const bound = /^\s*(?:\} else )?(?:if )?(\w+)(?:,\s*\w+)?\s*:?=\s*d\./.exec(line)?.[1];
    // `for _, name := range d.Get(…).([]interface{}) {`: each element, gathered for what the function sends later.
    const element = /^\s*for\s+(?:\w+,\s*)?(\w+)\s*:=\s*range\s+d\./.exec(line)?.[1];
    let subject;
    // `_, ok := d.GetOk(…)`: only whether it is set.
    if (bound === '_' || element === '_') continue;
    if (bound !== undefined && /^\s*(?:\} else )?if\b/.test(line) && line.trimEnd().endsWith('{')) {
      // The `if` block whose condition binds it.
      const close = closingOf(text, text.lastIndexOf('{', lineEnd));
      subject = firstUse(lineEnd, close, bound);
    } else if (bound !== undefined || element !== undefined) {
      // The statement binding it: the rest of its function.
      const end = text.indexOf('\n}', lineEnd);
      subject = firstUse(lineEnd, end === -1 ? text.length : end, bound ?? element);
    } else {
      // Read inside an assignment: the field set on its line, else the brackets it is in, out to eight, opened on a
      // line that sets a field (`Mode: …` of the `tfe.EnforcementOptions` that `options.Enforce = …{` sets).
      const own = SET.exec(line);
      if (own) subject = fieldSubject(own[1] ?? own[2]);
      let at = m.index;
      for (let level = 0; level < 8 && (subject === undefined || subject === OWN); level++) {
        at = openingOf(text, at);
        if (at === -1) break;
        const set = SET.exec(lineAt(at));
        if (set) subject = fieldSubject(set[1] ?? set[2]) ?? subject;
      }
    }
    if (subject === undefined) continue;
    const key = m[1];
    out.set(key, out.has(key) && out.get(key) !== subject ? null : subject);
  }
  return new Map([...out].map(([key, subject]) => [key, subject === OWN ? null : subject]));
}

/** The `}` closing the `{` at `open` (brackets in strings counted too), or the text's end. */
function closingOf(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++)
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  return text.length;
}

/** The nearest bracket opened before `at` and not closed before it, or -1. */
function openingOf(text, at) {
  let depth = 0;
  for (let i = at - 1; i >= 0 && at - i < 2_000; i--) {
    const c = text[i];
    if (c === ')' || c === '}' || c === ']') depth++;
    else if (c === '(' || c === '{' || c === '[') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/**
 * The git directory of a repository's snapshot (KEYFOB_MIRROR, default /work/.mirror). An absent one ends the run with
 * ABSENT_SNAPSHOT, naming the repository and where it was looked for, before anything is written.
 */
function mirrorGitDir(repository) {
  const mirror = process.env.KEYFOB_MIRROR ?? '/work/.mirror';
  const gitDir = `${mirror}/${repository.replace('/', '+')}/repo`;
  if (existsSync(`${gitDir}/.git`)) return `${gitDir}/.git`;
  if (existsSync(gitDir)) return gitDir;
  console.error(
    `history-sdk-names: the snapshot of ${repository} is absent (looked for ${gitDir}); fetch it into the mirror (KEYFOB_MIRROR) to read its names`,
  );
  process.exit(ABSENT_SNAPSHOT);
}

/**
 * The files under `dir` ending in `ext` of a repository's snapshot at each of several commits (`{ release, commit }`):
 * release → path → text. Each distinct file version is read once (one `git cat-file --batch`).
 */
function mirrorTrees(repository, commits, dir, ext, recursive = false) {
  const gitDir = mirrorGitDir(repository);
  const git = (args) => execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const trees = commits.map(({ release, commit }) => ({
    release,
    files: git(['ls-tree', ...(recursive ? ['-r'] : []), commit, dir])
      .split('\n')
      .map((row) => /^\d+ blob (\w+)\t(.*)$/.exec(row))
      .filter((m) => m && m[2].endsWith(ext))
      .map((m) => [m[2], m[1]]),
  }));
  const blobs = [...new Set(trees.flatMap((t) => t.files.map(([, blob]) => blob)))];
  const out = execFileSync('git', ['--git-dir', gitDir, 'cat-file', '--batch'], {
    input: `${blobs.join('\n')}\n`,
    maxBuffer: 1 << 28,
  });
  const texts = new Map();
  let at = 0;
  for (const blob of blobs) {
    const eol = out.indexOf(10, at);
    const size = Number(out.toString('latin1', at, eol).split(' ')[2]);
    texts.set(blob, out.toString('utf8', eol + 1, eol + 1 + size));
    at = eol + 1 + size + 1;
  }
  return new Map(trees.map((t) => [t.release, new Map(t.files.map(([path, blob]) => [path, texts.get(blob)]))]));
}

/**
 * A client's source files kept as history-held's listed files (terraform-enterprise-client's resource request files,
 * pyterprise's modules): the rows of its SOURCES.tsv under `source` ending in `ext`, read from the repository's
 * snapshot (KEYFOB_MIRROR, default /work/.mirror).
 */
function heldClientSources(source, ext) {
  const held = readFileSync(new URL('test/fixtures/history-held/SOURCES.tsv', root), 'utf8').split('\n').slice(1);
  const rows = held
    .map((r) => r.split('\t'))
    .filter(
      ([fixture]) =>
        fixture?.startsWith(`${source.replace('test/fixtures/history-held/', '')}/`) && fixture.endsWith(ext),
    );
  const [, repository = '', , commit = ''] = rows[0] ?? [];
  const gitDir = mirrorGitDir(repository);
  const files = rows.map(([, , path, at]) => ({
    module: path.replace(/^.*\/|\.\w+$/g, ''),
    text: execFileSync('git', ['--git-dir', gitDir, 'show', `${at.trim()}:${path}`], { encoding: 'utf8' }),
  }));
  return { repository, commit: commit.trim(), files };
}

/**
 * pyterprise's classes read from its modules: per `Class.method`, the endpoint it sends (`methods`), the parameters a
 * method's arguments are sent as (`Class.method(param)` → the history's parameter), and the class it returns (`returns`).
 */
function pyterpriseNames(texts) {
  const classes = new Map();
  for (const text of texts) {
    let cls = null;
    let fn = null;
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      const c = /^class (\w+)/.exec(line);
      if (c) {
        cls = { name: c[1], methods: new Map() };
        classes.set(c[1], cls);
        fn = null;
        continue;
      }
      const d = cls && /^ {4}def (\w+)\(/.exec(line);
      if (d) {
        let signature = line;
        for (let j = i + 1; !/\)\s*:/.test(signature) && j < lines.length; j++) signature += lines[j];
        const params = /\(([^)]*)\)/.exec(signature)?.[1] ?? '';
        fn = {
          name: d[1],
          params: params
            .split(',')
            .map((p) =>
              p
                .trim()
                .replace(/[=:].*$/, '')
                .trim(),
            )
            .filter((p) => p && p !== 'self'),
          body: '',
        };
        cls.methods.set(d[1], fn);
        continue;
      }
      if (fn) fn.body += `${line}\n`;
    }
  }
  const methods = new Map();
  const parameters = new Map();
  const returns = new Map();
  const pending = [];
  for (const cls of classes.values())
    for (const fn of cls.methods.values()) {
      if (fn.name.startsWith('_')) continue;
      const key = `${cls.name}.${fn.name}`;
      const sent = new Set();
      for (const at of [...fn.body.matchAll(/self\._api_handler\.call\(/g)].map((m) => m.index + m[0].length)) {
        let depth = 1;
        let end = at;
        while (end < fn.body.length && depth > 0) depth += { '(': 1, ')': -1 }[fn.body[end++]] ?? 0;
        const args = fn.body.slice(at, end - 1);
        const uri = /\buri=f?(['"])(.*?)\1/.exec(args)?.[2];
        const method = (/\bmethod=(['"])(\w+)\1/.exec(args)?.[2] ?? 'get').toUpperCase();
        sent.add(uri === undefined ? null : (endpointOf(method, segmentsOf(uri)) ?? null));
        // `params=params` with `params = {"page[size]": page_size, …}`: a parameter of the method sent as that key.
        if (/\bparams=params\b/.test(args)) {
          const dict = /\bparams = \{([^}]*)\}/.exec(fn.body)?.[1] ?? '';
          for (const [, wire, param] of dict.matchAll(/["']([\w[\]-]+)["']\s*:\s*(\w+)/g)) {
            const subject =
              fn.params.includes(param) && parameters_.find((p) => p.path === '*' && namesOf(p).includes(wire));
            if (subject) parameters.set(`${key}(${param})`, subject);
          }
        }
      }
      if (sent.size > 0) {
        if (sent.size === 1 && !sent.has(null)) methods.set(key, [...sent][0]);
      } else pending.push({ cls, fn, key });
      const made = /\breturn (\w+)\(/.exec(fn.body)?.[1];
      const listed = /(\w+)\.append\(\s*(\w+)\(/.exec(fn.body);
      if (made && classes.has(made)) returns.set(key, made);
      else if (listed && classes.has(listed[2]) && new RegExp(`\\breturn ${listed[1]}\\b`).test(fn.body))
        returns.set(key, `[]${listed[2]}`);
    }
  // A method sending no request itself sends what its own methods it calls send: the one endpoint of the history among them.
  for (const { cls, fn, key } of pending) {
    const called = new Set(
      [...fn.body.matchAll(/\bself\.(\w+)\(/g)].map((m) => methods.get(`${cls.name}.${m[1]}`)).filter(Boolean),
    );
    if (called.size === 1) methods.set(key, [...called][0]);
  }
  return { methods, parameters, returns };
}

/**
 * A Ruby resource request file's methods and the endpoint each sends: `def list(params = {})` then
 * `@request.get(:organizations, params[:organization], :workspaces)`. A symbol or string argument is a
 * literal segment, any other a placeholder; the last argument is the request's data, not a segment, when it
 * is a Hash (the library's Request pops it: keyword pairs `data: data`, or the method's own `params = {}`).
 * A method sending two requests that disagree, or a path the history has no endpoint for, maps to none.
 */
function rubyRequests(text) {
  const out = new Map();
  let fn = null;
  let hashes = new Set();
  for (const line of text.split('\n')) {
    const d = /^\s*def (\w+)(?:\(([^)]*)\))?/.exec(line);
    if (d) {
      fn = d[1];
      hashes = new Set([...(d[2] ?? '').matchAll(/(\w+)\s*=\s*\{\s*\}/g)].map((m) => m[1]));
      continue;
    }
    const r = /@request\.(get|post|patch|put|delete)\((.*)\)\s*$/.exec(line);
    if (!fn || !r) continue;
    const args = r[2].split(',').map((a) => a.trim());
    const firstKeyword = args.findIndex((a) => /^\w+:\s/.test(a));
    const path = firstKeyword === -1 ? args : args.slice(0, firstKeyword);
    if (path.length > 1 && hashes.has(path[path.length - 1])) path.pop();
    const segments = path.map((a) => /^:(\w+)$/.exec(a)?.[1] ?? /^'([^']*)'$/.exec(a)?.[1] ?? '*');
    const subject = endpointOf(r[1].toUpperCase(), segments);
    out.set(fn, out.has(fn) && out.get(fn) !== subject ? null : (subject ?? null));
  }
  return out;
}

/** go-tfe methods whose body is one `return recv.Other(…)`: `impl.Method` → `Other`. */
/**
 * go-tfe methods whose path picks a segment by which field of their options is set: `impl.Method(Field)` → the
 * endpoint that branch sends. An options method `func (o *XOptions) m() string { if len(o.F) != 0 { return "a" }
 * return "b" }` (or `o.F != nil`) gives `a` for `F` and `b` for the struct's one other field (none when it has
 * more); the method takes `options XOptions`, sets `v := options.m()` and sends one `fmt.Sprintf` path with `v`.
 */
function goOptionBranches(files) {
  const out = new Map();
  const picks = new Map(); // `XOptions.m` → [[field, literal]…]
  const fieldsOf = new Map();
  for (const file of files) {
    const text = read(file);
    for (const m of text.matchAll(/^type (\w+Options) struct \{\n([\s\S]*?)^\}/gm))
      fieldsOf.set(
        m[1],
        [...m[2].matchAll(/^\t([A-Z]\w*)\s/gm)].map((f) => f[1]),
      );
    for (const m of text.matchAll(
      /^func \((\w+) \*?(\w+Options)\) (\w+)\(\) string \{\n\tif (?:len\(\1\.(\w+)\) != 0|\1\.(\w+) != nil) \{\n\t\treturn "([\w-]+)"\n\t\}\n\treturn "([\w-]+)"\n\}/gm,
    ))
      picks.set(`${m[2]}.${m[3]}`, { field: m[4] ?? m[5], yes: m[6], no: m[7] });
  }
  for (const file of files) {
    const text = read(file);
    for (const f of text.matchAll(/^func \(\w+ \*(\w+)\) ([A-Z]\w*)\(([^)]*)\)[^\n]*\{\n([\s\S]*?)^\}/gm)) {
      const [, impl, name, params, body] = f;
      const options = /(\w+) \*?(\w+Options)\b/.exec(params);
      if (!options) continue;
      const call = new RegExp(`^\\t(\\w+) := ${options[1]}\\.(\\w+)\\(\\)$`, 'm').exec(body);
      const pick = call && picks.get(`${options[2]}.${call[2]}`);
      if (!pick) continue;
      const paths = [...body.matchAll(/fmt\.Sprintf\("([^"]+)",([^\n]*)\)\n/g)];
      const sent = new Set([...body.matchAll(/NewRequest\w*\(\s*"(GET|POST|PATCH|PUT|DELETE)"/g)].map((r) => r[1]));
      if (paths.length !== 1 || sent.size !== 1) continue;
      const args = paths[0][2].split(',').map((a) => a.trim());
      const at = args.indexOf(call[1]);
      if (at === -1) continue;
      const others = (fieldsOf.get(options[2]) ?? []).filter((x) => x !== pick.field);
      const branches = [[pick.field, pick.yes], ...(others.length === 1 ? [[others[0], pick.no]] : [])];
      for (const [field, literal] of branches) {
        let n = -1;
        const raw = paths[0][1].replace(/%[sdv]/g, (x) => (++n === at ? literal : x));
        const subject = endpointOf([...sent][0], segmentsOf(raw));
        if (subject) out.set(`${impl}.${name}(${field})`, subject);
      }
    }
  }
  return out;
}

/**
 * go-tfe methods whose request's path another function builds: `impl.Method` → `{ subject }` (the endpoint) or
 * `{ method }` (another service's `Service.Method` it returns).
 * - a package function's path (`u, err := notificationSubscribableURL(id, options.SubscribableChoice)` then
 *   `NewRequest("GET", u, …)`): the function's last return, unconditional (`return fmt.Sprintf("workspaces/%s/…",
 *   …)` after `if choice != nil && choice.Team != nil { return fmt.Sprintf("teams/%s/…", …) }`): the path of a
 *   call whose options pick no other;
 * - a helper of its receiver given the path (`return s.getList(ctx, id, options, "workspaces/%s/vars")`, the
 *   helper's `u := fmt.Sprintf(path, …)` sent with one method);
 * - another service's method it returns (`return s.client.WorkspaceRunTasks.Create(ctx, …)`).
 */
function goIndirectPaths(files) {
  const out = new Map();
  const FUNC = /^func (?:\((\w+) \*?(\w+)\) )?(\w+)\(([^\n]*)\{\n([\s\S]*?)^\}/gm;
  const defaults = new Map(); // package function → its last, unconditional path
  const helpers = new Map(); // `impl.helper` → { index of its path parameter, the method it sends with }
  const texts = files.map(read);
  for (const text of texts)
    for (const [, , impl, fn, params, body] of text.matchAll(FUNC)) {
      const returns = [...body.matchAll(/^\t+return (?:fmt\.Sprintf\()?"([^"]+)"/gm)];
      const last = returns.at(-1);
      if (
        !impl &&
        last &&
        /^\treturn /.test(last[0]) &&
        /\(\s*string\s*(?:,\s*error\s*)?\)\s*$|\)\s*string\s*$/.test(params)
      )
        defaults.set(fn, last[1]);
      const names = params
        .slice(0, params.indexOf(')'))
        .split(',')
        .map((p) => p.trim().split(/\s+/)[0]);
      const sent = new Set([...body.matchAll(/NewRequest\w*\(\s*"(GET|POST|PATCH|PUT|DELETE)"/g)].map((m) => m[1]));
      const built = /^\t(\w+) :?= fmt\.Sprintf\((\w+),/m.exec(body);
      if (impl && built && sent.size === 1 && names.includes(built[2]) && /\bstring\b/.test(params))
        helpers.set(`${impl}.${fn}`, { at: names.indexOf(built[2]), method: [...sent][0] });
    }
  for (const text of texts)
    for (const [, self, impl, fn, , body] of text.matchAll(FUNC)) {
      if (!impl || !/^[A-Z]/.test(fn)) continue;
      const key = `${impl}.${fn}`;
      const built = /^\t(\w+)(?:, \w+)? :?= (\w+)\(/m.exec(body);
      const sent =
        built && new RegExp(`NewRequest\\w*\\(\\s*"(GET|POST|PATCH|PUT|DELETE)",\\s*${built[1]}\\b`).exec(body);
      if (built && sent && defaults.has(built[2])) {
        const subject = endpointOf(sent[1], segmentsOf(defaults.get(built[2])));
        if (subject) out.set(key, { subject });
        continue;
      }
      // One return statement (its arguments may go on over lines, closed on a line of its own: `\t})`).
      const only = /^\treturn /.test(body) && !/\n\t[^\t\s})]/.test(body) ? body.trim() : '';
      const helper = new RegExp(`^return ${self}\\.(\\w+)\\((.*)\\)$`, 's').exec(only);
      const given = helper && helpers.get(`${impl}.${helper[1]}`);
      const raw = given && /^"([^"]+)"$/.exec(helper[2].split(',').map((a) => a.trim())[given.at] ?? '')?.[1];
      if (raw) {
        const subject = endpointOf(given.method, segmentsOf(raw));
        if (subject) out.set(key, { subject });
        continue;
      }
      const other = new RegExp(`^return ${self}\\.client\\.([A-Z]\\w*)\\.([A-Z]\\w*)\\(`).exec(only);
      if (other) out.set(key, { method: `${other[1]}.${other[2]}` });
    }
  return out;
}

function goDelegates(files) {
  const out = new Map();
  for (const file of files)
    for (const m of read(file).matchAll(
      /^func \((\w+) \*(\w+)\) ([A-Z]\w*)\(.*\{\n\treturn (\w+)\.([A-Z]\w*)\(.*\n\}/gm,
    ))
      if (m[1] === m[4]) out.set(`${m[2]}.${m[3]}`, m[5]);
  return out;
}

/** go-tfe struct fields whose type is a go-tfe struct: `Items []*Workspace` → `[]Workspace`, `Project *Project` → `Project`. */
function goFieldTypes(files) {
  const out = new Map();
  const texts = files.map(read);
  const structNames = new Set(texts.flatMap((t) => [...t.matchAll(/^type (\w+) struct \{/gm)].map((m) => m[1])));
  for (const text of texts)
    for (const m of text.matchAll(/^type (\w+) struct \{\n([\s\S]*?)^\}/gm)) {
      const fields = {};
      for (const f of m[2].matchAll(/^\t([A-Z]\w*)[ \t]+(\[\])?\*?([A-Z]\w*)\b/gm))
        if (structNames.has(f[3])) fields[f[1]] = `${f[2] ?? ''}${f[3]}`;
      out.set(m[1], fields);
    }
  return out;
}

/** go-tfe service methods' first result when a struct: `impl.Method` → `Workspace`, `[]User`. */
function goResults(files) {
  const out = new Map();
  for (const file of files)
    for (const m of read(file).matchAll(/^func \(\w+ \*(\w+)\) ([A-Z]\w*)\((.*)$/gm)) {
      let depth = 1;
      let i = 0;
      const rest = m[3];
      for (; i < rest.length && depth > 0; i++) depth += rest[i] === '(' ? 1 : rest[i] === ')' ? -1 : 0;
      const result = /^[ \t]*\(?(\[\])?\*?([A-Z]\w*)\b/.exec(rest.slice(i));
      if (result) out.set(`${m[1]}.${m[2]}`, `${result[1] ?? ''}${result[2]}`);
    }
  return out;
}
// The methods per path: every request the clients send, placeholders as `*`. A path whose first
// segment is a placeholder (terrasnek's URLs built on a base it sets at run time) says nothing.
const apiPaths = new Map();
const send = (raw, method) => {
  const segments = segmentsOf(raw);
  if (segments.length === 0 || segments[0] === '*') return;
  const path = `/${segments.join('/')}`;
  apiPaths.set(path, (apiPaths.get(path) ?? new Set()).add(method));
};
for (const file of goFiles) for (const r of goRequests(read(file))) send(r.raw, r.method);
for (const file of terrasnekFiles) for (const r of pyRequests(read(file))) send(r.raw, r.method);
const ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const methodsOut = {
  $comment:
    'Generated by scripts/history-sdk-names.mjs from the clients in test/fixtures/history-real (every request go-tfe and terrasnek send: the path with placeholders as *, and its methods); checked by shared/test/history/sdk-names.test.ts. Do not edit by hand.',
  clients: out.clients
    .filter(
      (c) => c.client !== 'terraform-provider-tfe' && c.client !== RUBY_CLIENT && c.client !== PYTERPRISE && !c.module,
    )
    .map(({ client, repository, commit }) => ({ client, repository, commit })),
  paths: Object.fromEntries(
    [...apiPaths]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([path, set]) => [path, ORDER.filter((m) => set.has(m))]),
  ),
};

/** The methods file with one path a line. */
function methodsText({ paths, ...head }) {
  const rows = Object.entries(paths).map(([path, methods]) => `  ${JSON.stringify(path)}: ${JSON.stringify(methods)}`);
  return `${JSON.stringify(head, null, 1).replace(/\n}$/, '')},\n "paths": {\n${rows.join(',\n')}\n }\n}\n`;
}

const files = [
  [target, `${JSON.stringify(out, null, 1)}\n`, `${names.length} names`],
  [methodsTarget, methodsText(methodsOut), `${apiPaths.size} paths`],
  [
    sourcesTarget,
    `${JSON.stringify(
      {
        description:
          "Generated by scripts/history-sdk-names.mjs: where the names of schemas/platform-history-sdk.json were read from (a name's `from`); not imported by the matcher. A folder is relative to the mirror root (KEYFOB_MIRROR, default /work/.mirror).",
        clients: Object.fromEntries(serviceClients.filter((c) => c.sources).map((c) => [c.client, c.sources])),
      },
      null,
      1,
    )}\n`,
    'sources',
  ],
];
if (process.argv.includes('--check')) {
  let stale = false;
  for (const [file, text, what] of files) {
    const name = file.pathname.slice(root.pathname.length);
    if (readFileSync(file, 'utf8') !== text) {
      console.error(
        `${name} differs from the clients in test/fixtures/history-real: run node scripts/history-sdk-names.mjs`,
      );
      stale = true;
    } else console.log(`${name}: ${what}, up to date`);
  }
  if (stale) process.exit(1);
} else {
  for (const [file, text, what] of files) {
    writeFileSync(file, text);
    console.log(`wrote ${file.pathname.slice(root.pathname.length)}: ${what}`);
  }
}
