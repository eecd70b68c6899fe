import type { LanguageProfile } from './language-profile.ts';
import type { Lines } from './lines.ts';
import { makeMatch } from './make-match.ts';
import { CLIENT_NAME, WHOLE_CLIENT_NAME } from './receivers.ts';
import type { Match } from './match-types.ts';
import { spelledResource } from './model-names.ts';
import { endpointFor } from './service-calls.ts';
import { isNameChar, LinePlaces } from './source-text.ts';
import type { HistoryIndex } from './types.ts';
import { knownVerb } from './verb-methods.ts';

/**
 * Calls of a client of this API that no table maps, named as such clients name their methods: a verb and the
 * resource it acts on, called directly on the client (`tfe2client.ListWorkspaces(org.ID)`,
 * `client.get_workspace(org, name)`, `tfc.create_run(ws_id)`, `tfcClient.listRuns(workspaceId)`), in any
 * language with method calls. The receiver is a client of this API when its name says so (`tfc`, `tfe_client`,
 * `tfe2client`), or the file gives it a client's type or constructor (`x *tfe.Client`, `TfcClient x`,
 * `x := tfe.New(token, tfe.DefaultBaseURL)`, `self.client = TFC(token)`, `@client = TFE::Client.new`): a name whose
 * words are the API's (tfe, tfc, terraform cloud/enterprise, hcp terraform) and kind words only (client, api, new).
 * The verbs are service-calls.ts's: list a collection (under the one parent its arguments name:
 * `organization.ID` → `/organizations/{}/workspaces`; none → the top-level collection), get/show/read one (under
 * the organization when another argument follows it), create (POST to the collection, else the top-level one),
 * update (PATCH), delete (DELETE). The call claims its endpoint only when exactly one fits; a receiver not known to
 * be this API's client (`cache.ListWorkspaces()`, `github.ListRepos()`) claims nothing.
 */

/** The text's places where a client's name may start (its gate's markers). */
const MARKERS = [
  'tfe',
  'tfc',
  'TFE',
  'TFC',
  'Tfe',
  'Tfc',
  'erraformC',
  'erraformE',
  'erraform_c',
  'erraform_e',
  'ERRAFORM_',
  'HCPTerraform',
  'HcpTerraform',
  'hcpTerraform',
  'hcp_terraform',
  'HCP_TERRAFORM',
];

/** A Go file of go-tfe or one that imports it. */
const GO_TFE = ['hashicorp/go-tfe', 'package tfe'];

/** The languages with method calls on objects. */
const LANGUAGES = new Set([
  'go',
  'python',
  'java',
  'kotlin',
  'scala',
  'groovy',
  'typescript',
  'typescriptreact',
  'javascript',
  'javascriptreact',
  'ruby',
  'csharp',
  'php',
  'rust',
  'swift',
  'dart',
]);

/** A part after a client's name that keeps it one (`tfe.New`, `tfe.Client`, `TFE::Client.new`). */
const KIND_PART = /^(?:\.|::)((?:[Nn]ew)?(?:[Cc]lient)?|[Aa]pi|API)(?![\w$])/;

/** Short names of resources that programs give their arguments. */
const SHORT: Readonly<Record<string, string>> = { org: 'organization', orgs: 'organizations', ws: 'workspace' };

/** Words after a resource's name in an argument that say which of it (`organization.ID`, `ws_id`). */
const WHICH = new Set(['id', 'ids', 'name', 'names', 'slug', 'key', 'external']);

