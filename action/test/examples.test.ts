import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { parseRolesInput } from '@keyfob/shared/credentials';
import { MODES } from '../src/action-config.ts';
import { ALL_INPUTS } from '../src/mode-inputs.ts';

interface Workflow {
  permissions?: Record<string, string>;
  jobs: Record<
    string,
    { permissions?: Record<string, string>; steps: { uses?: string; with?: Record<string, unknown> }[] }
  >;
}

const folder = new URL('../../examples/workflows/', import.meta.url);
const workflows = readdirSync(folder).filter((f) => f.endsWith('.yml'));

describe('examples/workflows', () => {
  it('covers OIDC login, several roles, static rotation, role files, code scanning, the API-changes check, the access review and a long job with refreshing credentials', () => {
    assert.deepEqual(workflows.sort(), [
      'access-review.yml',
      'api-changes.yml',
      'code-scanning.yml',
      'long-job-refresh.yml',
      'oidc-credentials.yml',
      'role-files.yml',
      'several-roles.yml',
      'static-rotation.yml',
    ]);
  });

  for (const file of workflows) {
    it(`${file}: every keyfob step uses real inputs with valid values`, () => {
      const workflow = parse(readFileSync(new URL(file, folder), 'utf8')) as Workflow;
      const steps = Object.values(workflow.jobs).flatMap((job) =>
        job.steps.filter((s) => s.uses?.startsWith('keyfob/keyfob/action@')),
      );
      assert.ok(steps.length > 0);
      for (const step of steps) {
        const inputs = step.with ?? {};
        for (const name of Object.keys(inputs)) assert.ok(ALL_INPUTS.includes(name), `${file}: unknown input ${name}`);
        if (inputs.mode !== undefined)
          assert.ok(
            (MODES as readonly unknown[]).includes(inputs.mode),
            `${file}: mode ${JSON.stringify(inputs.mode)}`,
          );
        if (typeof inputs.roles === 'string') assert.deepEqual(parseRolesInput(inputs.roles).problems, []);
        const jwtLogin = inputs['jwt-role'] !== undefined;
        if (jwtLogin)
          assert.equal(workflow.permissions?.['id-token'], 'write', `${file}: a JWT login needs id-token: write`);
      }
    });
  }

  it('access-review.yml runs on pull requests that touch role, policy or JWT role files, with the permissions the comment needs', () => {
    const workflow = parse(readFileSync(new URL('access-review.yml', folder), 'utf8')) as Workflow & {
      on: { pull_request: { paths: string[] } };
    };
    assert.deepEqual(workflow.permissions, { contents: 'read', 'pull-requests': 'write' });
    const paths = workflow.on.pull_request.paths;
    for (const file of ['a/b.role.yaml', 'x.policy.hcl', 'keyfob/gh.jwt-role.yaml', 'p.policy.json'])
      assert.ok(
        paths.some((glob) => file.endsWith(glob.replace('**/*', ''))),
        `${file} matches a paths filter`,
      );
    const step = Object.values(workflow.jobs)[0]?.steps.find((s) => s.uses?.startsWith('keyfob/keyfob/action@'));
    assert.equal(step?.with?.mode, 'access-diff');
  });

  it('code-scanning.yml uploads the very file the lint step writes, with the permission upload-sarif needs', () => {
    const workflow = parse(readFileSync(new URL('code-scanning.yml', folder), 'utf8')) as Workflow;
    const [job] = Object.values(workflow.jobs);
    const lint = job?.steps.find((s) => s.uses?.startsWith('keyfob/keyfob/action@'));
    const upload = job?.steps.findIndex((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@')) ?? -1;
    assert.ok(lint && upload > (job?.steps.indexOf(lint) ?? 0), 'upload-sarif comes after the lint step');
    assert.equal(lint.with?.mode, 'lint');
    assert.equal(job?.steps[upload]?.with?.sarif_file, lint.with?.['sarif-file']);
    assert.equal(job?.permissions?.['security-events'], 'write');
  });
});
