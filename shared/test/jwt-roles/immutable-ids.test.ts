// GitHub's immutable subject claims (repo:OWNER-ID/REPO-ID:..., since 2026-06-18): the trust rules
// through lintText (code, severity, range on the text at fault) and their quick fixes applied, with
// ids from github-ids.yaml or the workflow context only.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { quickFixesFor } from '../../src/editor/quick-fixes.ts';
import { applyEdits } from '../../src/editor/text-edit.ts';
import {
  githubIdsFromContext,
  mergeGithubIds,
  parseGithubSubject,
  readGithubIds,
  type GithubIds,
} from '../../src/jwt-roles/index.ts';
import { lintText } from '../../src/lint/index.ts';

const IDS_FILE = `# github-ids.yaml
owners:
  octo: 99
repositories:
  octo/app: 4242
  octo/api: { id: 4243, subject: id }
  octo/legacy: { id: 4244, subject: name }
`;
const ids = readGithubIds(IDS_FILE).ids;
const head = 'role_type: jwt\nuser_claim: repository\nbound_audiences: [https://github.com/octo]\n';

interface Case {
  readonly name: string;
  readonly text: string;
  readonly ids?: GithubIds;
  /** Expected new-rule findings: code, severity, the text its range covers. */
  readonly expected: readonly (readonly [string, string, string])[];
  /** The fix's title and the whole fixed text, when a fix is expected. */
  readonly fix?: { readonly title: RegExp; readonly text: string };
  readonly fileName?: string;
}

const NEW_RULES = ['JWT_TRUST_NAME_WITHOUT_ID', 'JWT_TRUST_SUB_FORMAT_MISMATCH', 'JWT_TRUST_GLOB_SPANS_FORMATS'];

