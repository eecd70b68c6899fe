// A wide, unlabelled probe of the history matcher (docs/history.md, "The wide probe"): for every repository of
// the SEEN labelled sets (test/fixtures/history-*/SOURCES.tsv: repository and commit), the project scan over the
// whole tree at that commit, as `keyfob history scan <folder>` walks it (node_modules, .git and dist skipped, files
// over 5 MB and binary files skipped; here also prose (Markdown, plain text) and vendored copies under `vendor/`), and
// every line that looks like a use of the API (a URL with /api/v2 or the hosted host, a path of the API's endpoints,
// a JSON:API media type or payload `type` of a resource, a call of an official client's service) that has no
// annotation on it or on the lines of its statement. Prints counts per language and per shape, writes the list, and a
// random sample of annotations in files no set labels (a precision check by eye).
//
// Usage (a built worktree): npx tsx scripts/history-probe.ts [--out FILE] [--sample N] [--repo OWNER/NAME]
// Bounded: per repository at most 2,000 files and 40 MB are scanned (EDITOR_PROJECT_LIMITS); past either, only the
// files with a candidate line (git grep). Says "skipped" when the snapshots (/work/.mirror or KEYFOB_MIRROR) are absent.
// Not part of `npm test`: it reads about 450 repositories (a few minutes).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  EDITOR_PROJECT_LIMITS,
  findSubjects,
  history,
  languageOf,
  PROJECT_FILE_RULES,
  scanProject,
} from '@keyfob/shared/history';
import type { Match } from '@keyfob/shared/history';

