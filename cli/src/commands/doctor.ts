import { isEngineError, type EngineClient } from '@keyfob/shared/client';
import { defineCommand } from '../command.ts';
import { clientFromFlags, connectionFromFlags, CONNECTION_OPTIONS, CONNECTION_USAGE } from '../connection.ts';
import { EXIT, UsageError } from '../io.ts';

const USAGE = `usage: keyfob doctor [--format text|json] [connection options]

Checks the way to the engine, one line per check: the URL (reachable), TLS (certificate accepted),
the node (sys/health: active, standby, performance standby, sealed... with the engine's version and
flavour: keyfob, Vault, Vault Enterprise or OpenBao), the token (auth/token/lookup-self) and the
mount (sys/mounts: present, its type and plugin version).

${CONNECTION_USAGE}
Exit status: 0 every check passed, 1 one failed (each failure says why), 2 usage error.
`;

/** One check and what it found. */
interface Check {
  readonly name: 'url' | 'tls' | 'node' | 'token' | 'mount';
  readonly ok: boolean;
  readonly detail: string;
}

/** `keyfob doctor`: checks URL, TLS, node role, engine version and flavour, token and mount. */
export const doctorCommand = defineCommand({
  usage: USAGE,
  options: CONNECTION_OPTIONS,
  formats: ['text', 'json'],
  run: async ({ values, positionals, format }, io) => {
    if (positionals.length > 0) throw new UsageError(`unknown argument ${positionals[0]}\n${USAGE}`);
    const settings = connectionFromFlags(values, io);
    const client = await clientFromFlags(values, io);
    const checks = await diagnose(client, settings.url, settings.mount, settings.token !== undefined);
    if (format === 'json') io.stdout(`${JSON.stringify({ url: client.url, checks }, null, 2)}\n`);
    else for (const c of checks) io.stdout(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name.padEnd(5)} ${c.detail}\n`);
    return checks.every((c) => c.ok) ? EXIT.ok : EXIT.failed;
  },
});

async function diagnose(client: EngineClient, url: string, mount: string, hasToken: boolean): Promise<Check[]> {
  const checks: Check[] = [];
  const https = url.startsWith('https:');
  let health;
  try {
    health = await client.health();
  } catch (error) {
    const code = isEngineError(error) ? error.networkCode : undefined;
    const message = error instanceof Error ? error.message : String(error);
    if (https && code !== undefined && /CERT|SELF_SIGNED|UNABLE_TO/.test(code)) {
      checks.push({ name: 'url', ok: true, detail: `${client.url} answers TLS` });
      checks.push({
        name: 'tls',
        ok: false,
        detail: `certificate refused (${code}): give the engine's CA with --ca-certificate`,
      });
    } else checks.push({ name: 'url', ok: false, detail: message });
    return checks;
  }
  checks.push({ name: 'url', ok: true, detail: `${client.url} answers` });
  checks.push({
    name: 'tls',
    ok: true,
    detail: https ? 'certificate accepted' : 'not used (http): fine on loopback only',
  });
  const flavor = {
    keyfob: 'keyfob engine',
    vault: 'Vault',
    'vault-enterprise': 'Vault Enterprise',
    openbao: 'OpenBao',
    unknown: 'unknown server',
  }[health.flavor];
  const serving = health.role === 'active' || health.role === 'standby' || health.role === 'perfstandby';
  checks.push({
    name: 'node',
    ok: serving,
    detail: `${health.status}: ${health.words}; ${flavor}${health.version ? ` ${health.version}` : ''}${health.clusterName ? `, cluster ${health.clusterName}` : ''}`,
  });
  if (!hasToken) {
    checks.push({ name: 'token', ok: false, detail: 'no token given (--token, $KEYFOB_TOKEN or $VAULT_TOKEN)' });
    return checks;
  }
  try {
    const self = await client.lookupSelf();
    const life = self.ttl === 0 ? 'never expires' : `${self.ttl} s left`;
    checks.push({
      name: 'token',
      ok: true,
      detail: `${self.displayName}, policies ${self.policies.join(', ') || '(none)'}, ${life}`,
    });
  } catch (error) {
    checks.push({ name: 'token', ok: false, detail: error instanceof Error ? error.message : String(error) });
    return checks;
  }
  try {
    const info = await client.mountInfo(mount);
    checks.push(
      info === undefined
        ? { name: 'mount', ok: false, detail: `nothing is mounted at ${mount}/: give the engine's mount with --mount` }
        : {
            name: 'mount',
            ok: true,
            detail: `${mount}/ is a ${info.type} mount${info.version ? ` (${info.version})` : ''}`,
          },
    );
  } catch (error) {
    checks.push({ name: 'mount', ok: false, detail: error instanceof Error ? error.message : String(error) });
  }
  return checks;
}