/** Lower-case words of a name: camelCase, snake_case, dotted and digits split (`tfe2client` → tfe, client). */
function words(name: string): string[] {
  return (name.match(/[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+/g) ?? []).map((w) => w.toLowerCase());
}

export function clientCallMatches(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  profile: LanguageProfile,
  languageId: string | undefined,
): Match[] {
  if (languageId === undefined || !LANGUAGES.has(languageId) || !lines.markers.any(MARKERS)) return [];
  // go-tfe's own code and its programs: its client's calls are the SDK table's (sdk-names.ts), `tfe.` its package.
  if (languageId === 'go' && lines.markers.any(GO_TFE)) return [];
  const holders = new Set<string>();
  const direct: number[] = [];
  CLIENT_NAME.lastIndex = 0;
  for (let m = CLIENT_NAME.exec(text); m !== null; m = CLIENT_NAME.exec(text)) {
    // The qualified name from here (`tfe.Client`, `TFE::Client.new`), while its parts are kind words.
    let end = m.index + m[0].length;
    for (let part = KIND_PART.exec(text.slice(end, end + 16)); part !== null && part[1] !== '';) {
      end += part[0].length;
      part = KIND_PART.exec(text.slice(end, end + 16));
    }
    // A call on a receiver named as a client (`tfc.create_run(`, `tfe2client.ListWorkspaces(`).
    const c = text.charCodeAt(end);
    CLIENT_NAME.lastIndex = end;
    if (c === 46 || c === 63) {
      direct.push(end);
      continue;
    }
    const after = /^\s*[({]/.test(text.slice(end, end + 8));
    const before = /([A-Za-z_$][\w$]*)\s*(?::=|=|:|\*|&|\s)\s*(?:new\s+|&|\*)?$/.exec(
      text.slice(Math.max(0, m.index - 80), m.index),
    );
    if (after) {
      // A constructor: its value's holder (`x := tfe.New(`, `self.client = TFC(`, `c = new TfcClient(`).
      const held = /([A-Za-z_$][\w$]*)\s*(?::=|=)\s*(?:new\s+|&)?$/.exec(
        text.slice(Math.max(0, m.index - 80), m.index),
      );
      if (held?.[1] !== undefined) holders.add(held[1]);
    } else {
      // A type: the name declared with it, before (`c *tfe.Client`, `c: TfcClient`) or after (`TfcClient c;`).
      if (
        before?.[1] !== undefined &&
        !/^(?:final|private|public|protected|static|readonly|var|let|const|val|new|return)$/.test(before[1])
      )
        holders.add(before[1]);
      const declared = /^\s+([A-Za-z_$][\w$]*)\s*[;=,)]/.exec(text.slice(end, end + 80));
      if (declared?.[1] !== undefined) holders.add(declared[1]);
    }
  }
  if (direct.length === 0 && holders.size === 0) return [];
  let places: LinePlaces | undefined;
  // Each method's definition and the triple quotes are looked up once per text, not once per call site (a file with
  // thousands of calls of one method read the whole text for each).
  const defined = new Map<string, boolean>();
  let quotes: TripleQuoteMarks | undefined;
  const out: Match[] = [];
  const claim = (dot: number): void => {
    const call = methodCallAt(text, dot);
    if (call === null) return;
    const method = call[1] ?? '';
    const start = dot + call[0].indexOf(method);
    // The cheap refusals first: a method named for no verb, then one the file defines, then one in a comment.
    if (knownVerb(words(method)[0] ?? '')?.one === undefined) return;
    let here = defined.get(method);
    if (here === undefined) defined.set(method, (here = definedHere(text, method)));
    if (here || (profile.tripleQuotes && (quotes ??= new TripleQuoteMarks(text)).inside(start))) return;
    places ??= new LinePlaces(text, profile, lines);
    if (places.at(start).inComment || places.at(start).stringStart !== -1) return;
    const subject = endpointOf(index, method, argumentsAt(text, dot + call[0].length));
    if (subject === undefined) return;
    const match = makeMatch(text, lines, {
      start,
      end: start + method.length,
      subject,
      confidence: 'context',
      via: 'sdk',
    });
    out.push({ ...match, sdk: { client: 'a client of this API', name: method } });
  };
  for (const at of direct) claim(at);
  for (const holder of holders) {
    if (WHOLE_CLIENT_NAME.test(holder)) continue;
    for (let at = text.indexOf(holder, 0); at !== -1; at = text.indexOf(holder, at + holder.length)) {
      if (at > 0 && isNameChar(text.charCodeAt(at - 1))) continue;
      claim(at + holder.length);
    }
  }
  return out;
}

/** A method called on what ends at `at` (`.create_run(`, ` ?.listRuns (`), within 80 characters. Group 1: the method. */
const METHOD_CALL = /\s*\??\.\s*([A-Za-z][A-Za-z0-9_]*)\s*\(/y;

/**
 * The method call (METHOD_CALL) at `at`, or null. Most places a holder's name is written at are followed by no call
 * (a holder read from a comment's words, `the`, `all`, is written everywhere): a character that neither a blank nor
 * the call's `?` or `.` can be says so before the pattern is tried.
 */
function methodCallAt(text: string, at: number): RegExpExecArray | null {
  const c = text.charCodeAt(at);
  if (c !== 46 && c !== 63 && !isBlankCandidate(c)) return null;
  METHOD_CALL.lastIndex = at;
  const call = METHOD_CALL.exec(text);
  return call !== null && METHOD_CALL.lastIndex <= at + 80 ? call : null;
}

/** Whether a character may be a regular expression's `\s`: an ASCII blank, or any character past ASCII. */
function isBlankCandidate(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c > 127;
}

/**
 * Whether the file names the method other than after a `.`: its definition (`def get_workspace(`,
 * `func (c *Client) ListWorkspaces(`, `async listRuns(`), which the readers of the definition's request say.
 */
function definedHere(text: string, method: string): boolean {
  for (let at = text.indexOf(method); at !== -1; at = text.indexOf(method, at + method.length)) {
    const before = at > 0 ? text.charCodeAt(at - 1) : 32;
    const after = text.charCodeAt(at + method.length);
    if (
      !isNameChar(before) &&
      !isNameChar(after) &&
      before !== 46 &&
      !/[.?]\s*$/.test(text.slice(Math.max(0, at - 8), at))
    )
      return true;
  }
  return false;
}

/**
 * Whether an offset is inside a `"""` or `\'\'\'` block (a docstring's example: `tfc_client.get_workspace(id=…)`): an
 * odd count of either mark before it. Each mark's offsets are found once per text; a count is a binary search.
 */
class TripleQuoteMarks {
  readonly #marks: number[][];
  constructor(text: string) {
    this.#marks = ['"""', "'''"].map((quote) => {
      const at: number[] = [];
      for (let i = text.indexOf(quote); i !== -1; i = text.indexOf(quote, i + 3)) at.push(i);
      return at;
    });
  }

  inside(offset: number): boolean {
    return this.#marks.some((at) => {
      let low = 0;
      let high = at.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if ((at[mid] ?? 0) < offset) low = mid + 1;
        else high = mid;
      }
      return low % 2 === 1;
    });
  }
}

