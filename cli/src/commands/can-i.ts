import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { collectDesiredState } from '@keyfob/shared/apply';
import { CONNECTION_DEFAULTS } from '@keyfob/shared/client';
import type { RoleDefinition } from '@keyfob/shared/rules';
import { canI, describeStatement, type CanIAnswer } from '@keyfob/shared/iam-policy';
import { clientFor, connectionFromFlags, CONNECTION_OPTIONS } from '../connection.ts';
import { failureText } from './creds.ts';
import { EXIT, UsageError, type CliIo } from '../io.ts';
import { defineCommand, type CommandInput } from '../command.ts';
import { quoted } from '@keyfob/shared/text';

const USAGE = `usage: keyfob can-i ROLE ACTION [RESOURCE] [--file PATH]... [--context KEY=VALUE]... [--format text|json]
       keyfob can-i --access-key ID [--session-token T] ACTION [RESOURCE] [--url URL] [--token TOKEN] [--context ...]

Answers whether credentials issued for ROLE may call ACTION (e.g. iam:ListUsers) on RESOURCE
(default *), with the same policy evaluator the emulated cloud runs on every call, and names the
statement that decided. ROLE is a role file (*.role.yaml|json), or a role name found in the files
given with --file (role files and manifests).

With --access-key it asks a running engine started with --dev (POST /v1/sys/dev/can-i) about
credentials it issued: the same evaluation the emulated cloud runs on their calls.

  --file PATH            role file or manifest to look ROLE up in (repeatable)
  --access-key ID        issued credentials to ask about (with --session-token for STS ones)
  --url URL, --token T   the engine (default $KEYFOB_URL or http://127.0.0.1:8200, $KEYFOB_TOKEN);
                         the other connection flags of keyfob creds apply too
  --context KEY=VALUE    a request context key for conditions, e.g. aws:SourceIp=10.0.0.1 (repeatable)
  --format text|json     answer as text (default) or JSON

Exit status: 0 allowed, 1 denied, 2 usage error (no such role, a file with errors).
`;

const OPTIONS = {
  file: { type: 'string', multiple: true },
  context: { type: 'string', multiple: true },
  'access-key': { type: 'string' },
  'session-token': { type: 'string' },
  ...CONNECTION_OPTIONS,
} as const;

type Format = 'text' | 'json';

/** `keyfob can-i ROLE ACTION [RESOURCE]`: see USAGE. */
export const canICommand = defineCommand({
  usage: USAGE,
  options: OPTIONS,
  formats: ['text', 'json'],
  run: async ({ values, positionals, format }, io) => {
    if (values['access-key'] !== undefined) return askEngine(values, positionals, format, io);
    const [roleArg, action, resource = '*'] = positionals;
    if (roleArg === undefined || action === undefined || positionals.length > 3)
      throw new UsageError(`give ROLE and ACTION (and optionally RESOURCE)\n\n${USAGE}`);
    if (!/^([a-z0-9-]+:[A-Za-z0-9*?]+|\*)$/.test(action))
      throw new UsageError(`ACTION must look like service:Operation (e.g. iam:ListUsers), not ${quoted(action)}`);
    const context = contextOf(values.context);
    const files = values.file && values.file.length > 0 ? values.file : [roleArg];
    const texts = await Promise.all(
      files.map(async (file) => {
        try {
          return { file, text: await readFile(resolve(io.cwd, file), 'utf8') };
        } catch {
          throw new UsageError(`${file}: cannot read the file`);
        }
      }),
    );
    const state = collectDesiredState(texts, { mount: CONNECTION_DEFAULTS.mount });
    if (!state.ok) throw new UsageError(`the role files have errors; run keyfob lint ${files.join(' ')}`);
    const roles = [...state.desired.roles.entries()];
    const found =
      values.file && values.file.length > 0
        ? roles.find(([name]) => name === roleArg)
        : roles.length === 1
          ? roles[0]
          : undefined;
    if (!found) {
      const names = roles.map(([name]) => name).join(', ') || 'none';
      throw new UsageError(
        values.file
          ? `no role named ${quoted(roleArg)} in the files (roles: ${names})`
          : `${roleArg} must hold exactly one role (found: ${names}); name it with --file`,
      );
    }
    const [name, declared] = found;
    const answer = canI(rolePolicies(declared.definition), { action, resource, context });
    io.stdout(
      format === 'json'
        ? `${JSON.stringify(jsonAnswer(name, action, resource, answer))}\n`
        : textAnswer(name, action, resource, answer),
    );
    return answer.allowed ? EXIT.ok : EXIT.failed;
  },
});

type Values = CommandInput<typeof OPTIONS, Format>['values'];