const cases: readonly Case[] = [
  {
    name: 'sub by name with repository_id: no finding',
    text: `${head}bound_claims:\n  sub: repo:octo/app:ref:refs/heads/main\n  repository_id: '4242'\n`,
    ids,
    expected: [],
  },
  {
    name: 'sub by name only, the id known: the fix adds repository_id',
    text: `${head}bound_claims:\n  sub: repo:octo/app:ref:refs/heads/main\n`,
    ids,
    expected: [['JWT_TRUST_NAME_WITHOUT_ID', 'info', 'repo:octo/app:ref:refs/heads/main']],
    fix: {
      title: /^Add bound_claims\.repository_id: "4242" \(from github-ids\.yaml\)$/,
      text: `${head}bound_claims:\n  sub: repo:octo/app:ref:refs/heads/main\n  repository_id: "4242"\n`,
    },
  },
  {
    name: 'sub by name only, the id unknown: the finding names how to get it, no fix',
    text: `${head}bound_claims:\n  sub: repo:octo/other:ref:refs/heads/main\n`,
    ids,
    expected: [['JWT_TRUST_NAME_WITHOUT_ID', 'info', 'repo:octo/other:ref:refs/heads/main']],
  },
  {
    name: 'bound_subject by name, no bound_claims: the fix adds the map',
    text: `${head}bound_subject: repo:octo/app:environment:prod\n`,
    ids,
    expected: [['JWT_TRUST_NAME_WITHOUT_ID', 'info', 'repo:octo/app:environment:prod']],
    fix: {
      title: /^Add bound_claims\.repository_id/,
      text: `${head}bound_subject: repo:octo/app:environment:prod\nbound_claims:\n  repository_id: "4242"\n`,
    },
  },
  {
    name: 'repository claim by name (JSON): the fix adds repository_id',
    fileName: 'a.jwt-role.json',
    text: '{\n  "role_type": "jwt",\n  "user_claim": "sub",\n  "bound_audiences": ["x"],\n  "bound_claims": {\n    "repository": "octo/app"\n  }\n}\n',
    ids,
    expected: [['JWT_TRUST_NAME_WITHOUT_ID', 'info', '"octo/app"']],
    fix: {
      title: /^Add bound_claims\.repository_id: "4242"/,
      text: '{\n  "role_type": "jwt",\n  "user_claim": "sub",\n  "bound_audiences": ["x"],\n  "bound_claims": {\n    "repository": "octo/app",\n    "repository_id": "4242"\n  }\n}\n',
    },
  },
  {
    name: 'owner by name only: the fix adds repository_owner_id',
    text: `${head}bound_claims:\n  repository_owner: octo\n`,
    ids,
    expected: [['JWT_TRUST_NAME_WITHOUT_ID', 'info', 'octo']],
    fix: {
      title: /^Add bound_claims\.repository_owner_id: "99"/,
      text: `${head}bound_claims:\n  repository_owner: octo\n  repository_owner_id: "99"\n`,
    },
  },
  {
    name: 'owner by name with repository_owner_id: no finding',
    text: `${head}bound_claims:\n  repository_owner: octo\n  repository_owner_id: '99'\n`,
    expected: [],
  },
  {
    name: 'sub in the id form pins by id: no finding',
    text: `${head}bound_claims:\n  sub: repo:octo-99/app-4242:ref:refs/heads/main\n`,
    expected: [],
  },
  {
    name: 'name-form sub for a repository whose tokens carry ids: never matches; the fix writes the id form',
    text: `${head}bound_claims:\n  sub: repo:octo/api:ref:refs/heads/main\n  repository_id: '4243'\n`,
    ids,
    expected: [['JWT_TRUST_SUB_FORMAT_MISMATCH', 'warning', 'repo:octo/api:ref:refs/heads/main']],
    fix: {
      title: /^Write sub as repo:octo-99\/api-4243:ref:refs\/heads\/main$/,
      text: `${head}bound_claims:\n  sub: repo:octo-99/api-4243:ref:refs/heads/main\n  repository_id: '4243'\n`,
    },
  },
  {
    name: 'id-form sub for a repository still on names (and the reverse fix, in a list)',
    text: `${head}bound_claims:\n  sub:\n    - repo:octo-99/legacy-4244:environment:prod\n  repository_id: '4244'\n`,
    ids,
    expected: [['JWT_TRUST_SUB_FORMAT_MISMATCH', 'warning', 'repo:octo-99/legacy-4244:environment:prod']],
    fix: {
      title: /^Write sub as repo:octo\/legacy:environment:prod$/,
      text: `${head}bound_claims:\n  sub:\n    - repo:octo/legacy:environment:prod\n  repository_id: '4244'\n`,
    },
  },
  {
    name: 'the format is unknown without github-ids.yaml: no format finding',
    text: `${head}bound_claims:\n  sub: repo:octo/api:ref:refs/heads/main\n  repository_id: '4243'\n`,
    expected: [],
  },
  {
    name: 'a glob spanning both formats: the fix binds the two exact forms',
    text: `${head}bound_claims_type: glob\nbound_claims:\n  sub: repo:octo*/app*:ref:refs/heads/main\n`,
    ids,
    expected: [['JWT_TRUST_GLOB_SPANS_FORMATS', 'warning', 'repo:octo*/app*:ref:refs/heads/main']],
    fix: {
      title: /^Bind repo:octo\/app:ref:refs\/heads\/main and repo:octo-99\/app-4242:ref:refs\/heads\/main$/,
      text: `${head}bound_claims_type: glob\nbound_claims:\n  sub:\n    - repo:octo/app:ref:refs/heads/main\n    - repo:octo-99/app-4242:ref:refs/heads/main\n`,
    },
  },
  {
    name: 'owner-wide glob with a dash: repo:octo-*/*',
    text: `${head}bound_claims_type: glob\nbound_claims:\n  sub: 'repo:octo-*/*'\n`,
    ids,
    expected: [['JWT_TRUST_GLOB_SPANS_FORMATS', 'warning', "'repo:octo-*/*'"]],
    fix: {
      title: /^Bind repo:octo\/\* and repo:octo-99\/\*$/,
      text: `${head}bound_claims_type: glob\nbound_claims:\n  sub:\n    - repo:octo/*\n    - repo:octo-99/*\n`,
    },
  },
  {
    name: 'the same text as a string binding is literal: no glob finding',
    text: `${head}bound_claims:\n  sub: repo:octo*/app*:ref:refs/heads/main\n  repository_id: '4242'\n`,
    expected: [],
  },
];