const ROOT = join(import.meta.dirname, '..');
const MIRROR = process.env['KEYFOB_MIRROR'] ?? '/work/.mirror';
const USAGE = 'usage: npx tsx scripts/history-probe.ts [--out FILE] [--sample N (0-10000)] [--repo OWNER/NAME]\n';
/** The flags, checked at the edge: an unknown flag, a sample that is no whole number in range or a malformed repository stops with the fix. */
function flags(): { out: string; sample: number; only: string | undefined } {
  let values: { out?: string; sample?: string; repo?: string };
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: { out: { type: 'string' }, sample: { type: 'string' }, repo: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`history probe: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const sample = values.sample ?? '80';
  if (!/^\d{1,5}$/.test(sample) || Number(sample) > 10_000) {
    process.stderr.write(
      `history probe: --sample "${sample.slice(0, 40)}" is not a whole number from 0 to 10000\n${USAGE}`,
    );
    process.exit(2);
  }
  const repo = values.repo;
  if (repo !== undefined && !/^[\w.-]{1,100}\/[\w.-]{1,100}$/.test(repo)) {
    process.stderr.write(`history probe: --repo "${repo.slice(0, 80)}" is not OWNER/NAME\n${USAGE}`);
    process.exit(2);
  }
  return { out: values.out ?? '/tmp/keyfob-history-probe.txt', sample: Number(sample), only: repo };
}
const { out: OUT, sample: SAMPLE, only: ONLY } = flags();

if (!existsSync(MIRROR)) {
  console.log(`history probe: skipped (no repository snapshots at ${MIRROR})`);
  process.exit(0);
}

// ---- the seen repositories and the files the sets label ----
const labelled = new Set<string>();
const repos = new Map<string, string>();
const fixtures = join(ROOT, 'test/fixtures');
for (const set of readdirSync(fixtures)
  .filter((d) => d.startsWith('history-'))
  .sort()) {
  const sources = join(fixtures, set, 'SOURCES.tsv');
  if (!existsSync(sources)) continue;
  const [head = '', ...rows] = readFileSync(sources, 'utf8').split('\n');
  const cols = head.split('\t').map((c) => c.trim().toLowerCase());
  const repoAt = cols.findIndex((c) => c === 'repository' || c === 'repo');
  const pathAt = cols.indexOf('path');
  const commitAt = cols.indexOf('commit');
  for (const row of rows) {
    const c = row.split('\t');
    const repo = c[repoAt]?.trim();
    const path = c[pathAt]?.trim();
    const commit = c[commitAt]?.trim();
    if (!repo || !path || !commit) continue;
    labelled.add(`${repo}\t${path}`);
    // One commit per repository: the first a set names (a repository in two sets at two commits is read once).
    if (!repos.has(repo)) repos.set(repo, commit);
  }
}

// ---- what looks like a use of the API ----
const endpointSegments = new Set<string>();
for (const s of history.subjects)
  if (s.type === 'endpoint' && s.path)
    for (const seg of s.path.split('/'))
      if (seg.includes('-') && seg.length >= 7 && !seg.startsWith(':')) endpointSegments.add(seg);
const types = [...history.resourceTypes].filter((t) => t.length >= 4).sort((a, b) => b.length - a.length);
const subjectsOf = (type: string): string[] => [
  ...new Set(history.subjects.filter((s) => s.type === type).flatMap((s) => [s.name, ...s.aliases])),
];
/** Statuses and attribute names distinctive enough to look for alone (a separator in them, not one English word). */
const statusNames = subjectsOf('status').filter((n) => /[_:]/.test(n));
const attributeNames = subjectsOf('attribute')
  .filter((n) => /^[a-z]+(?:-[a-z]+)+$/.test(n) && n.length >= 10)
  .sort((a, b) => b.length - a.length);
const parameterNames = new Set(subjectsOf('parameter'));
const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const goServices = [
  'AgentPools',
  'ConfigurationVersions',
  'NotificationConfigurations',
  'OAuthClients',
  'OAuthTokens',
  'OrganizationTags',
  'Organizations',
  'PolicyChecks',
  'PolicySets',
  'PolicySetParameters',
  'Projects',
  'RegistryModules',
  'RegistryProviders',
  'RunTasks',
  'Runs',
  'SSHKeys',
  'StateVersionOutputs',
  'StateVersions',
  'TeamAccess',
  'TeamMembers',
  'Teams',
  'TeamTokens',
  'Variables',
  'VariableSets',
  'VariableSetVariables',
  'Workspaces',
  'Applies',
  'Plans',
  'Users',
  'OrganizationMemberships',
];
const pyServices = [
  'workspaces',
  'runs',
  'organizations',
  'orgs',
  'state_versions',
  'state_version_outputs',
  'registry_modules',
  'var_sets',
  'variable_sets',
  'workspace_vars',
  'vars',
  'policy_sets',
  'policy_checks',
  'config_versions',
  'configuration_versions',
  'teams',
  'team_access',
  'oauth_clients',
  'oauth_tokens',
  'projects',
  'agent_pools',
  'run_tasks',
  'ssh_keys',
  'notification_configs',
  'applies',
  'plans',
  'team_memberships',
  'org_memberships',
  'admin_orgs',
];
const SHAPES: readonly { readonly shape: string; readonly re: RegExp }[] = [
  { shape: 'api-v2-path', re: /\/api\/v2\/[\w{$:<%([]/ },
  {
    shape: 'endpoint-path',
    re: new RegExp(
      `/(?:${[...endpointSegments].map(esc).join('|')})\\b|organizations/[^\\s'"\`]*/workspaces|/(?:runs|workspaces|varsets|state-versions)/`,
    ),
  },
  { shape: 'sdk-go', re: new RegExp(`\\.(?:${goServices.join('|')})\\.[A-Z]\\w*\\(`) },
  { shape: 'sdk-python', re: new RegExp(`\\.(?:${pyServices.join('|')})\\.[a-z_]+\\(`) },
  {
    shape: 'payload-type',
    re: new RegExp(`["']?\\btype["']?\\s*(?::|=>|=|,)\\s*["'](?:${types.map(esc).join('|')})["']`),
  },
  { shape: 'media-type', re: /vnd\.api\+json/ },
  { shape: 'base-url', re: /\/api\/v2\b|app\.terraform\.io/ },
  { shape: 'query-param', re: /\b(?:filter|search|page|q)(?:\[|%5B)[\w-]+(?:\]|%5D)(?:(?:\[|%5B)\w+(?:\]|%5D))?/i },
  { shape: 'status', re: new RegExp(`["'](?:${statusNames.map(esc).join('|')})["']`) },
  { shape: 'attribute-key', re: new RegExp(`["'](?:${attributeNames.map(esc).join('|')})["']`) },
];
// Other APIs whose paths look like this one's (GitHub's /actions/runs/, a generic REST example).
const ELSEWHERE = /api\.github\.com|\/actions\/runs|github\.com\/[\w-]+\/[\w-]+\/(?:blob|tree)\//;
const COMMENT = /^\s*(?:\/\/|#(?!!)|\*|\/\*|--|<!--|;|')/;
const GREP = String.raw`/api/v2|app\.terraform\.io|vnd\.api\+json|registry-modules|state-versions|configuration-versions|policy-sets|organizations/[^ ]*/workspaces|/runs/|/workspaces/|/varsets|\.(Workspaces|Runs|Organizations|StateVersions|RegistryModules|Variables|VariableSets)\.[A-Z]|\.(workspaces|runs|state_versions|registry_modules|var_sets|workspace_vars)\.[a-z_]+\(`;

const sdk = JSON.parse(readFileSync(join(ROOT, 'schemas/platform-history-sdk.json'), 'utf8')) as {
  names: { client: string; kind: string; name: string; subject: string }[];
};
/** Service methods of the official clients that stand for an endpoint with history (`Workspaces.SafeDelete`). */
const sdkMethods = new Set(
  sdk.names.filter((n) => n.kind === 'method').map((n) => `${n.client === 'go-tfe' ? 'go' : 'py'} ${n.name}`),
);
const resourceSubjects = new Set(history.subjects.filter((s) => s.type === 'resource').map((s) => s.name));
const METHOD_WORD =
  /\b(GET|POST|PATCH|PUT|DELETE)\b|\.(get|post|patch|put|delete)\w*\(|Method(Get|Post|Patch|Put|Delete)\b|-X\s*(GET|POST|PATCH|PUT|DELETE)/i;

/** The methods with history of the endpoints a line's URL texts name (undefined: none names one). */
function pathMethods(line: string): Set<string> | undefined {
  // Strings joined by `+`/`.` around an expression read as one text with a placeholder where the expression was.
  const joined = line.replace(/(["'`])\s*(?:\+|\.|\.\.)\s*[\w.$[\]()'"]+?\s*(?:\+|\.|\.\.)\s*\1/g, '{}');
  const texts = [
    ...joined.matchAll(
      /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|`([^`]*)`|(https?:\/\/[^\s'"]+|\$\{?\w+\}?\/[^\s'"]+)/g,
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
  let methods: Set<string> | undefined;
  for (const text of texts) {
    if (!text.includes('/') && !text.includes('-')) continue;
    // The subjects `keyfob history show` finds for the path (the host left out): its endpoints with history.
    const endpoints = findSubjects(text.trim().replace(/^https?:\/\/[^/]+/, '')).filter((s) => s.type === 'endpoint');
    if (endpoints.length === 0) continue;
    methods ??= new Set();
    for (const e of endpoints) if (e.method) methods.add(e.method);
  }
  return methods;
}

/**
 * What a line is, when it looks like a use of the API: its shape, and whether it names a subject with history (a
 * path of an endpoint that has one, a client method mapped to one, a payload `type` of a resource that has one). A
 * line naming none is no miss when it goes unannotated (the base URL alone, a media type, an endpoint with no change).
 */
function shapeOf(
  line: string,
  statement: string,
  importsClient: { go: boolean; python: boolean },
  inRelationship: (column: number) => boolean,
): { shape: string; subject: boolean; note?: string } | undefined {
  if (ELSEWHERE.test(line)) return undefined;
  for (const { shape, re } of SHAPES) {
    const m = re.exec(line);
    if (!m) continue;
    if (shape === 'sdk-go' || shape === 'sdk-python') {
      if (shape === 'sdk-go' ? !importsClient.go : !importsClient.python) continue;
      const call = /\.(\w+)\.(\w+)\(/.exec(m[0]);
      return { shape, subject: sdkMethods.has(`${shape === 'sdk-go' ? 'go' : 'py'} ${call?.[1]}.${call?.[2]}`) };
    }
    if (shape === 'payload-type') {
      const type = /["'](\w[\w-]*)["']\s*$/.exec(m[0])?.[1] ?? '';
      // A relationship's `type` names the target of a reference, not the resource the payload is.
      return { shape, subject: resourceSubjects.has(type) && !inRelationship(m.index) };
    }
    if (shape === 'api-v2-path' || shape === 'endpoint-path' || shape === 'base-url') {
      const methods = pathMethods(line);
      if (!methods) return { shape, subject: false };
      const said = METHOD_WORD.exec(statement);
      const method = said ? (said[1] ?? said[2] ?? said[3] ?? said[4] ?? '').toUpperCase() : undefined;
      // A method said in the statement that no endpoint of the path has a change for: no subject with history.
      if (method && !methods.has(method)) return { shape, subject: false };
      return { shape, subject: true, note: method ? method : `method? ${[...methods].join('/')}` };
    }
    if (shape === 'query-param') {
      const key = m[0].replace(/%5B/gi, '[').replace(/%5D/gi, ']');
      return { shape, subject: parameterNames.has(key) };
    }
    return { shape, subject: shape === 'status' || shape === 'attribute-key' };
  }
  return undefined;
}

/** The net of opening over closing brackets on a line, quoted text left out (roughly). */
function bracketsOf(line: string): { net: number; lastOpen: string; before: string } {
  const bare = line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""');
  const stack: { ch: string; at: number }[] = [];
  let net = 0;
  for (let i = 0; i < bare.length; i++) {
    const ch = bare[i]!;
    if (ch === '(' || ch === '[' || ch === '{') {
      stack.push({ ch, at: i });
      net++;
    } else if (ch === ')' || ch === ']' || ch === '}') {
      stack.pop();
      net--;
    }
  }
  const top = stack.at(-1);
  return { net, lastOpen: top?.ch ?? '', before: top ? bare.slice(0, top.at).trimEnd() : '' };
}

/** The lines of the statement a line is part of (0-based, inclusive): bracketed calls and literals over lines. */
function statementOf(lines: readonly string[], at: number): [number, number] {
  let end = at;
  let depth = bracketsOf(lines[at] ?? '').net;
  while (end < lines.length - 1 && end - at < 25 && (depth > 0 || /(?:\\|[+,(&|.]|=)\s*$/.test(lines[end] ?? ''))) {
    end++;
    depth += bracketsOf(lines[end] ?? '').net;
  }
  let start = at;
  let open = 0;
  for (let j = at - 1; j >= 0 && at - j <= 25; j--) {
    const b = bracketsOf(lines[j] ?? '');
    open += b.net;
    if (open > 0) {
      // A block's brace (`) {`, `else {`, `=> {`, `def f():`) ends the statement; a call's or a literal's opens it.
      const block =
        b.lastOpen === '{' &&
        /(?:\)|=>|\belse|\btry|\bdo|\bfinally|^\s*(?:func|function|class|def|public|private|protected|static)\b.*)$/.test(
          b.before,
        );
      if (block) break;
      start = j;
      open = 0;
    } else if (open === 0 && /(?:\\|[+,(]|=)\s*$/.test(lines[j] ?? '') && j === start - 1) start = j;
  }
  return [start, end];
}

/**
 * Whether the text at `offset` sits inside a JSON:API relationship: an object held, within a few levels, under a
 * `relationships` key (there a `type` names the target of a reference, not the payload's resource).
 */
function inRelationship(text: string, offset: number): boolean {
  let depth = 0;
  let levels = 0;
  for (let i = offset - 1; i >= Math.max(0, offset - 1_200) && levels < 5; i--) {
    const c = text[i]!;
    if (c === '}' || c === ']' || c === ')') depth++;
    else if (c === '{' || c === '[' || c === '(') {
      if (depth > 0) {
        depth--;
        continue;
      }
      if (c === '(') return false;
      if (
        /relationships\W{0,3}\s*(?::|=>|=)\s*(?:map\[string\]\w+(?:\{\})?|@)?\s*$/.test(
          text.slice(Math.max(0, i - 60), i),
        )
      )
        return true;
      levels++;
    }
  }
  return false;
}

// ---- reading a repository's tree at a commit ----
function gitDir(repo: string): string | undefined {
  const dir = `${MIRROR}/${repo.replace('/', '+')}/repo`;
  if (existsSync(`${dir}/.git`)) return `${dir}/.git`;
  return existsSync(dir) ? dir : undefined;
}

const PROSE = new Set(['markdown', 'plaintext']);
function candidatePaths(dir: string, commit: string): { path: string; size: number }[] {
  const out = execFileSync('git', ['--git-dir', dir, 'ls-tree', '-r', '-l', '-z', commit], {
    maxBuffer: 1 << 30,
  }).toString('utf8');
  const files: { path: string; size: number }[] = [];
  for (const entry of out.split('\0')) {
    const tab = entry.indexOf('\t');
    if (tab < 0) continue;
    const [, kind, , size] = entry.slice(0, tab).split(/\s+/);
    const path = entry.slice(tab + 1);
    if (kind !== 'blob' || size === '-' || Number(size) > PROJECT_FILE_RULES.maxFileBytes) continue;
    const parts = path.split('/');
    if (parts.some((p) => p === 'node_modules' || p === '.git' || p === 'dist' || p === 'vendor')) continue;
    const language = languageOf({ fileName: path });
    if (language !== undefined && PROSE.has(language)) continue;
    // Files of no known kind are kept when extensionless (a script named by its shebang); others (images, locks) not.
    const base = parts.at(-1) ?? '';
    if (
      language === undefined &&
      base.includes('.') &&
      !/\.(?:tpl|j2|erb|ipynb|tmpl|gotmpl|hbs|mustache|vue|svelte|nomad|sentinel|cls|bat|cmd)$/i.test(base)
    )
      continue;
    files.push({ path, size: Number(size) });
  }
  return files;
}

function readBlobs(dir: string, commit: string, paths: readonly string[]): (string | undefined)[] {
  if (paths.length === 0) return [];
  const run = spawnSync('git', ['--git-dir', dir, 'cat-file', '--batch'], {
    input: paths.map((p) => `${commit}:${p}\n`).join(''),
    maxBuffer: 1 << 30,
  });
  const buf = run.stdout;
  const texts: (string | undefined)[] = [];
  let at = 0;
  for (let k = 0; k < paths.length; k++) {
    const nl = buf.indexOf(10, at);
    const head = buf.subarray(at, nl).toString('utf8').split(' ');
    if (head[1] !== 'blob') {
      texts.push(undefined);
      at = nl + 1;
      continue;
    }
    const size = Number(head[2]);
    const body = buf.subarray(nl + 1, nl + 1 + size);
    at = nl + 1 + size + 1;
    texts.push(body.subarray(0, PROJECT_FILE_RULES.binaryProbeBytes).includes(0) ? undefined : body.toString('utf8'));
  }
  return texts;
}

function grepFiles(dir: string, commit: string): Set<string> {
  const run = spawnSync('git', ['--git-dir', dir, 'grep', '-l', '-I', '-E', GREP, commit], { maxBuffer: 1 << 28 });
  return new Set(
    run.stdout
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.slice(commit.length + 1)),
  );
}

// ---- the probe ----
interface Miss {
  readonly repo: string;
  readonly path: string;
  readonly line: number;
  readonly language: string;
  readonly shape: string;
  readonly note: string | undefined;
  readonly text: string;
  readonly labelled: boolean;
}
const misses: Miss[] = [];
const found = new Map<string, number>();
const noSubject = new Map<string, number>();
const missed = new Map<string, number>();
const byLanguage = new Map<string, { found: number; missed: number }>();
const comments = { count: 0 };
const unlabelledMatches: { repo: string; path: string; match: Match; text: string }[] = [];
let repoCount = 0;
let fileCount = 0;
let boundedRepos = 0;
const absent: string[] = [];
const bump = (m: Map<string, number>, k: string): void => void m.set(k, (m.get(k) ?? 0) + 1);
const started = Date.now();

for (const [repo, commit] of [...repos].sort()) {
  if (ONLY !== undefined && repo !== ONLY) continue;
  const dir = gitDir(repo);
  if (!dir) {
    absent.push(repo);
    continue;
  }
  let listed: { path: string; size: number }[];
  try {
    listed = candidatePaths(dir, commit);
  } catch {
    absent.push(`${repo}@${commit.slice(0, 8)}`);
    continue;
  }
  const total = listed.reduce((n, f) => n + f.size, 0);
  if (listed.length > EDITOR_PROJECT_LIMITS.files || total > EDITOR_PROJECT_LIMITS.totalBytes) {
    const hit = grepFiles(dir, commit);
    listed = listed.filter((f) => hit.has(f.path)).slice(0, EDITOR_PROJECT_LIMITS.files);
    boundedRepos++;
  }
  const texts = readBlobs(
    dir,
    commit,
    listed.map((f) => f.path),
  );
  const files = listed
    .map((f, k) => ({ path: f.path, text: texts[k] }))
    .filter((f): f is { path: string; text: string } => f.text !== undefined);
  const scanned = scanProject(files.map((f) => ({ text: f.text, fileName: f.path })));
  repoCount++;
  fileCount += files.length;
  files.forEach((f, k) => {
    const matches = scanned[k] ?? [];
    const isLabelled = labelled.has(`${repo}\t${f.path}`);
    const language = languageOf({ fileName: f.path, text: f.text }) ?? 'other';
    const lines = f.text.split('\n');
    const offsets: number[] = [];
    for (let k = 0, at = 0; k < lines.length; k++) {
      offsets.push(at);
      at += lines[k]!.length + 1;
    }
    if (!isLabelled)
      for (const m of matches) unlabelledMatches.push({ repo, path: f.path, match: m, text: lines[m.line - 1] ?? '' });
    const covered = new Set<number>();
    for (const m of matches) for (let l = m.line; l <= (m.endLine ?? m.line); l++) covered.add(l - 1);
    const importsClient = {
      go: f.text.includes('hashicorp/go-tfe') || f.path.startsWith('tfe/') || /^package tfe\b/m.test(f.text),
      python:
        /\b(?:terrasnek|pytfe|pytfc|tfe)\b/.test(f.text) &&
        /^\s*(?:from|import)\s+(?:terrasnek|pytfe|pytfc|tfe)\b/m.test(f.text),
    };
    lines.forEach((text, i) => {
      if (text.length > 2000) return;
      if (!SHAPES.some(({ re }) => re.test(text))) return;
      if (COMMENT.test(text)) {
        comments.count++;
        return;
      }
      const [start, end] = statementOf(lines, i);
      const what = shapeOf(text, lines.slice(start, end + 1).join('\n'), importsClient, (column) =>
        inRelationship(f.text, offsets[i]! + column),
      );
      if (!what) return;
      const { shape } = what;
      if (!what.subject) {
        bump(noSubject, shape);
        return;
      }
      let hit = false;
      for (let l = start; l <= end && !hit; l++) hit = covered.has(l);
      const lang = byLanguage.get(language) ?? { found: 0, missed: 0 };
      byLanguage.set(language, lang);
      if (hit) {
        bump(found, shape);
        lang.found++;
        return;
      }
      bump(missed, shape);
      lang.missed++;
      misses.push({
        repo,
        path: f.path,
        line: i + 1,
        language,
        shape,
        note: what.note,
        text: text.trim().slice(0, 200),
        labelled: isLabelled,
      });
    });
  });
}

// ---- report ----
const pct = (a: number, b: number): string => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
const shapes = [...new Set([...found.keys(), ...missed.keys()])].sort();
const foundAll = [...found.values()].reduce((a, b) => a + b, 0);
const missedAll = misses.length;
const summary: string[] = [];
summary.push(
  `history probe: ${repoCount} repositories, ${fileCount} files (${boundedRepos} past the bound: candidate files only), ${((Date.now() - started) / 1000).toFixed(0)} s${absent.length ? `; absent: ${absent.join(' ')}` : ''}`,
);
summary.push(
  `candidate lines: ${foundAll + missedAll}, annotated on their statement ${foundAll} (${pct(foundAll, foundAll + missedAll)}), not ${missedAll}; in labelled files not ${misses.filter((m) => m.labelled).length}; comment lines left out ${comments.count}`,
);
summary.push(
  `lines naming no subject with history (not counted): ${[...noSubject].map(([k, n]) => `${k} ${n}`).join(', ')}`,
);
summary.push('per shape (annotated / not):');
for (const s of shapes)
  summary.push(
    `  ${s.padEnd(16)} ${String(found.get(s) ?? 0).padStart(6)} / ${String(missed.get(s) ?? 0).padStart(6)}  ${pct(found.get(s) ?? 0, (found.get(s) ?? 0) + (missed.get(s) ?? 0))}`,
  );
summary.push('per language (annotated / not):');
for (const [l, c] of [...byLanguage].sort((a, b) => b[1].missed - a[1].missed))
  summary.push(
    `  ${l.padEnd(16)} ${String(c.found).padStart(6)} / ${String(c.missed).padStart(6)}  ${pct(c.found, c.found + c.missed)}`,
  );
const kinds = new Map<string, number>();
for (const m of misses) bump(kinds, `${m.language} ${m.shape}`);
summary.push('not annotated, per language x shape (top 30):');
for (const [k, n] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 30))
  summary.push(`  ${String(n).padStart(6)}  ${k}`);

// A seeded sample of annotations in files no set labels: read them by eye for wrong ones.
let seed = 18;
const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const sample = [...unlabelledMatches];
for (let i = sample.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [sample[i], sample[j]] = [sample[j]!, sample[i]!];
}
const out = [
  ...summary,
  '',
  `## not annotated (${misses.length}): repository path:line [language shape] (L = a labelled file) text`,
  ...misses.map(
    (m) =>
      `${m.repo} ${m.path}:${m.line} [${m.language} ${m.shape}${m.note ? ` ${m.note}` : ''}]${m.labelled ? ' L' : ''} ${m.text}`,
  ),
  '',
  `## sample of annotations in unlabelled files (${Math.min(SAMPLE, sample.length)} of ${sample.length})`,
  ...sample
    .slice(0, SAMPLE)
    .map(
      ({ repo, path, match, text }) =>
        `${repo} ${path}:${match.line} ${match.subject.id} (${match.via} ${match.confidence}${match.sdk ? ` sdk=${match.sdk.name}` : ''}) | ${text.trim().slice(0, 160)}`,
    ),
];
writeFileSync(OUT, `${out.join('\n')}\n`);
// Every annotation in the unlabelled files, one a line (compare two runs: what a change adds or takes away).
writeFileSync(
  `${OUT}.annotations`,
  unlabelledMatches
    .map(
      ({ repo, path, match, text }) =>
        `${repo} ${path}:${match.line} ${match.subject.id} | ${text.trim().slice(0, 160)}`,
    )
    .join('\n'),
);
console.log(summary.join('\n'));
console.log(`list and sample: ${OUT}; every annotation in unlabelled files: ${OUT}.annotations`);
