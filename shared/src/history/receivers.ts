import { writesApiRoot } from './other-api.ts';
import { isNameChar } from './source-text.ts';

/**
 * A name of the API's client, its type or constructor's first part: the API's own name (tfe, tfc, terraform
 * cloud/enterprise, hcp terraform) and at most a kind word (`tfe`, `tfe2client`, `TFCClient`, `TerraformCloudAPI`).
 */
export const CLIENT_NAME =
  /\b(?:tf[ce]|TF[CE]|Tf[ce]|[Tt]erraform_?(?:[Cc]loud|[Ee]nterprise)|TERRAFORM_?(?:CLOUD|ENTERPRISE)|[Hh][Cc][Pp]_?[Tt]erraform|HCP_?TERRAFORM)(?:_?\d*_?(?:[Cc]lient|CLIENT|[Aa]pi|API|[Ss]dk|SDK))?(?![\w$])/g;

/** The same, the whole of a name (`tfe`, `TfcClient`; not `tfe-reports`). */
export const WHOLE_CLIENT_NAME = new RegExp(`^(?:${CLIENT_NAME.source.slice(2, -9)})$`);

/** A module an import or require names (`from '../../tfcApi'`, `require("./terraform-cloud/client")`): group 1. */
const MODULE_PATH = /(?:\bfrom|\bimport|\brequire\()[ \t]*\(?[ \t]*["'`]([^"'`\n]{1,200})["'`]/g;

/**
 * Whether the text imports a module whose path names this API's client (`'../../tfcApi'`,
 * `'../api/terraformCloud/project'`, `'tfe-client'`): the program's own client of this API, whose objects it reads.
 */
export function importsThisApiClient(text: string): boolean {
  for (const m of text.matchAll(MODULE_PATH)) {
    CLIENT_NAME.lastIndex = 0;
    if (CLIENT_NAME.test(m[1] ?? '')) return true;
  }
  return false;
}

/** Whether a text names this API's path or HCP Terraform's host, or imports a module named for its client. */
export function showsThisApi(text: string): boolean {
  return writesApiRoot(text) || text.includes('terraform.io') || importsThisApiClient(text);
}

/**
 * Whether a name or a module's path holds a name of this API's client (`TerraformCloudClient`, `./tfe/client`) or
 * of its mapped clients' packages (`terrasnek.api`, `TerraformEnterprise::API::Client`).
 */
function namesThisApiClient(name: string): boolean {
  CLIENT_NAME.lastIndex = 0;
  return CLIENT_NAME.test(name) || /terrasnek|terraform_enterprise|TerraformEnterprise/.test(name);
}

/** What the file says a call's receiver is: a client of this API, another library's object, or nothing known. */
export type ReceiverLibrary = 'own' | 'other' | undefined;

/** The names a receiver chain opens with that are the object the code is in (`self.api`, `this.client`). */
const SELF = new Set(['self', 'this', 'cls']);
/**
 * A constructor or factory call a name is bound to (`client = OpenAI(`, `const openai = new OpenAI(`,
 * `gl = gitlab.Gitlab(`, `@conn = Faraday.new(url: …) do`, `client = OpenAI::Client.new(…)`): group 1, the callee;
 * group 2, what follows it (a call's `(`, else a Ruby `.new` without parentheses).
 */
const BOUND_TO =
  /^[ \t]*(?::[^=\n]{0,80})?=(?![=>~])[ \t]*(?:await[ \t]+)?(?:new[ \t]+)?([A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*)[ \t]*(\(?)/;

/**
 * What a service call's receiver is, read back from the `.` before the service (`dot`: `client.beta.threads.runs.create(`
 * at the `.` before `runs`; `self.api.workspaces.list(` before `workspaces`), for readers of calls named like this
 * API's services, which other SDKs name alike (OpenAI's `runs`, Azure ML's and python-gitlab's `workspaces` and
 * `projects`, WorkOS's `organizations`):
 * - `other` when the service hangs off a member chain (`client.beta.threads.runs`: this API's clients hang their
 *   services off the client object itself, or one member holding it, `self.api`), or the receiver's root name is
 *   bound in the file only to another library's constructor: a class the file imports from a module that names no
 *   client of this API (`OpenAI()`, `MLClient(…)`, `gitlab.Gitlab(…)`, `new WorkOS(…)`), or in Ruby a constant of a
 *   gem the file requires (`OpenAI::Client.new` after `require "openai"`);
 * - `own` when the root's name or one of its constructors names this API's client (`tfc`, `TFC(token)`,
 *   `new TerraformCloudClient(…)`, `TerraformEnterprise::Client.new`, a class from `terrasnek.api`);
 * - undefined otherwise (a parameter, a factory of the program's own, a call's result).
 * `memo` keeps each root's answer for one text.
 */
export function receiverLibrary(text: string, dot: number, memo: Map<string, ReceiverLibrary>): ReceiverLibrary {
  let from = dot;
  while (from > 0) {
    const c = text.charCodeAt(from - 1);
    if (isNameChar(c) || c === 46 || c === 63 || c === 64) from--;
    else break;
  }
  const parts = text
    .slice(from, dot)
    .replace(/\?/g, '')
    .split('.')
    .filter((p) => p !== '');
  while (parts.length > 0 && SELF.has(parts[0]!)) parts.shift();
  // A call's result (`_build(org).runs.list()`) or the object itself (`self.runs`): nothing known.
  if (parts.length === 0 || text.charCodeAt(from - 1) === 41) return undefined;
  if (parts.length >= 3) return 'other';
  const root = parts[0]!;
  let said = memo.get(root);
  if (!memo.has(root)) memo.set(root, (said = rootLibrary(text, root)));
  return said;
}

/** What the file binds a receiver's root name to (see `receiverLibrary`). */
function rootLibrary(text: string, root: string): ReceiverLibrary {
  const name = root.replace(/^@+/, '');
  if (namesThisApiClient(name)) return 'own';
  let other = false;
  // Each constructor once: the name bound to one callee many times (a client made in each function) read its callee's
  // imports, four patterns over the whole text, at each binding (a Ruby chat client repeated to 400 KB: 1.3 s).
  const callees = new Set<string>();
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length)) {
    if (at > 0 && isNameChar(text.charCodeAt(at - 1))) continue;
    const bound = BOUND_TO.exec(text.slice(at + name.length, at + name.length + 240));
    const callee = bound?.[1];
    if (callee === undefined || (bound?.[2] === '' && !callee.endsWith('.new'))) continue;
    if (callees.has(callee)) continue;
    callees.add(callee);
    if (namesThisApiClient(callee)) return 'own';
    const said = calleeLibrary(text, callee);
    if (said === 'own') return 'own';
    if (said === 'other') other = true;
  }
  return other ? 'other' : undefined;
}

/** Ruby's `require "openai"` / `require 'gitlab/client'`: group 1, the gem. */
const REQUIRE = /^[ \t]*require[ \t(]+["']([\w-]+)/gm;

/** What a constructor's callee is of: the module its first name is imported from, or the gem a Ruby constant is. */
function calleeLibrary(text: string, callee: string): ReceiverLibrary {
  const names = callee.split(/\.|::/);
  if (names[names.length - 1] === 'new') names.pop();
  const head = names[0] ?? '';
  const last = names[names.length - 1] ?? '';
  // Another library's class (`OpenAI`, `Gitlab`, `MLClient`), not a factory function of the program (`get_api()`).
  if (!/^[A-Z]/.test(last)) return undefined;
  const module = importedFrom(text, head);
  if (module !== undefined) {
    if (namesThisApiClient(module)) return 'own';
    // A module of the program's own (`from .client import Api`, `'./api'`) may wrap this API's client.
    return /^[./]/.test(module) ? undefined : 'other';
  }
  if (callee.includes('::') || callee.endsWith('.new')) {
    const gem = head.toLowerCase();
    for (const m of text.matchAll(REQUIRE)) if ((m[1] ?? '').replace(/[-_]/g, '').toLowerCase() === gem) return 'other';
  }
  return undefined;
}

/** Python's `from m import a, b as c` (one line or parenthesized) and `import m`, `import m as c`. */
const PY_FROM = /^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(\([^)]{0,2000}\)|[^\n]+)/gm;
const PY_IMPORT = /^[ \t]*import[ \t]+([\w.]+)(?:[ \t]+as[ \t]+(\w+))?/gm;
/** JavaScript's `import X, { a, b as c } from 'm'`, `import * as X from 'm'` and `const X = require('m')`. */
const JS_IMPORT = /\bimport[ \t]+([^'"`;]{1,2000}?)[ \t]+from[ \t]*["']([^"'\n]+)["']/g;
const JS_REQUIRE = /\b(?:const|let|var)[ \t]+(\{[^}]{0,2000}\}|[\w$]+)[ \t]*=[ \t]*require\([ \t]*["']([^"'\n]+)["']/g;

/** The module a name is imported from in the text, if any. */
function importedFrom(text: string, name: string): string | undefined {
  if (!text.includes('import') && !text.includes('require')) return undefined;
  const binds = (clause: string): boolean =>
    clause
      .replace(/[(){}*\n]/g, ' ')
      .split(',')
      .some((part) => {
        const words = part.trim().split(/\s+/);
        return words[words.length - 1] === name;
      });
  for (const m of text.matchAll(PY_FROM)) if (binds(m[2] ?? '')) return m[1];
  for (const m of text.matchAll(PY_IMPORT)) if ((m[2] ?? m[1]?.split('.')[0]) === name) return m[1];
  for (const m of text.matchAll(JS_IMPORT)) if (binds(m[1] ?? '')) return m[2];
  for (const m of text.matchAll(JS_REQUIRE)) if (binds((m[1] ?? '').replace(/:/g, ' '))) return m[2];
  return undefined;
}
