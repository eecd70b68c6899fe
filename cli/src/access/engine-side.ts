import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { readEngineAccessModel, type AccessModel } from '@keyfob/shared/access';
import {
  CONNECTION_OPTIONS,
  CONNECTION_USAGE,
  clientFor,
  connectionFromFlags,
  type ConnectionValues,
} from '../connection.ts';
import { failureText } from '../commands/creds.ts';
import { UsageError, type CliIo } from '../io.ts';
import { quoted } from '@keyfob/shared/text';

/** A side of `keyfob access diff` read from an engine. */
export type EngineSide = 'base' | 'head';

/** The connection flags both engines share (URL and token are given per side, mount with the files'). */
const { url: _url, token: _token, mount: _mount, ...SHARED } = CONNECTION_OPTIONS;
void _url;
void _token;
void _mount;

/** The per-side flags: where each engine is and where its token is kept (never the token itself). */
export const ENGINE_SIDE_OPTIONS = {
  ...SHARED,
  'base-url': { type: 'string' },
  'base-token-env': { type: 'string' },
  'base-token-file': { type: 'string' },
  'head-url': { type: 'string' },
  'head-token-env': { type: 'string' },
  'head-token-file': { type: 'string' },
} as const;

/** Usage of the per-side flags, then the shared ones as every engine command explains them. */
export const ENGINE_SIDE_USAGE = `Engines (instead of a commit or the working tree):
  --base-url URL            read the base side from a running engine instead of a commit
  --head-url URL            read the head side from a running engine instead of the files (no PATH)
  --base-token-env NAME     the environment variable holding the base engine's token (default
                            KEYFOB_BASE_TOKEN, then KEYFOB_TOKEN, then VAULT_TOKEN)
  --base-token-file FILE    a file holding the base engine's token (one line; read, never printed)
  --head-token-env NAME     the same for the head engine (default KEYFOB_HEAD_TOKEN, then
                            KEYFOB_TOKEN, then VAULT_TOKEN)
  --head-token-file FILE
  Tokens are never taken as flag values (flags end up in logs and shell history). Each token needs
  list and read on sys/policies/acl, auth/<jwt-path>/role and <mount>/roles. The connection flags
  below apply to both engines:
${sharedConnectionUsage()}`;

/** The variables a side's token is looked up in when no --*-token-env or --*-token-file is given. */
const DEFAULT_TOKEN_ENV: Record<EngineSide, readonly string[]> = {
  base: ['KEYFOB_BASE_TOKEN', 'KEYFOB_TOKEN', 'VAULT_TOKEN'],
  head: ['KEYFOB_HEAD_TOKEN', 'KEYFOB_TOKEN', 'VAULT_TOKEN'],
};

/** A token file is one line; anything longer is not a token. */
const MAX_TOKEN_FILE_BYTES = 16 * 1024;

type SideValues = ConnectionValues & { readonly [K in keyof typeof ENGINE_SIDE_OPTIONS]?: string | undefined };

/**
 * Reads one side's access model from its engine (`--base-url`/`--head-url`), with the token from the
 * named variable or file. Resolves `undefined` after saying why when the engine refused or failed.
 */
export async function readEngineSide(
  side: EngineSide,
  values: SideValues,
  jwtMount: string,
  io: CliIo,
): Promise<AccessModel | undefined> {
  const url = values[`${side}-url`];
  if (url === undefined) throw new Error(`no --${side}-url`);
  const token = sideToken(side, values, io);
  const names = { url: `--${side}-url`, token: `the ${side} token (--${side}-token-env|--${side}-token-file)` };
  const settings = connectionFromFlags({ ...values, url, token }, io, names);
  const client = await clientFor(settings);
  try {
    const { model, errors } = await readEngineAccessModel(client, { jwtMount });
    for (const e of errors) io.stderr(`${side} (${url}): warning: ${e.replace(/[\r\n]+/g, ' ')}\n`);
    return model;
  } catch (error) {
    io.stderr(
      `keyfob access diff: ${side} engine ${url}: ${failureText(error, 'read policies, JWT roles and roles', undefined, client.mount, names)}\n`,
    );
    return undefined;
  }
}

/** The side's token: from --SIDE-token-file, else the variable --SIDE-token-env names, else the defaults. */
function sideToken(side: EngineSide, values: SideValues, io: CliIo): string | undefined {
  const envFlag = `--${side}-token-env`;
  const fileFlag = `--${side}-token-file`;
  const name = values[`${side}-token-env`];
  const file = values[`${side}-token-file`];
  if (name !== undefined && file !== undefined) throw new UsageError(`give ${envFlag} or ${fileFlag}, not both`);
  if (file !== undefined) return readTokenFile(fileFlag, file, io.cwd);
  if (name !== undefined) {
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,127}$/.test(name))
      throw new UsageError(
        `${envFlag} takes the NAME of an environment variable (letters, digits, _), not ${quoted(name, 32)}; the token itself is never a flag value`,
      );
    const token = io.env[name];
    if (token === undefined || token === '')
      throw new UsageError(`${envFlag} ${name}: the variable is not set; export it with the ${side} engine's token`);
    return token;
  }
  for (const each of DEFAULT_TOKEN_ENV[side]) {
    const token = io.env[each];
    if (token !== undefined && token !== '') return token;
  }
  return undefined;
}

function readTokenFile(flag: string, path: string, cwd: string): string {
  const absolute = resolve(cwd, path);
  const fail = (why: string): never => {
    throw new UsageError(`${flag} ${quoted(path, 200)}: ${why}`);
  };
  try {
    if (statSync(absolute).size > MAX_TOKEN_FILE_BYTES)
      fail(`more than ${MAX_TOKEN_FILE_BYTES} bytes; give a file holding the token alone`);
    return readFileSync(absolute, 'utf8').replace(/\r?\n$/, '');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    return fail(
      `cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'}); give the path of a file holding the token`,
    );
  }
}

/** CONNECTION_USAGE's entries of the shared flags (not --url, --token, --mount, given otherwise here). */
function sharedConnectionUsage(): string {
  const out: string[] = [];
  let keep = false;
  for (const line of CONNECTION_USAGE.split('\n').slice(1)) {
    const flag = /^ {2}--([\w-]+) /.exec(line)?.[1];
    if (flag !== undefined) keep = flag in SHARED;
    else if (!/^ {4,}/.test(line)) keep = true;
    if (keep && line !== '') out.push(line);
  }
  return `${out.join('\n')}\n`;
}
