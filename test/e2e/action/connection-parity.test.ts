// One set of connection rules for both faces: the same bad setting given to the spawned CLI
// (`keyfob creds`) and to the bundled action (run as the runner runs it) is refused with the same
// sentence, naming the setting as each face calls it (`--max-attempts` / `max-attempts`), and no
// password or token from the value reaches either output.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../helpers/engine.ts';
import { runStep } from '../../helpers/run-action.ts';

const BIN = join(REPO_ROOT, 'cli', 'bin', 'keyfob.cjs');
const URL_OK = 'http://127.0.0.1:9';

/** A setting by its action input name and its CLI flag, with the bad value and what must stay hidden. */
const cases: {
  name: string;
  input: string;
  flag: string;
  value: string;
  env?: Record<string, string>;
  said: RegExp;
  hidden?: string;
}[] = [
  {
    name: 'a url with a password',
    input: 'url',
    flag: '--url',
    value: 'https://ops:hunter2-pw@engine.example:8200',
    said: /must not hold a user name or password/,
    hidden: 'hunter2',
  },
  {
    name: 'a url with a query',
    input: 'url',
    flag: '--url',
    value: 'http://127.0.0.1:9/?token=hunter2-pw',
    said: /must not have a query or fragment/,
    hidden: 'hunter2',
  },
  {
    name: 'fifty attempts',
    input: 'max-attempts',
    flag: '--max-attempts',
    value: '50',
    said: /whole number from 1 to 20/,
  },
  {
    name: 'a zero timeout',
    input: 'timeout',
    flag: '--timeout',
    value: '0s',
    said: /out of bounds; give a duration from 100ms to 24h/,
  },
  {
    name: 'a request timeout in days',
    input: 'request-timeout',
    flag: '--request-timeout',
    value: '1d',
    said: /"1d" is not a duration/,
  },
  {
    name: 'an unknown flavour',
    input: 'api-flavor',
    flag: '--api-flavor',
    value: 'consul',
    said: /must be one of keyfob, vault, openbao/,
  },
  { name: 'a mount with a query', input: 'mount', flag: '--mount', value: 'cloud?x=1', said: /is not a mount path/ },
  {
    name: 'a header name with a space',
    input: 'token-header',
    flag: '--token-header',
    value: 'X Token',
    said: /is not an HTTP header name/,
  },
  {
    name: 'a proxy variable with a login that is no http URL',
    input: '',
    flag: '',
    value: '',
    env: { HTTPS_PROXY: 'socks5://me:hunter2-pw@proxy:1080' },
    said: /HTTPS_PROXY: "socks5:\/\/\*\*\*@proxy:1080" is not an http/,
    hidden: 'hunter2',
  },
];

/** The error sentences of the action's failure annotation (`Invalid input: ...`, or a list of them). */
function actionMessages(stdout: string): string[] {
  const line = stdout.split('\n').find((l) => l.startsWith('::error')) ?? '';
  const text = line.replace(/^::error[^:]*::/, '').replace(/%0A/g, '\n');
  if (/^\d+ inputs are invalid:/.test(text))
    return text
      .split(' ⏎ - ')
      .slice(1)
      .map((s) => s.trim());
  return [text.replace(/^Invalid input: /, '').trim()];
}

describe('connection settings: the CLI and the action give the same answer', () => {
  for (const c of cases) {
    it(`refuses ${c.name} the same way in both`, async () => {
      const cliArgs = ['creds', 'deploy', '--token', 'cli-token', ...(c.flag === '' ? [] : [c.flag, c.value])];
      if (c.flag !== '--url') cliArgs.push('--url', URL_OK);
      const cli = spawnSync(process.execPath, [BIN, ...cliArgs], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...c.env },
      });
      const inputs: Record<string, string> = { url: URL_OK, token: 'action-token', role: 'deploy' };
      if (c.input !== '') inputs[c.input] = c.value;
      const action = await runStep('main', { inputs, env: c.env ?? {} });

      assert.equal(cli.status, 2, cli.stderr);
      assert.equal(action.exitCode, 1, action.stdout);
      const cliMessage = cli.stderr.replace(/^keyfob creds: /, '').trim();
      const [actionMessage, ...more] = actionMessages(action.stdout);
      assert.deepEqual(more, [], action.stdout);
      assert.match(cliMessage, c.said);
      // The same sentence, with the action's input name where the CLI names its flag.
      const expected = c.flag === '' ? actionMessage : actionMessage?.replace(c.input, c.flag);
      assert.equal(cliMessage, expected);
      if (c.hidden) {
        assert.ok(!cli.stderr.includes(c.hidden) && !cli.stdout.includes(c.hidden), cli.stderr);
        assert.ok(!action.stdout.includes(c.hidden) && !action.stderr.includes(c.hidden), action.stdout);
      }
    });
  }
});