/** The top-level arguments of a call from just after its `(`, each as its text (at most 400 characters read). */
function argumentsAt(text: string, from: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let part = from;
  for (let p = from; p < text.length && p < from + 400; p++) {
    const c = text[p];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) {
        const last = text.slice(part, p).trim();
        if (last !== '' || args.length > 0) args.push(last);
        return args;
      }
      depth--;
    } else if (c === ',' && depth === 0) {
      args.push(text.slice(part, p).trim());
      part = p + 1;
    }
  }
  return [];
}

/** The resource an argument names by its last words (`organization.ID`, `ws_id`, `opts.Organization`, `args.org`). */
function argumentResource(index: HistoryIndex, arg: string): string | undefined {
  const own = words(arg.replace(/^[&*]|\[.*$/, '')).map((w) => SHORT[w] ?? w);
  while (own.length > 0 && WHICH.has(own[own.length - 1] ?? '')) own.pop();
  for (let start = Math.max(0, own.length - 3); start < own.length; start++) {
    const resource = spelledResource(index, own.slice(start).join('_'));
    if (resource !== undefined) return resource;
  }
  return undefined;
}

/** Whether an argument is a context or cancellation handle (Go's `ctx`, `context.Background()`). */
function isContext(arg: string): boolean {
  return /^(?:ctx|context\.\w+\(\)|cancellationToken|ct)$/.test(arg);
}

/** The endpoint a method named verb and resource says, with its arguments. */
function endpointOf(index: HistoryIndex, method: string, all: string[]): Match['subject'] | undefined {
  const args = all.filter((a) => !isContext(a));
  const [verb = '', ...rest] = words(method);
  const action = knownVerb(verb);
  if (action?.one === undefined || rest.length === 0) return undefined;
  const by = rest.indexOf('by');
  const noun = (by === -1 ? rest : rest.slice(0, by)).join('_');
  const resource = spelledResource(index, noun);
  if (resource === undefined) return undefined;
  const single = action.one === 'noun' ? !noun.endsWith('s') : action.one;
  const named = args.map((a) => argumentResource(index, a)).filter((r) => r !== undefined && r !== resource);
  if (named.length > 1) return undefined;
  const parent = named[0];
  if (single) {
    const nested =
      parent !== undefined &&
      args.length > 1 &&
      args.indexOf(args.find((a) => argumentResource(index, a) === parent) ?? '') < args.length - 1;
    // One object by its id (one argument), or under the organization another argument follows (`ByName`).
    if (parent === undefined ? args.length !== 1 || by !== -1 : !nested) return undefined;
    return endpointFor(index, parent === undefined ? `/${resource}/{}` : `/${parent}/{}/${resource}/{}`, action.method);
  }
  if (parent === undefined)
    return args.length === 0 || action.method === 'POST'
      ? endpointFor(index, `/${resource}`, action.method)
      : undefined;
  return (
    endpointFor(index, `/${parent}/{}/${resource}`, action.method) ??
    (action.method === 'POST' ? endpointFor(index, `/${resource}`, action.method) : undefined)
  );
}
