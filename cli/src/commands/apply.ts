import { readFile } from 'node:fs/promises';
import {
  applyFiles,
  describeApplyOutcome,
  planLine,
  type ApplyOutcome,
  type Plan,
  type PlanStep,
  type RoleFileText,
} from '@keyfob/shared/apply';
import { isRoleFileName } from '@keyfob/shared/lint';
import type { Problem } from '@keyfob/shared/problem';
import { EXIT, UsageError, type CliIo } from '../io.ts';
import { collectFiles } from '../lint/collect-files.ts';
import { readWorkflows } from '../lint/read-workflows.ts';
import { defineCommand } from '../command.ts';
import { clientFromFlags, CONNECTION_OPTIONS, CONNECTION_USAGE } from '../connection.ts';
import { failureText } from './creds.ts';

const USAGE = `usage: keyfob apply PATH... [--dry-run] [--prune] [--format text|json] [connection options]

Makes the engine's roles and static roles match role files (*.role.*, *.static-role.*, manifests),
and its ACL policies and JWT roles (auth/jwt) match *.policy.hcl|json and *.jwt-role.* files, the
same way the GitHub Action's apply mode does. The files are linted first; nothing is applied
while any has an error. PATH is a file, a folder (walked recursively) or a glob.

  --dry-run          show the plan, change nothing
  --prune            also delete roles, static roles, policies and JWT roles that no file declares
                     (policies and JWT roles only when the files declare some; never root or default)
  --format F         text (default) or json ({"plan":[...],"changed":bool,"problems":[...]}, after
                     a run also "applied":[...] and "notApplied":[{...,"status":"failed"|"not
                     attempted"}] with "error")

When the engine refuses a change, apply stops there and says exactly which changes were made and
which were not (the failed one and those never attempted), and exits 1. A static role adopts an
existing cloud user: on a local \`keyfob serve\`, create the users with --cloud FILE (see
examples/cloud.yaml) or --dev.

${CONNECTION_USAGE}
Exit status: 0 applied (or planned), 1 errors in the files or the engine refused, 2 usage error.
`;

/** `keyfob apply PATH...`: plans and applies role files; see USAGE. */
export const applyCommand = defineCommand({
  usage: USAGE,
  options: { ...CONNECTION_OPTIONS, 'dry-run': { type: 'boolean' }, prune: { type: 'boolean' } },
  formats: ['text', 'json'],
  run: async ({ values, positionals, format }, io) => {
    if (positionals.length === 0) throw new UsageError(`give at least one file, folder or glob\n\n${USAGE}`);
    const client = await clientFromFlags(values, io);
    const files = await readFiles(positionals, io);
    if (files === undefined) return EXIT.usage;
    let problems: FileProblem[] = [];
    const result = await applyFiles(
      client,
      files,
      {
        mount: client.mount,
        workflows: await readWorkflows(io.cwd, io.cwd),
        prune: values.prune ?? false,
        dryRun: values['dry-run'] ?? false,
      },
      {
        linted: (collected) => {
          problems = collected.files.flatMap((f) => f.problems.map((p) => ({ file: f.file, ...p })));
          if (format === 'text') for (const p of problems) io.stderr(problemLine(p));
        },
        planned: (plan) => {
          if (format === 'text') report(plan, io);
        },
        applied: ({ step, warnings }) =>
          io.stderr(
            `keyfob apply: ${step.op} ${step.kind} ${step.name} done${warnings.length > 0 ? ` (${warnings.join('; ')})` : ''}\n`,
          ),
      },
    );
    const json = (report: object): void => {
      if (format === 'json') io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    };
    if (result.status === 'invalid') {
      json({ plan: [], changed: false, problems });
      io.stderr('keyfob apply: the role files have errors; nothing was applied.\n');
      return EXIT.failed;
    }
    if (result.status === 'unread') {
      json({ plan: [], changed: false, problems, applied: [], notApplied: [] });
      io.stderr(
        `keyfob apply: ${failureText(result.error, "read the engine's roles", undefined, client.mount)}; nothing was applied.\n`,
      );
      return EXIT.failed;
    }
    const plan = result.plan;
    if (result.status === 'planned') {
      json(jsonReport(plan, problems));
      io.stderr(
        values['dry-run']
          ? 'keyfob apply: dry run, nothing changed.\n'
          : 'keyfob apply: the engine already matches the files.\n',
      );
      return EXIT.ok;
    }
    const outcome = result.outcome;
    const error =
      outcome.failed === undefined
        ? undefined
        : failureText(
            result.error,
            `${outcome.failed.op} ${outcome.failed.kind} "${outcome.failed.name}"`,
            outcome.failed.name,
            client.mount,
          );
    json(jsonReport(plan, problems, outcome, error));
    if (error !== undefined) {
      io.stderr(`keyfob apply: ${error}\n`);
      // What the engine now holds, on stdout beside the plan (text), so the report is never lost in logs.
      if (format === 'text') io.stdout(`${describeApplyOutcome(outcome).join('\n')}\n`);
      io.stderr(
        `keyfob apply: stopped: ${outcome.applied.length} applied, ${1 + outcome.notAttempted.length} not applied.\n`,
      );
      if (outcome.failed?.kind === 'static-role' && /NoSuchEntity|cannot be found/.test(error)) {
        io.stderr(
          'keyfob apply: a static role adopts an existing cloud user; on a local engine start it with keyfob serve --cloud FILE listing the users (see examples/cloud.yaml).\n',
        );
      }
      return EXIT.failed;
    }
    return EXIT.ok;
  },
});