function contextOf(pairs: readonly string[] | undefined): Record<string, string> {
  const context: Record<string, string> = {};
  for (const pair of pairs ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--context takes KEY=VALUE, not ${quoted(pair)}`);
    context[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return context;
}

/** `--access-key`: the engine's dev API evaluates the call for the principal behind the key. */
async function askEngine(values: Values, positionals: readonly string[], format: Format, io: CliIo): Promise<number> {
  const [action, resource = '*'] = positionals;
  if (action === undefined || positionals.length > 2)
    throw new UsageError(`give ACTION (and optionally RESOURCE) after --access-key\n\n${USAGE}`);
  const settings = connectionFromFlags(values, io);
  if (!settings.token) throw new UsageError('--token or $KEYFOB_TOKEN is needed to ask the engine');
  const client = await clientFor(settings);
  const sessionToken = values['session-token'];
  const question = {
    access_key: values['access-key'] ?? '',
    ...(sessionToken ? { session_token: sessionToken } : {}),
    action,
    resource,
    context: contextOf(values.context),
  };
  let answer: Awaited<ReturnType<typeof client.dev.canI>>;
  try {
    answer = await client.dev.canI(question);
  } catch (error) {
    throw new Error(failureText(error, 'ask the engine whether the key may call the action'), { cause: error });
  }
  if (!answer.ok && answer.status === 404)
    throw new Error('the engine has no /v1/sys/dev/can-i: start it with keyfob serve --dev');
  if (!answer.ok) throw new Error(`the engine answered ${answer.status}: ${answer.errors.join('; ').slice(0, 300)}`);
  const data = answer.data as unknown as EngineAnswer;
  const result: CanIAnswer = {
    allowed: data.allowed,
    evaluation: data.evaluation,
    limit: data.limit,
    free: data.evaluation === undefined && data.allowed ? 'sts:GetCallerIdentity needs no permission' : undefined,
    assumptions: [],
    unknownPolicies: [],
  };
  io.stdout(
    format === 'json'
      ? `${JSON.stringify({ principal: data.principal, ...jsonAnswer(data.principal, action, resource, result) })}\n`
      : textAnswer(data.principal, action, resource, result).replace(/^(yes|no): role /, '$1: '),
  );
  return data.allowed ? EXIT.ok : EXIT.failed;
}

interface EngineAnswer {
  readonly principal: string;
  readonly allowed: boolean;
  readonly evaluation: CanIAnswer['evaluation'];
  readonly limit: string | undefined;
}

function rolePolicies(role: RoleDefinition): Parameters<typeof canI>[0] {
  return {
    credentialType: role.credentialType,
    policyDocument: role.policyDocument,
    policyArns: role.policyArns,
    permissionsBoundaryArn: role.permissionsBoundaryArn,
    mfaSerialNumber: role.mfaSerialNumber,
  };
}

function textAnswer(name: string, action: string, resource: string, answer: CanIAnswer): string {
  const lines = [
    `${answer.allowed ? 'yes' : 'no'}: role ${name} ${answer.allowed ? 'may' : 'may not'} call ${action} on ${resource}`,
  ];
  const ev = answer.evaluation;
  if (answer.free) lines.push(`  ${answer.free}`);
  else if (answer.limit) lines.push(`  decided by the provider's fixed limit: ${answer.limit}`);
  else if (ev?.decision === 'allow') for (const s of ev.statements) lines.push(`  allowed by ${describeStatement(s)}`);
  else if (ev?.decision === 'explicit-deny') lines.push(`  denied by ${describeStatement(ev.statement)}`);
  else if (ev?.decision === 'implicit-deny') lines.push(`  denied: no ${ev.policyType} allows the ${action} action`);
  for (const arn of answer.unknownPolicies)
    lines.push(`  note: ${arn} is not a managed policy keyfob knows; it grants nothing here`);
  for (const a of answer.assumptions) lines.push(`  assumed: ${a}`);
  return `${lines.join('\n')}\n`;
}

function jsonAnswer(name: string, action: string, resource: string, answer: CanIAnswer): Record<string, unknown> {
  const ev = answer.evaluation;
  return {
    role: name,
    action,
    resource,
    allowed: answer.allowed,
    decision: ev?.decision ?? (answer.free ? 'no-permission-needed' : 'limit'),
    statements: ev?.decision === 'allow' ? ev.statements : ev?.decision === 'explicit-deny' ? [ev.statement] : [],
    ...(ev?.decision === 'implicit-deny' ? { missingAllowIn: ev.policyType } : {}),
    ...(answer.limit ? { limit: answer.limit } : {}),
    unknownPolicies: answer.unknownPolicies,
    assumptions: answer.assumptions,
  };
}