describe('immutable subject claims: trust rules with ranges and fixes', () => {
  for (const c of cases) {
    test(c.name, () => {
      const fileName = c.fileName ?? 'a.jwt-role.yaml';
      const result = lintText(c.text, { fileName, ...(c.ids ? { trust: { githubIds: c.ids } } : {}) });
      const found = result.problems.filter((p) => NEW_RULES.includes(p.code));
      assert.deepEqual(
        found.map((p) => [p.code, p.severity, c.text.slice(p.range?.start, p.range?.end)]),
        c.expected,
      );
      const problem = found[0];
      const fixes = problem ? quickFixesFor(problem, { file: result.file, kind: 'jwt-role' }) : [];
      const fix = fixes.find((f) => !f.title.startsWith('Suppress'));
      if (!c.fix) return assert.equal(fix, undefined, fix?.title);
      assert.ok(fix, 'a fix is offered');
      assert.match(fix.title, c.fix.title);
      const fixed = applyEdits(c.text, fix.edits);
      assert.equal(fixed, c.fix.text);
      const after = lintText(fixed, { fileName, trust: { githubIds: ids } }).problems;
      assert.ok(!after.some((p) => p.code === problem?.code), 'the fix answers the finding');
    });
  }
});

describe('github-ids.yaml and the workflow context', () => {
  test('reads plain ids and entries with the subject format; owner ids from entries', () => {
    const read = readGithubIds('repositories:\n  Octo/App: { id: 7, owner_id: 8, subject: id }\n');
    assert.deepEqual(read.problems, []);
    assert.deepEqual(read.ids.repositories.get('octo/app'), { name: 'Octo/App', id: '7', ownerId: '8', subject: 'id' });
    assert.equal(read.ids.owners.get('octo'), '8');
  });
  test('entries that do not read are named and left out', () => {
    const read = readGithubIds(
      'repositories:\n  no-slash: 1\n  octo/app: { id: abc }\n  octo/ok: { id: 1, subject: uuid }\n',
    );
    assert.equal(read.ids.repositories.size, 0);
    assert.equal(read.problems.length, 3);
    assert.match(read.problems[0] ?? '', /repositories\."no-slash" must be OWNER\/REPO/);
  });
  test('the workflow context gives the running repository', () => {
    const context = githubIdsFromContext({
      GITHUB_REPOSITORY: 'octo/app',
      GITHUB_REPOSITORY_ID: '4242',
      GITHUB_REPOSITORY_OWNER_ID: '99',
    });
    assert.equal(context?.repositories.get('octo/app')?.id, '4242');
    assert.equal(githubIdsFromContext({ GITHUB_REPOSITORY: 'octo/app', GITHUB_REPOSITORY_ID: 'x' }), undefined);
    assert.equal(mergeGithubIds(ids, context)?.repositories.get('octo/api')?.id, '4243');
  });
  test('subjects in both formats; a name both of whose parts end in digits reads as a name when the file holds it', () => {
    assert.deepEqual(parseGithubSubject('repo:octo-99/app-4242:pull_request'), {
      owner: 'octo-99',
      repo: 'app-4242',
      context: 'pull_request',
      format: 'id',
      ownerName: 'octo',
      ownerId: '99',
      repoName: 'app',
      repoId: '4242',
    });
    assert.equal(parseGithubSubject('repo:octo/app:ref:refs/heads/main')?.format, 'name');
    const named = readGithubIds('repositories:\n  team-2/app-3: 5\n').ids;
    assert.equal(parseGithubSubject('repo:team-2/app-3:ref:x', named)?.format, 'name');
    assert.equal(parseGithubSubject('octo/app'), undefined);
  });
});