type FileProblem = Problem & { readonly file: string };

/** A file's problem as one line: `file:line:column severity CODE message`. */
function problemLine(p: FileProblem): string {
  return `${p.file || 'keyfob apply'}${p.range ? `:${p.range.startLine}:${p.range.startColumn}` : ''} ${p.severity} ${p.code} ${p.message}\n`;
}

/** The JSON report: the plan, then (after a run) what was applied and what was not, and why. */
function jsonReport(plan: Plan, problems: readonly object[], outcome?: ApplyOutcome, error?: string): object {
  const brief = ({ op, kind, name, fields }: PlanStep) => ({ op, kind, name, fields });
  const base = { plan: plan.steps.map(brief), changed: plan.changed, problems: [...problems, ...plan.problems] };
  if (outcome === undefined) return base;
  const notApplied =
    outcome.failed === undefined
      ? []
      : [
          { ...brief(outcome.failed), status: 'failed', error },
          ...outcome.notAttempted.map((s) => ({ ...brief(s), status: 'not attempted' })),
        ];
  return { ...base, applied: outcome.applied.map(brief), notApplied, ...(error === undefined ? {} : { error }) };
}

/** The role files among the paths: named ones always, walked ones when their names mark them. */
async function readFiles(paths: readonly string[], io: CliIo): Promise<RoleFileText[] | undefined> {
  const { files, missing } = await collectFiles(paths, io.cwd);
  for (const m of missing) io.stderr(`keyfob apply: ${m.argument}: no such file, folder or matching file\n`);
  if (missing.length > 0) return undefined;
  const chosen = files.filter((f) => f.explicit || isRoleFileName(f.display));
  return Promise.all(chosen.map(async (f) => ({ file: f.display, text: await readFile(f.absolute, 'utf8') })));
}

function report(plan: Plan, io: CliIo): void {
  for (const note of plan.problems) io.stderr(`keyfob apply: ${note.severity}: ${note.message}\n`);
  const lines = plan.steps.map(planLine);
  const count = (op: PlanStep['op']) => plan.steps.filter((s) => s.op === op).length;
  lines.push(
    `plan: ${count('create')} to create, ${count('update')} to update, ${count('replace')} to replace, ${count('delete')} to delete, ${count('unchanged')} unchanged`,
  );
  io.stdout(`${lines.join('\n')}\n`);
}
