// The SDK name mapping (schemas/platform-history-sdk.json) against the clients' own source kept in
// test/fixtures/history-real: every mapped field, method, constant and schema attribute must still be
// in that source, and every subject must be in the history. Fails when a client drops or renames a
// name the mapping gives (then regenerate: node scripts/history-sdk-names.mjs).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { history, scanProject, scanText } from '@keyfob/shared/history';
import { absentRepositories, MIRROR, readSources, sourceTexts } from '../../../test/helpers/labelled-sources.ts';

const repo = new URL('../../../', import.meta.url);
const data = JSON.parse(readFileSync(new URL('schemas/platform-history-sdk.json', repo), 'utf8')) as {
  clients: {
    client: string;
    source: string;
    repository: string;
    commit: string;
    language: string;
    module?: string;
    clientFile?: string;
    releases?: { release: string; commit: string }[];
  }[];
  providerResources: Record<string, string>;
  /**
   * `releases`: the client's releases the name was read from (terrasnek's `registry_modules.destroy` of 0.0.16 to 0.1.3),
   * checked against the first and last of them; `dependent`: its endpoint changed between releases.
   */
  names: {
    client: string;
    kind: string;
    name: string;
    subject: string;
    releases?: string[];
    dependent?: boolean;
    /** python-tfe: which of its sources the name was read from (`fork`, the snapshot; `index`, the copied files). */
    from?: string;
  }[];
};
/** Where the names were read from (a sidecar the matcher does not import): python-tfe's fork and look-up index copy. */
const provenance = JSON.parse(readFileSync(new URL('schemas/platform-history-sdk-sources.json', repo), 'utf8')) as {
  clients: Record<
    string,
    Record<string, { repository: string; folder?: string; files?: { path: string; commit: string | null }[] }>
  >;
};
const sourceOf = (client: string): URL =>
  new URL(`${data.clients.find((c) => c.client === client)?.source ?? ''}/`, repo);
const readAll = (dir: URL, ext: string): Map<string, string> =>
  new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith(ext))
      .map((f) => [f, readFileSync(new URL(f, dir), 'utf8')]),
  );

/** The Ruby client and pyterprise, whose source is not kept in history-real: history-held lists their files (read from the snapshot). */
const RUBY = 'terraform-enterprise-client';
const PYTERPRISE = 'pyterprise';
const HELD = new Set([RUBY, PYTERPRISE]);
/** Python clients of services (python-tfe, pytfc): read from the repository's snapshot at the commit the mapping names. */
const SERVICES = new Set(data.clients.filter((c) => c.module !== undefined).map((c) => c.client));
const local = data.clients.filter((c) => !HELD.has(c.client) && !SERVICES.has(c.client));
/** A client of services' `.py` files under its source folder (`src/pytfe`) at its commit, by path; none when its snapshot is absent. */
function serviceSources(client: string): Map<string, string> | undefined {
  const c = data.clients.find((x) => x.client === client);
  if (
    c === undefined ||
    absentRepositories([{ file: '', repository: c.repository, path: '', commit: c.commit }]).length > 0
  )
    return undefined;
  const gitDir = `${MIRROR}/${c.repository.replace('/', '+')}/repo`;
  const listed = spawnSync(
    'git',
    [
      '--git-dir',
      existsSync(`${gitDir}/.git`) ? `${gitDir}/.git` : gitDir,
      'ls-tree',
      '-r',
      '--name-only',
      c.commit,
      `${c.source}/`,
    ],
    { encoding: 'utf8' },
  );
  const sources = listed.stdout
    .split('\n')
    .filter((path) => path.endsWith({ go: '.go', typescript: '.ts' }[c.language] ?? '.py'))
    .map((path) => ({ file: path, repository: c.repository, path, commit: c.commit }));
  const texts = sourceTexts(sources);
  return new Map(sources.map((s) => [s.path === c.clientFile ? CLIENT_FILE : s.path, texts.get(s.file) ?? '']));
}
/** The key of a client of services' client class file among its sources. */
const CLIENT_FILE = '(client)';
/**
 * python-tfe's files copied from the look-up index (`KEYFOB_PYTFE_INDEX`, or the folder the sidecar names under the
 * mirror root): only the files the committed sidecar lists, by path (the client class file under CLIENT_FILE), so a
 * file added to the copy later changes nothing here; none when the folder is absent.
 */
function indexSources(client: string): Map<string, string> | undefined {
  const c = data.clients.find((x) => x.client === client);
  const index = provenance.clients[client]?.['index'];
  const folder =
    process.env['KEYFOB_PYTFE_INDEX'] ?? (index?.folder === undefined ? undefined : `${MIRROR}/${index.folder}`);
  if (c === undefined || folder === undefined || !existsSync(`${folder}/SOURCES.tsv`)) return undefined;
  const paths = (index?.files ?? []).map((f) => f.path).filter((path) => existsSync(`${folder}/${path}`));
  return new Map(paths.map((p) => [p === c.clientFile ? CLIENT_FILE : p, readFileSync(`${folder}/${p}`, 'utf8')]));
}
function heldSources(client: string): Map<string, string> | undefined {
  const source = data.clients.find((c) => c.client === client)?.source ?? '';
  const held = readSources(new URL('test/fixtures/history-held/', repo)).filter((s) =>
    `test/fixtures/history-held/${s.file}`.startsWith(`${source}/`),
  );
  if (held.length === 0 || absentRepositories(held).length > 0) return undefined;
  const texts = sourceTexts(held);
  return new Map(held.map((s) => [s.file.replace(/^.*\//, ''), texts.get(s.file)!]));
}

/**
 * The files of a client's releases that its names read from releases are in (`client release` → `owner.py` → text), read
 * from the repository's snapshot at each release's commit, in the folder the client's source is kept under
 * (`terrasnek/`): the first and last release of each name. A client whose snapshot is absent is left out.
 */
function releaseSources(): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const c of data.clients) {
    if (c.releases === undefined) continue;
    const commits = new Map(c.releases.map((r) => [r.release, r.commit]));
    if (
      absentRepositories([{ file: '', repository: c.repository, path: '', commit: c.releases[0]?.commit ?? '' }])
        .length > 0
    )
      continue;
    const dir = /([^/]+)\/?$/.exec(sourceOf(c.client).pathname)?.[1] ?? '';
    const wanted = new Map<string, Set<string>>();
    for (const n of data.names)
      if (n.client === c.client)
        for (const release of [n.releases?.[0], n.releases?.at(-1)])
          if (release !== undefined)
            wanted.set(release, (wanted.get(release) ?? new Set()).add(`${n.name.slice(0, n.name.indexOf('.'))}.py`));
    const sources = [...wanted].flatMap(([release, files]) =>
      [...files].map((file) => ({
        file: `${release}/${file}`,
        repository: c.repository,
        path: `${dir}/${file}`,
        commit: commits.get(release) ?? '',
      })),
    );
    const texts = sourceTexts(sources);
    for (const source of sources) {
      const [release = '', file = ''] = source.file.split('/');
      const key = `${c.client} ${release}`;
      out.set(key, (out.get(key) ?? new Map<string, string>()).set(file, texts.get(source.file) ?? ''));
    }
  }
  return out;
}

/** Whether the client's source still has the name (struct field, exported method, constant, schema key). */
function inSource(sources: Map<string, string>, client: string, kind: string, name: string, subject?: string): boolean {
  const [owner = '', member = ''] = name.split('.');
  const texts = [...sources.values()];
  const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The body of a pydantic model class (`class Owner(BaseModel):` to the next unindented line) in a Python text.
  const modelBody = (text: string, cls: string): string | undefined =>
    new RegExp(`^class ${esc(cls)}\\(BaseModel\\):\\n([\\s\\S]*?)(?=^\\S|(?![\\s\\S]))`, 'm').exec(text)?.[1];
  switch (`${client} ${kind}`) {
    case 'go-tfe field':
      return texts.some((t) => {
        const body = new RegExp(`^type ${esc(owner)} struct \\{([\\s\\S]*?)^\\}`, 'm').exec(t)?.[1];
        return body !== undefined && new RegExp(`^\\t${esc(member)}\\s`, 'm').test(body);
      });
    case 'go-tfe method': {
      // The service interface in the Client struct, and its method in that interface.
      const client = texts.find((t) => /^type Client struct \{/m.test(t)) ?? '';
      const iface = new RegExp(`^\\t${esc(owner)}\\s+(\\w+)\\s*$`, 'm').exec(
        /^type Client struct \{([\s\S]*?)^\}/m.exec(client)?.[1] ?? '',
      )?.[1];
      // `Add(OrganizationMembershipIDs)`: also a field of the options struct the method takes.
      const [, fn = '', field] = /^(\w+)(?:\((\w+)\))?$/.exec(member) ?? [];
      const signature = texts
        .map((t) =>
          new RegExp(`^type ${esc(iface ?? '')} interface \\{[\\s\\S]*?^\\t${esc(fn)}\\(([^\\n]*)`, 'm').exec(t),
        )
        .find(Boolean);
      if (iface === undefined || !signature) return false;
      const options = /(\w+Options)\b/.exec(signature[1] ?? '')?.[1];
      return (
        field === undefined || (options !== undefined && inSource(sources, 'go-tfe', 'field', `${options}.${field}`))
      );
    }
    case 'go-tfe constant':
      return texts.some((t) => new RegExp(`^\\t${esc(name)}\\s+\\w+\\s*=`, 'm').test(t));
    case 'terraform-enterprise-client method':
      // The resource's file, a method of that name, and a request it sends.
      return (
        /@request\.\w+\(/.test(sources.get(`${owner}.rb`) ?? '') &&
        (sources.get(`${owner}.rb`) ?? '').includes(`def ${member}`)
      );
    case 'terrasnek field': {
      // `workspaces.list(page)`: the method takes the keyword and passes it on (`page=page`); `runs.list(filter[status])`:
      // it takes `filters` so.
      const [, fn = '', wire = ''] = /^(\w+)\(([\w[\]-]+)\)$/.exec(member) ?? [];
      const keyword = wire.startsWith('filter[') ? 'filters' : wire;
      const text = sources.get(`${owner}.py`) ?? '';
      const def = new RegExp(`def ${esc(fn)}\\(([^)]*)\\)`).exec(text);
      const body = def === null ? '' : text.slice(def.index, text.indexOf('\n    def ', def.index + 1) >>> 0);
      return (
        def !== null && new RegExp(`\\b${esc(keyword)}\\b`).test(def[1] ?? '') && body.includes(`${keyword}=${keyword}`)
      );
    }
    case 'terrasnek method': {
      // `show(workspace_name)`: the method takes that parameter and picks its URL by it (`if workspace_name is not None:`).
      const [, fn = '', keyword] = /^(\w+)(?:\((\w+)\))?$/.exec(member) ?? [];
      const text = sources.get(`${owner}.py`) ?? '';
      const def = new RegExp(`def ${esc(fn)}\\(([^)]*)\\)`).exec(text);
      if (!def || keyword === undefined) return def !== null;
      return (
        new RegExp(`\\b${esc(keyword)}\\b`).test(def[1] ?? '') &&
        text.slice(def.index).includes(`if ${keyword} is not None:`)
      );
    }
    case 'pyterprise method':
    case 'pyterprise field': {
      // `Organization.list_workspaces`: the class has the method; `Workspace.list_runs(page)`: it takes that parameter.
      const [, fn = '', param] = /^(\w+)(?:\((\w+)\))?$/.exec(member) ?? [];
      return texts.some((t) => {
        const body = new RegExp(`^class ${esc(owner)}\\b[^\\n]*\\n([\\s\\S]*?)(?=^class |(?![\\s\\S]))`, 'm').exec(
          t,
        )?.[1];
        const def = body === undefined ? null : new RegExp(`^ {4}def ${esc(fn)}\\(([^)]*)\\)`, 'm').exec(body);
        return def !== null && (param === undefined || new RegExp(`\\b${esc(param)}\\b`).test(def[1] ?? ''));
      });
    }
    case 'python-tfe constant': {
      // `TeamProjectAccessType.TEAM_PROJECT_ACCESS_ADMIN`: a string enum has the member.
      return texts.some((t) => {
        const body = new RegExp(`^class ${esc(owner)}\\(str, Enum\\):\\n([\\s\\S]*?)(?=^\\S|(?![\\s\\S]))`, 'm').exec(
          t,
        )?.[1];
        return body !== undefined && new RegExp(`^ {4}${esc(member)}\\s*=\\s*"`, 'm').test(body);
      });
    }
    case 'python-tfe field': {
      // `RunCreateOptions.save_plan`: the pydantic class has the field with an alias (`Field(None, alias="save-plan")`),
      // and that alias is the mapped attribute's name (`attribute runs save-plan`). `TeamProjectAccessAddOptions.access=admin`:
      // the field is typed by a string enum that has that value, and the name maps a status.
      const dashed = (s: string): string => s.replace(/_/g, '-');
      const [field = '', value] = member.split('=');
      if (value !== undefined)
        return texts.some((t) => {
          const body = modelBody(t, owner);
          const type =
            body === undefined
              ? undefined
              : new RegExp(`^ {4}${esc(field)}:([^\\n=]*)=\\s*Field\\(`, 'm').exec(body)?.[1];
          return (
            (subject === undefined || subject.startsWith('status ')) &&
            (type?.match(/\b[A-Z]\w*\b/g) ?? []).some((e) =>
              texts.some((u) =>
                new RegExp(
                  `^class ${esc(e)}\\(str, Enum\\):\\n(?:(?!^\\S)[\\s\\S])*?^ {4}[A-Z][A-Z0-9_]*\\s*=\\s*"${esc(value)}"`,
                  'm',
                ).test(u),
              ),
            )
          );
        });
      return texts.some((t) => {
        const body = modelBody(t, owner);
        const alias =
          body === undefined
            ? undefined
            : new RegExp(
                `^ {4}${esc(member)}:[^\\n]*?=\\s*Field\\((?:[^()]|\\([^()]*\\))*?\\balias="([^"]+)"`,
                'm',
              ).exec(body)?.[1];
        return alias !== undefined && (subject === undefined || dashed(subject).endsWith(` ${dashed(alias)}`));
      });
    }
    case 'python-tfe method':
    case 'pytfc method': {
      // `projects.delete`: the client class sets the attribute to a service class (`self.projects = Projects(…)`, pytfc's
      // `'projects': api.Projects,`), and that class has the method.
      const entry = sources.get(CLIENT_FILE) ?? '';
      const cls =
        new RegExp(`^\\s+self\\.${esc(owner)}\\s*=\\s*(\\w+)\\(`, 'm').exec(entry)?.[1] ??
        new RegExp(`^\\s+'${esc(owner)}':\\s*(?:\\w+\\.)?(\\w+),?\\s*$`, 'm').exec(entry)?.[1];
      return (
        cls !== undefined &&
        texts.some((t) => {
          const body = new RegExp(`^class ${esc(cls)}\\b[^\\n]*\\n([\\s\\S]*?)(?=^\\S|(?![\\s\\S]))`, 'm').exec(t)?.[1];
          return body !== undefined && new RegExp(`^ {4}def ${esc(member)}\\(`, 'm').test(body);
        })
      );
    }
    case 'tfe-client method': {
      // `ProviderVersionService.Read`: a field of the client struct typed by a service struct that has the method.
      const type = new RegExp(`^\\t${esc(owner)}\\s+\\*(\\w+)\\s*$`, 'm').exec(sources.get(CLIENT_FILE) ?? '')?.[1];
      return (
        type !== undefined &&
        texts.some((t) => new RegExp(`^func \\(\\w+ \\*${esc(type)}\\) ${esc(member)}\\(`, 'm').test(t))
      );
    }
    case 'terraform-cloud-js method': {
      // `Workspaces.showByName`: a field of the client class set to an endpoint class (`this.Workspaces = new
      // Workspaces(client)`) that has the method.
      const cls = new RegExp(`^\\s+this\\.${esc(owner)}\\s*=\\s*new (\\w+)\\(`, 'm').exec(
        sources.get(CLIENT_FILE) ?? '',
      )?.[1];
      return (
        cls !== undefined &&
        texts.some(
          (t) =>
            new RegExp(`^export default class ${esc(cls)}\\b`, 'm').test(t) &&
            new RegExp(`^ {2}(?:async )?${esc(member)}\\(`, 'm').test(t),
        )
      );
    }
    case 'terraform-provider-tfe schema':
      // A schema key (`"project_id": {`), or one held in a constant (`permissionsRunTasksKey = "run_tasks"`), in the
      // resource's file or the file of its schema versions (`resource_tfe_workspace_run_task_schemas.go`).
      return [`resource_${owner}.go`, `resource_${owner}_schemas.go`, `data_source_${owner.slice(4)}.go`].some((file) =>
        new RegExp(`"${esc(member)}":|^\\s*\\w+\\s*=\\s*"${esc(member)}"$`, 'm').test(sources.get(file) ?? ''),
      );
    default:
      return false;
  }
}

describe('SDK name mapping (schemas/platform-history-sdk.json)', () => {
  const present = local.every((c) => existsSync(sourceOf(c.client)));

  it('names only fields, methods, constants and schema attributes the clients source has', (t) => {
    if (!present)
      return t.skip(
        'the clients source (test/fixtures/history-real) is not restored here (node test/fixtures/history-real/restore.mjs)',
      );
    const sources = new Map(
      local.map((c) => [c.client, readAll(sourceOf(c.client), c.client === 'terrasnek' ? '.py' : '.go')]),
    );
    const held = new Map(
      [...HELD].flatMap((client) => {
        const texts = heldSources(client);
        return texts ? [[client, texts] as const] : [];
      }),
    );
    for (const [client, texts] of held) sources.set(client, texts);
    // The provider's data sources it maps arguments of (`tfe_workspace_ids`), from its snapshot (history-real holds its
    // resource files only), where present.
    const provider = data.clients.find((c) => c.client === 'terraform-provider-tfe');
    const dataSources = [
      ...new Set(
        data.names
          .filter(
            (n) =>
              n.client === 'terraform-provider-tfe' &&
              !existsSync(new URL(`resource_${n.name.split('.')[0]}.go`, sourceOf(n.client))),
          )
          .map((n) => `internal/provider/data_source_${(n.name.split('.')[0] ?? '').slice(4)}.go`),
      ),
    ].map((path) => ({ file: path, repository: provider?.repository ?? '', path, commit: provider?.commit ?? '' }));
    if (provider !== undefined && dataSources.length > 0 && absentRepositories(dataSources).length === 0) {
      const texts = sourceTexts(dataSources);
      const own = sources.get(provider.client) ?? new Map<string, string>();
      for (const d of dataSources) own.set(d.path.slice(d.path.lastIndexOf('/') + 1), texts.get(d.file) ?? '');
      sources.set(provider.client, own);
    }
    for (const client of SERVICES) {
      const texts = serviceSources(client);
      if (texts) sources.set(client, texts);
      else HELD.add(client);
    }
    // python-tfe's names read from the look-up index's copied files are checked against those files where present.
    const index = indexSources('python-tfe');
    const fromIndex = data.names.filter((n) => n.from === 'index');
    const indexGone = fromIndex.filter((n) => index && !inSource(index, n.client, n.kind, n.name, n.subject));
    assert.deepEqual(
      indexGone.map((n) => `${n.client} ${n.kind} ${n.name}`),
      [],
    );
    if (!index)
      t.diagnostic(`skipped ${fromIndex.length} python-tfe names read from the look-up index's copy (absent here)`);
    const released = releaseSources();
    const gone = data.names.filter((n) => {
      if (n.releases !== undefined)
        return [n.releases[0], n.releases.at(-1)].some((release) => {
          const old = released.get(`${n.client} ${release ?? ''}`);
          return old !== undefined && !inSource(old, n.client, n.kind, n.name);
        });
      if (n.from === 'index') return false;
      return (
        (held.has(n.client) || !HELD.has(n.client)) &&
        !inSource(sources.get(n.client) ?? new Map<string, string>(), n.client, n.kind, n.name, n.subject)
      );
    });
    assert.deepEqual(
      gone.map((n) => `${n.client} ${n.kind} ${n.name}`),
      [],
    );
    t.diagnostic(`${data.names.length} names checked against ${data.clients.length} clients`);
  });

  it('the check fails for a name the source does not have (a renamed field, a dropped method)', (t) => {
    if (!present) return t.skip('the clients source is not in this checkout');
    const go = readAll(sourceOf('go-tfe'), '.go');
    assert.equal(inSource(go, 'go-tfe', 'field', 'WorkspaceCreateOptions.AutoDestroyAt'), true);
    assert.equal(inSource(go, 'go-tfe', 'field', 'WorkspaceCreateOptions.AutoDestroyAtt'), false);
    assert.equal(inSource(go, 'go-tfe', 'method', 'Workspaces.SafeDelete'), true);
    assert.equal(inSource(go, 'go-tfe', 'method', 'Workspaces.SafeRemove'), false);
    assert.equal(inSource(go, 'go-tfe', 'method', 'TeamMembers.Add(OrganizationMembershipIDs)'), true);
    assert.equal(inSource(go, 'go-tfe', 'method', 'TeamMembers.Add(OrganizationIDs)'), false);
    const renamed = new Map(go);
    renamed.set('workspace.go', (go.get('workspace.go') ?? '').replace('\tSafeDelete(', '\tSafeRemove('));
    assert.equal(inSource(renamed, 'go-tfe', 'method', 'Workspaces.SafeDelete'), false);
    // A method whose path a package function builds (`notificationSubscribableURL`) is mapped, and checked as any.
    const names = new Set(data.names.map((n) => `${n.client} ${n.name}`));
    assert.ok(names.has('go-tfe NotificationConfigurations.List'));
    assert.ok(names.has('go-tfe RunTasks.AttachToWorkspace'));
    assert.equal(inSource(go, 'go-tfe', 'method', 'NotificationConfigurations.List'), true);
    const dropped = new Map(go);
    dropped.set(
      'notification_configuration.go',
      (go.get('notification_configuration.go') ?? '').replace(/\bList\(ctx/g, 'ListAll(ctx'),
    );
    assert.equal(inSource(dropped, 'go-tfe', 'method', 'NotificationConfigurations.List'), false);
    const py = readAll(sourceOf('terrasnek'), '.py');
    assert.equal(inSource(py, 'terrasnek', 'method', 'workspaces.show(workspace_name)'), true);
    assert.equal(inSource(py, 'terrasnek', 'method', 'workspaces.show(workspace_key)'), false);
    assert.equal(inSource(py, 'terrasnek', 'method', 'workspaces.list_all(workspace_name)'), false);
    assert.equal(inSource(py, 'terrasnek', 'method', 'state_versions.list_state_version_outputs'), false);
    assert.equal(inSource(py, 'terrasnek', 'field', 'workspaces.list(page)'), true);
    assert.equal(inSource(py, 'terrasnek', 'field', 'workspaces.list(page_number)'), false);
    assert.equal(inSource(py, 'terrasnek', 'field', 'runs.list(filter[status])'), true);
    assert.equal(inSource(py, 'terrasnek', 'field', 'runs.show(filter[status])'), false);
    const pytfe = serviceSources('python-tfe');
    if (pytfe) {
      assert.equal(inSource(pytfe, 'python-tfe', 'method', 'variable_sets.apply_to_projects'), true);
      assert.equal(inSource(pytfe, 'python-tfe', 'method', 'variable_sets.apply_to_project'), false);
      assert.equal(inSource(pytfe, 'python-tfe', 'method', 'varsets.apply_to_projects'), false);
      const renamed = new Map(
        [...pytfe].map(([f, t]) => [f, t.replace('def apply_to_projects(', 'def attach(')] as const),
      );
      assert.equal(inSource(renamed, 'python-tfe', 'method', 'variable_sets.apply_to_projects'), false);
      // A model's field: its alias is the mapped attribute; gone when the field is renamed or its alias changes.
      const saved = 'attribute runs save-plan';
      assert.equal(inSource(pytfe, 'python-tfe', 'field', 'RunCreateOptions.save_plan', saved), true);
      assert.equal(inSource(pytfe, 'python-tfe', 'field', 'RunCreateOptions.save_plans', saved), false);
      assert.equal(
        inSource(pytfe, 'python-tfe', 'field', 'RunCreateOptions.save_plan', 'attribute runs plan-only'),
        false,
      );
      const fieldRenamed = new Map(
        [...pytfe].map(([f, t]) => [f, t.replace(/^ {4}save_plan:/gm, '    keep_plan:')] as const),
      );
      assert.equal(inSource(fieldRenamed, 'python-tfe', 'field', 'RunCreateOptions.save_plan', saved), false);
      const aliasChanged = new Map(
        [...pytfe].map(([f, t]) => [f, t.replace(/alias="save-plan"/g, 'alias="saved-plan"')] as const),
      );
      assert.equal(inSource(aliasChanged, 'python-tfe', 'field', 'RunCreateOptions.save_plan', saved), false);
    }
    // The look-up index's copy of hashicorp/python-tfe (newer services): its enum constants and a field's enum values.
    const index = indexSources('python-tfe');
    if (index) {
      const admin = 'status team-projects admin';
      const constant = 'TeamProjectAccessType.TEAM_PROJECT_ACCESS_ADMIN';
      assert.equal(inSource(index, 'python-tfe', 'method', 'team_project_accesses.add'), true);
      assert.equal(inSource(index, 'python-tfe', 'method', 'team_project_accesses.grant'), false);
      assert.equal(inSource(index, 'python-tfe', 'constant', constant), true);
      assert.equal(inSource(index, 'python-tfe', 'constant', 'TeamProjectAccessType.TEAM_PROJECT_ACCESS_OWNER'), false);
      assert.equal(inSource(index, 'python-tfe', 'field', 'TeamProjectAccessAddOptions.access=admin', admin), true);
      assert.equal(inSource(index, 'python-tfe', 'field', 'TeamProjectAccessAddOptions.access=owner', admin), false);
      const valueDropped = new Map(
        [...index].map(([f, t]) => [f, t.replace('_ADMIN = "admin"', '_ADMIN = "administrator"')] as const),
      );
      assert.equal(
        inSource(valueDropped, 'python-tfe', 'field', 'TeamProjectAccessAddOptions.access=admin', admin),
        false,
      );
      const memberRenamed = new Map(
        [...index].map(([f, t]) => [f, t.replace('ACCESS_ADMIN =', 'ACCESS_OWNER =')] as const),
      );
      assert.equal(inSource(memberRenamed, 'python-tfe', 'constant', constant), false);
    } else t.diagnostic("the look-up index's copy of hashicorp/python-tfe is absent here: its checks skipped");
    const pytfc = serviceSources('pytfc');
    if (pytfc) {
      assert.equal(inSource(pytfc, 'pytfc', 'method', 'variable_sets.get_varset_id'), true);
      assert.equal(inSource(pytfc, 'pytfc', 'method', 'variable_sets.apply_to_projects'), false);
    }
    const goClient = serviceSources('tfe-client');
    if (goClient) {
      assert.equal(inSource(goClient, 'tfe-client', 'method', 'ProviderVersionPlatformService.Create'), true);
      assert.equal(inSource(goClient, 'tfe-client', 'method', 'ProviderVersionPlatformService.Upload'), false);
      assert.equal(inSource(goClient, 'tfe-client', 'method', 'PlatformService.Create'), false);
    }
    const js = serviceSources('terraform-cloud-js');
    if (js) {
      assert.equal(inSource(js, 'terraform-cloud-js', 'method', 'Workspaces.showByName'), true);
      assert.equal(inSource(js, 'terraform-cloud-js', 'method', 'Workspaces.readByName'), false);
      assert.equal(inSource(js, 'terraform-cloud-js', 'method', 'Runs.showByName'), false);
      const renamed = new Map([...js].map(([f, t]) => [f, t.replace('  showByName(', '  byName(')] as const));
      assert.equal(inSource(renamed, 'terraform-cloud-js', 'method', 'Workspaces.showByName'), false);
    }
    const pyterprise = heldSources(PYTERPRISE);
    if (pyterprise) {
      assert.equal(inSource(pyterprise, PYTERPRISE, 'method', 'Organization.list_workspaces'), true);
      assert.equal(inSource(pyterprise, PYTERPRISE, 'method', 'Workspace.list_workspaces'), false);
      assert.equal(inSource(pyterprise, PYTERPRISE, 'field', 'Workspace.list_runs(page_size)'), true);
      assert.equal(inSource(pyterprise, PYTERPRISE, 'field', 'Workspace.list_runs(per_page)'), false);
      const renamed = new Map(
        [...pyterprise].map(([f, t]) => [f, t.replace('def list_workspaces(', 'def workspaces(')] as const),
      );
      assert.equal(inSource(renamed, PYTERPRISE, 'method', 'Organization.list_workspaces'), false);
    }
  });

  it('the methods per path (schemas/platform-history-methods.json) are what the clients send now', (t) => {
    if (!present)
      return t.skip(
        'the clients source (test/fixtures/history-real) is not restored here (node test/fixtures/history-real/restore.mjs)',
      );
    const run = spawnSync(
      process.execPath,
      [fileURLToPath(new URL('scripts/history-sdk-names.mjs', repo)), '--check'],
      {
        encoding: 'utf8',
      },
    );
    // Status 2: a snapshot the names are read from is absent here (the script names it); anything else but 0 fails.
    if (run.status === 2) return t.skip(run.stderr.trim());
    assert.equal(run.status, 0, run.stderr);
    const methods = JSON.parse(readFileSync(new URL('schemas/platform-history-methods.json', repo), 'utf8')) as {
      paths: Record<string, string[]>;
    };
    // The history knows only GET on these paths; the API creates there with POST too.
    assert.deepEqual(methods.paths['/organizations/*/workspaces'], ['GET', 'POST']);
    assert.deepEqual(methods.paths['/organizations/*/workspaces/*'], ['GET', 'PATCH', 'DELETE']);
    assert.deepEqual(methods.paths['/runs/*/task-stages'], ['GET']);
  });

  it('every mapped subject is in the history, and every client language is known', () => {
    for (const n of data.names) assert.ok(history.byId.has(n.subject), `${n.name}: no subject "${n.subject}"`);
    for (const r of Object.values(data.providerResources)) assert.ok(history.resourceTypes.has(r), r);
  });

  it('the CLI and the editor find the same uses (one shared matcher; the editor passes a URI and a language id)', (t) => {
    if (!present)
      return t.skip('the clients source is not restored here (node test/fixtures/history-real/restore.mjs)');
    const dir = new URL('test/fixtures/history-real/terraform-provider-tfe/', repo);
    for (const file of ['resource_tfe_workspace.go', 'resource_tfe_project.go']) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      const cli = scanText(text, { fileName: `/work/x/${file}` });
      const editor = scanText(text, { languageId: 'go', fileName: `file:///work/x/${file}` });
      const key = (m: { line: number; column: number; subject: { id: string } }): string =>
        `${m.line}:${m.column} ${m.subject.id}`;
      assert.deepEqual(editor.map(key), cli.map(key));
      assert.ok(cli.some((m) => m.sdk !== undefined));
    }
  });
});

// The mapping's go-tfe names against a second, independent reading of go-tfe: its syntax trees
// (tree-sitter's Go grammar, test/fixtures/history-real/label-sdk.mjs), which shares no code with the
// regex reading the mapping is generated by. A field must be of a struct of the subject's resource with
// the subject's wire name; a method must send the subject's endpoint; a constant must be a value of the
// subject's field.
describe(
  'SDK name mapping against the syntax-tree reading of go-tfe',
  {
    skip: local.every((c) => existsSync(sourceOf(c.client)))
      ? false
      : 'the clients source (test/fixtures/history-real) is not restored here (node test/fixtures/history-real/restore.mjs)',
  },
  () => {
    // The tree reading finds no single owner for these: PolicyKind types the `kind` of policies and of
    // policy sets (the mapping takes the policies one); RunOperation's values are not a field the tree
    // reading ties to a status (`operation` has no status subject with that field).
    const UNDECIDED = new Set(['OPA', 'RunOperationSavePlan']);
    it('every go-tfe field, method and constant of the mapping is what the syntax trees say', async () => {
      const sdk = (await import(new URL('test/fixtures/history-real/label-sdk.mjs', repo).href)) as {
        goParser(): Promise<unknown>;
        readGoTfe(
          parser: unknown,
          files: string[],
        ): {
          structs: Map<
            string,
            { type?: string; parentKey?: string; fields: Map<string, { wire: string; kind: string }> }
          >;
          services: Map<string, string>;
          methods: Map<string, { id: string }>;
          delegated: Map<string, { id: string }>;
          keyed: Map<string, { id: string }>;
          indirect: Map<string, { id: string }>;
          constants: Map<string, { id: string }>;
        };
      };
      const files = [...readAll(sourceOf('go-tfe'), '.go').keys()].sort().map((f) => `go-tfe/${f}`);
      const tree = sdk.readGoTfe(await sdk.goParser(), files);
      const wrong: string[] = [];
      let checked = 0;
      for (const n of data.names) {
        if (n.client !== 'go-tfe' || UNDECIDED.has(n.name)) continue;
        const [owner = '', member = ''] = n.name.split('.');
        const subject = history.byId.get(n.subject);
        let ok = false;
        if (n.kind === 'field') {
          const struct = tree.structs.get(owner);
          const wire = struct?.fields.get(member)?.wire;
          const field = struct?.fields.get(member);
          // A query field (`url:"page[size]"`, `url:"search[exclude-tags]"`) stands for the parameter of that name or alias.
          if (field?.kind === 'query')
            ok = subject?.type === 'parameter' && [subject.name, ...subject.aliases].includes(field.wire);
          else
            ok =
              subject !== undefined &&
              struct?.type === subject.resource &&
              wire !== undefined &&
              [subject.name, ...subject.aliases].some((a) => a === wire || a === `${struct?.parentKey ?? ''}.${wire}`);
        } else if (n.kind === 'method') {
          // A method that only returns another of its service (`Read` → `ReadWithOptions`) sends what that one sends.
          const key = `${tree.services.get(owner)}.${member}`;
          // A path another function builds (`notificationSubscribableURL`'s, `getList`'s argument) or another service's method.
          ok =
            (tree.methods.get(key) ?? tree.delegated.get(key) ?? tree.keyed.get(key) ?? tree.indirect.get(key))?.id ===
            n.subject;
        } else if (n.kind === 'constant') ok = tree.constants.get(n.name)?.id === n.subject;
        checked++;
        if (!ok) wrong.push(`${n.kind} ${n.name} → ${n.subject}`);
      }
      assert.ok(checked > 250, `${checked} go-tfe names checked`);
      assert.deepEqual(wrong, []);
    });
  },
);

// Python client calls as a program makes them (made-up snippets of the shapes seen in client code).
describe('Python client library calls', () => {
  const ids = (text: string, fileName = 'tool/main.py'): string[] =>
    scanText(text, { fileName })
      .filter((m) => m.sdk !== undefined)
      .map((m) => `${m.line} ${m.sdk?.name ?? ''}`);

  it('a method name inside a string or a triple-quoted block is not a call', () => {
    const text = [
      'from terrasnek.api import TFC',
      'api = TFC(token, url=url)',
      '"""',
      'for ws in api.workspaces.list()["data"]:',
      '    api.runs.create(payload)',
      '"""',
      'handlers = {"list": "api.workspaces.list()"}',
      'def helper():',
      "    '''Calls api.orgs.list() once.'''",
      '    return api.orgs.list()',
      'print(f"{api.workspaces.list()}")',
    ].join('\n');
    assert.deepEqual(ids(text), ['10 orgs.list', '11 workspaces.list']);
  });

  it("a terrasnek keyword argument sent as a query key is that parameter (the method's endpoint or not)", () => {
    const text = [
      'from terrasnek.api import TFC',
      'api = TFC(token, url=url)',
      'resp = api.workspaces.list(page=current, page_size=50)',
      'members = api.org_memberships.list_for_org(page=next_page)',
      'api.workspaces.list(include=["project"])',
    ].join('\n');
    assert.deepEqual(
      scanText(text, { fileName: 'tool/main.py' })
        .filter((m) => m.sdk !== undefined)
        .map((m) => `${m.line} ${m.sdk?.name ?? ''} ${m.subject.id}`),
      [
        '3 workspaces.list endpoint GET /organizations/:organization_name/workspaces',
        '3 workspaces.list(page) parameter page[number] *',
        '3 workspaces.list(page_size) parameter page[size] *',
        '4 org_memberships.list_for_org(page) parameter page[number] *',
        '5 workspaces.list endpoint GET /organizations/:organization_name/workspaces',
      ],
    );
  });

  it("a terrasnek call's filters are the method's filter[…] parameters, written there or named above", () => {
    const text = [
      'from terrasnek.api import TFC',
      'api = TFC(token, url=url)',
      'queued = {',
      '    "keys": ["status"],',
      '    "value": "planned",',
      '}',
      'runs = api.runs.list(ws_id, filters=[queued])',
      "recent = api.runs.list_all(ws_id, filters=[{'keys': ['operation'], 'value': 'destroy'}])",
      'api.runs.list(ws_id, filters=build_filters())',
      'api.runs.list(ws_id, filters=[{"keys": ["color"], "value": "red"}])',
    ].join('\n');
    assert.deepEqual(
      scanText(text, { fileName: 'tool/main.py' })
        .filter((m) => m.sdk?.name.includes('(filter[') === true)
        .map((m) => `${m.line}:${m.column} ${m.sdk?.name ?? ''} ${m.subject.id}`),
      [
        '7:29 runs.list(filter[status]) parameter filter[status] /workspaces/:workspace_id/runs',
        '8:35 runs.list_all(filter[operation]) parameter filter[operation] /workspaces/:workspace_id/runs',
      ],
    );
  });

  it('a terrasnek name whose endpoint changed between releases is claimed only for a pinned release', () => {
    const main =
      'from terrasnek.api import TFC\napi = TFC(token)\napi.set_org(org)\napi.registry_modules.destroy(name)\n';
    const scan = (pins?: { text: string; fileName: string }): string[] =>
      (scanProject([{ text: main, fileName: 'purge/main.py' }, ...(pins ? [pins] : [])])[0] ?? []).map(
        (m) => `${m.line} ${m.subject.id}`,
      );
    assert.deepEqual(scan(), []);
    assert.deepEqual(scan({ text: 'terrasnek>=0.1.0\n', fileName: 'purge/requirements.txt' }), []);
    assert.deepEqual(scan({ text: 'requests==2.31.0\nterrasnek==0.1.2\n', fileName: 'purge/pip-reqs.txt' }), [
      '4 endpoint POST /registry-modules/actions/delete/:organization_name/:name',
    ]);
    assert.deepEqual(scan({ text: '[packages]\nterrasnek = "==0.1.9"\n', fileName: 'Pipfile' }), [
      '4 endpoint DELETE /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name',
    ]);
    // A method added in a later release, called by another file of the project, says the release is at least that one.
    const pools = { text: 'def prune(api):\n    api.agents.destroy_pool(pool_id)\n', fileName: 'purge/pools.py' };
    assert.deepEqual(scan(pools), [
      '4 endpoint DELETE /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name',
    ]);
    assert.deepEqual(
      scanText(`${main}api.agents.destroy_pool(pool_id)\n`, { fileName: 'main.py' })
        .filter((m) => m.sdk?.name === 'registry_modules.destroy')
        .map((m) => m.subject.id),
      ['endpoint DELETE /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name'],
    );
    // A release the mapping has not read says nothing either.
    assert.deepEqual(scan({ text: 'terrasnek==9.9.9\n', fileName: 'requirements.txt' }), []);
  });
});

describe('a TypeScript client of services (@skorfmann/terraform-cloud)', () => {
  const uses = (text: string, fileName = 'src/deploy.ts'): string[] =>
    scanText(text, { fileName })
      .filter((m) => m.sdk !== undefined)
      .map((m) => `${m.line} ${m.sdk?.client ?? ''} ${m.sdk?.name ?? ''} ${m.subject.id}`);

  it('a call of its endpoint classes is that endpoint, only in a file that imports the package', () => {
    const text = [
      "import { TerraformCloud } from '@skorfmann/terraform-cloud';",
      'export async function findWorkspace(token: string, org: string, name: string) {',
      '  const tfc = new TerraformCloud(token);',
      '  const ws = await tfc.Workspaces.showByName(org, name);',
      '  // tfc.Workspaces.show(ws.id)',
      "  const label = 'tfc.Workspaces.show(id)';",
      '  return tfc.Runs.create({ data: { type: "runs" } });',
      '}',
    ].join('\n');
    assert.deepEqual(uses(text), [
      '4 terraform-cloud-js Workspaces.showByName endpoint GET /organizations/:organization_name/workspaces/:name',
      '7 terraform-cloud-js Runs.create endpoint POST /runs',
    ]);
    const required = text.replace(
      "import { TerraformCloud } from '@skorfmann/terraform-cloud';",
      'const { TerraformCloud } = require("@skorfmann/terraform-cloud");',
    );
    assert.equal(uses(required, 'lib/deploy.js').length, 2);
    // Another client with the same shape of calls is not this one.
    assert.deepEqual(uses(text.replace('@skorfmann/terraform-cloud', './my-client')), []);
  });
});

describe('go-tfe methods whose path another function builds', () => {
  it("a call of one is the endpoint of the path a call that picks no other option sends (the helper's last return)", () => {
    const text = [
      'package hooks',
      'import tfe "github.com/hashicorp/go-tfe"',
      'func ensureHook(ctx context.Context, c *tfe.Client, wsID string) error {',
      '\tlist, err := c.NotificationConfigurations.List(ctx, wsID, nil)',
      '\tif err != nil || len(list.Items) > 0 {',
      '\t\treturn err',
      '\t}',
      '\t_, err = c.NotificationConfigurations.Create(ctx, wsID, tfe.NotificationConfigurationCreateOptions{})',
      '\t_, err = c.RunTasks.AttachToWorkspace(ctx, wsID, taskID, tfe.Advisory)',
      '\treturn err',
      '}',
    ].join('\n');
    assert.deepEqual(
      scanText(text, { fileName: 'hooks/hooks.go' })
        .filter((m) => m.sdk !== undefined)
        .map((m) => `${m.line} ${m.sdk?.name ?? ''} ${m.subject.id}`),
      [
        '4 NotificationConfigurations.List endpoint GET /workspaces/:workspace_id/notification-configurations',
        '8 NotificationConfigurations.Create endpoint POST /workspaces/:workspace_id/notification-configurations',
        '9 RunTasks.AttachToWorkspace endpoint POST /workspaces/:workspace_id/tasks',
      ],
    );
  });
});

describe('clients of services (python-tfe, pytfc, tsanton/tfe-client)', () => {
  const uses = (text: string): string[] =>
    scanText(text, { fileName: 'onboard/helpers.py' })
      .filter((m) => m.sdk !== undefined)
      .map((m) => `${m.line} ${m.sdk?.client ?? ''} ${m.sdk?.name ?? ''} ${m.subject.id}`);

  it("a service call in a file that imports the client is that client's endpoint, not terrasnek's", () => {
    const text = [
      'from pytfe import TFEClient, TFEConfig',
      'def cleanup(tfe: TFEClient, org):',
      '    for p in tfe.projects.list(org):',
      '        tfe.projects.delete(p.id)',
      '    tfe.variable_sets.apply_to_projects(vs_id, opts)',
      '    # tfe.variable_sets.delete(vs_id)',
      '    tfe.runs.list(ws_id)',
    ].join('\n');
    assert.deepEqual(uses(text), [
      '3 python-tfe projects.list endpoint GET /organizations/:organization_name/projects',
      '4 python-tfe projects.delete endpoint DELETE /projects/:project_id',
      '5 python-tfe variable_sets.apply_to_projects endpoint POST /varsets/:varset_id/relationships/projects',
    ]);
    const pytfc = [
      'import pytfc',
      'def sync(client, name):',
      '    vs = client.variable_sets.get_varset_id(name=name)',
      '    client.variable_sets.apply_to_workspace(varset_id=vs, ws_id=ws)',
      '    client.workspaces.add_tags(name=name)',
    ].join('\n');
    assert.deepEqual(uses(pytfc), [
      '3 pytfc variable_sets.get_varset_id endpoint GET /organizations/:organization_name/varsets',
      '4 pytfc variable_sets.apply_to_workspace endpoint POST /varsets/:varset_id/relationships/workspaces',
    ]);
  });

  it("python-tfe's option classes: each mapped keyword is its attribute, in a file that imports pytfe", () => {
    const text = [
      'import os',
      'from pytfe import TFEClient, TFEConfig',
      'from pytfe.models import PolicySetUpdateOptions, RunCreateOptions',
      '',
      'client = TFEClient(TFEConfig(address=os.environ["TFE_ADDRESS"], token=os.environ["TFE_TOKEN"]))',
      '',
      'def paged(fetch, *args):',
      '    return list(fetch(*args))',
      '',
      'def release(org, ws):',
      '    projects = paged(client.projects.list, org)',
      '    opts = RunCreateOptions(',
      '        workspace=ws,',
      '        message="save_plan=True in a string says nothing",',
      '        save_plan=True,  # refresh_only=True in a comment says nothing',
      '        target_addrs=[x for x in targets(refresh=False)],',
      '        refresh_only = False,',
      '    )',
      '    client.runs.create(opts)',
      '    ps = client.policy_sets.update(ps_id, PolicySetUpdateOptions(name="guard", agent_enabled=True, kind=kind))',
      '    ok = RunCreateOptions == other or save_plan == True',
      '    return projects, ps',
    ].join('\n');
    assert.deepEqual(uses(text), [
      '11 python-tfe projects.list endpoint GET /organizations/:organization_name/projects',
      '15 python-tfe RunCreateOptions.save_plan attribute runs save-plan',
      '17 python-tfe RunCreateOptions.refresh_only attribute runs refresh-only',
      '19 python-tfe runs.create endpoint POST /runs',
      '20 python-tfe policy_sets.update endpoint PATCH /policy-sets/:id',
      // `kind` is a field of PolicySetCreateOptions only.
      '20 python-tfe PolicySetUpdateOptions.agent_enabled attribute policy-sets agent-enabled',
    ]);
    // The same classes of another library (no pytfe import) say nothing (its calls are read as terrasnek's, as before).
    assert.deepEqual(
      uses(text.replace(/pytfe/g, 'mytfe')).filter((u) => !u.includes(' terrasnek ')),
      [],
    );
  });

  it("python-tfe's newer services (read from the look-up index's copy): calls, a method passed uncalled, option fields and access values", (t) => {
    const text = [
      'from typing import Any',
      'from pytfe import TFEClient',
      'from pytfe.models import TeamProjectAccessAddOptions, TeamProjectAccessType, TeamProjectAccessUpdateOptions',
      'from pytfe.models.project import Project',
      '',
      'def retry(fn: Any, *args: Any, **kw: Any) -> Any:',
      '    return fn(*args, **kw)',
      '',
      'def grant(client: TFEClient, team_id: str, project_id: str, level: str) -> Any:',
      '    opts = TeamProjectAccessAddOptions(',
      '        access="maintain",',
      '        project=Project(id=project_id),',
      '        project_access=None,  # workspace_access=None in a comment says nothing',
      '    )',
      '    granted = retry(client.team_project_accesses.add, opts)',
      '    note = "client.team_project_accesses.remove(granted.id) in a string says nothing"',
      '    members.add(team_id)',
      '    for a in client.team_project_accesses.list(ListOpts(project_id=project_id)):',
      '        if a.access == TeamProjectAccessType.TEAM_PROJECT_ACCESS_ADMIN:',
      '            client.team_project_accesses.update(a.id, TeamProjectAccessUpdateOptions(access=level, workspace_access=ws))',
      '    return TeamProjectAccessUpdateOptions(access="owner", project_access=x == "read")',
    ].join('\n');
    const found = uses(text);
    const names = new Set(data.names.filter((n) => n.client === 'python-tfe').map((n) => n.name));
    if (!names.has('team_project_accesses.add'))
      return t.skip(
        "the mapping was generated where the look-up index's copy of hashicorp/python-tfe was absent (the fork has no team_project_accesses)",
      );
    assert.deepEqual(found, [
      '11 python-tfe TeamProjectAccessAddOptions.access=maintain status team-projects maintain',
      '13 python-tfe TeamProjectAccessAddOptions.project_access attribute team-projects project-access',
      '15 python-tfe team_project_accesses.add endpoint POST /team-projects',
      '18 python-tfe team_project_accesses.list endpoint GET /team-projects',
      '19 python-tfe TeamProjectAccessType.TEAM_PROJECT_ACCESS_ADMIN status team-projects admin',
      '20 python-tfe team_project_accesses.update endpoint PATCH /team-projects/:id',
      '20 python-tfe TeamProjectAccessUpdateOptions.workspace_access attribute team-projects workspace-access',
      // `owner` is no access level of the history; `x == "read"` is a comparison, not the keyword's value.
      '21 python-tfe TeamProjectAccessUpdateOptions.project_access attribute team-projects project-access',
    ]);
    // Without the import: nothing of python-tfe.
    assert.deepEqual(
      uses(text.replace(/pytfe/g, 'acme')).filter((u) => u.includes(' python-tfe ')),
      [],
    );
  });

  it("python-tfe's workspace run tasks, task stages, organization tags (the index's copy): calls and the option fields of the type written", () => {
    const text = [
      'from pytfe import TFEClient',
      'from pytfe.models import WorkspaceRunTaskCreateOptions, WorkspaceRunTaskUpdateOptions',
      '',
      'def attach(client: TFEClient, ws_id: str, task) -> None:',
      '    client.workspace_run_tasks.create(ws_id, WorkspaceRunTaskCreateOptions(',
      '        enforcement_level="advisory", run_task=task, stages=["pre_plan", "post_plan"]))',
      '    for wst in client.workspace_run_tasks.list(ws_id):',
      '        client.workspace_run_tasks.update(ws_id, wst.id, WorkspaceRunTaskUpdateOptions(stages=["pre_apply"]))',
      '    stages = list(client.task_stages.list(run_id))',
      '    tasks.update(ws_id, stages=[])',
      '    client.organization_tags.add_workspaces(org, tag_id, opts)',
    ].join('\n');
    const names = new Set(data.names.filter((n) => n.client === 'python-tfe').map((n) => n.name));
    if (!names.has('workspace_run_tasks.update'))
      // Generated where the index's copy was absent: the fork has no such service.
      return assert.deepEqual(
        uses(text).filter((u) => u.includes('workspace_run_tasks') || u.includes('WorkspaceRunTask')),
        [],
      );
    assert.deepEqual(uses(text), [
      '5 python-tfe workspace_run_tasks.create endpoint POST /workspaces/:workspace_id/tasks',
      '6 python-tfe WorkspaceRunTaskCreateOptions.stages attribute workspace-tasks stages',
      '7 python-tfe workspace_run_tasks.list endpoint GET /workspaces/:workspace_id/tasks',
      '8 python-tfe workspace_run_tasks.update endpoint PATCH /workspaces/:workspace_id/tasks/:id',
      '8 python-tfe WorkspaceRunTaskUpdateOptions.stages attribute workspace-tasks stages',
      '9 python-tfe task_stages.list endpoint GET /runs/:run_id/task-stages',
      '11 python-tfe organization_tags.add_workspaces endpoint POST /tags/:tag_id/relationships/workspaces',
    ]);
  });

  it("a Go client's service call in a file that imports its package (tsanton/tfe-client)", () => {
    const text = [
      'package release',
      'import (',
      '\tclient "github.com/tsanton/tfe-client/tfe"',
      ')',
      'func publish(ctx context.Context, c *client.TerraformEnterpriseClient, o, ns, name, v string) error {',
      '\tif _, err := c.ProviderVersionService.Read(ctx, o, ns, name, v); err == nil {',
      '\t\treturn nil',
      '\t}',
      '\t// c.ProviderVersionService.Delete(ctx, o, ns, name, v)',
      '\t_, err := c.ProviderVersionPlatformService.Create(ctx, o, ns, name, v, &req)',
      '\treturn err',
      '}',
    ].join('\n');
    const found = (fileName: string, source = text): string[] =>
      scanText(source, { fileName })
        .filter((m) => m.sdk !== undefined)
        .map((m) => `${m.line} ${m.sdk?.client ?? ''} ${m.sdk?.name ?? ''} ${m.subject.id}`);
    assert.deepEqual(found('release/publish.go'), [
      '6 tfe-client ProviderVersionService.Read endpoint GET /organizations/:organization_name/registry-providers/:registry_name/:namespace/:name/versions/:version',
      '10 tfe-client ProviderVersionPlatformService.Create endpoint POST /organizations/:organization_name/registry-providers/:registry_name/:namespace/:name/versions/:version/platforms',
    ]);
    assert.deepEqual(found('release/publish.go', text.replace('tsanton/tfe-client/tfe', 'example.com/registry')), []);
  });

  it('says nothing of a client the file does not import', () => {
    assert.deepEqual(uses('def cleanup(c):\n    c.variable_sets.apply_to_projects(vs_id, opts)\n'), []);
    assert.deepEqual(uses('# uses pytfe\nc.projects.delete(p)\n'), []);
  });
});

describe('a Python client of classes (pyterprise)', () => {
  const uses = (text: string): string[] =>
    scanText(text, { fileName: 'portal/app.py' })
      .filter((m) => m.sdk !== undefined)
      .map((m) => `${m.line} ${m.sdk?.name ?? ''} ${m.subject.id}`);

  it('a method called on a value its classes return is its endpoint; a keyword sent as a query key its parameter', () => {
    const text = [
      'from pyterprise import Client as TFE',
      'tfe = TFE()',
      'tfe.init(token=token, url=url)',
      'org = tfe.set_organization(id=org_name)',
      'def names():',
      '    return [w.name for w in org.list_workspaces()]',
      'for ws in org.list_workspaces():',
      '    ws.run("nightly")',
      'target = org.get_workspace(name)',
      'history = target.list_runs(page=2, page_size=20)',
      '# org.list_workspaces() kept for later',
      'other.run("not a workspace")',
    ].join('\n');
    assert.deepEqual(uses(text), [
      '6 Organization.list_workspaces endpoint GET /organizations/:organization_name/workspaces',
      '7 Organization.list_workspaces endpoint GET /organizations/:organization_name/workspaces',
      '8 Workspace.run endpoint POST /runs',
      '9 Organization.get_workspace endpoint GET /organizations/:organization_name/workspaces/:name',
      '10 Workspace.list_runs(page) parameter page[number] *',
      '10 Workspace.list_runs(page_size) parameter page[size] *',
    ]);
  });

  it('says nothing without the client made, or on a name assigned values of two kinds', () => {
    assert.deepEqual(uses('org = get_org()\norg.list_workspaces()\nws = org.get_workspace(n)\nws.run()\n'), []);
    const text = [
      'import pyterprise',
      'client = pyterprise.Client()',
      'org = client.set_organization(id=o)',
      'ws = org.get_workspace(name)',
      'ws = runner.workspace()',
      'ws.run("x")',
    ].join('\n');
    assert.deepEqual(uses(text), [
      '4 Organization.get_workspace endpoint GET /organizations/:organization_name/workspaces/:name',
    ]);
  });
});
