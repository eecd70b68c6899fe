import type { HttpMethod } from './data-types.ts';
import { classAt, type ClassSpan, textClassSpans } from './class-spans.ts';
import type { Lines } from './lines.ts';
import { lineStartDefsIn, stickyDefs } from './line-start-defs.ts';
import { leadingReference, readPowerShellBases } from './powershell-bases.ts';
import { commandWordEnd, includesBy, indexBy, isRegexWordChar, lineEnd, MAX_REFERENCE_WORDS } from './source-text.ts';

/** At most this many base attributes are remembered per text, and this deep their chains resolved. */
const MAX_BASES = 200;
const MAX_DEPTH = 4;

/**
 * `self._ws_url = f"{self._api_v2_base_url}/workspaces"`, `this.base = `${root}/api/v2``, `BASE_URL = "…"`:
 * an attribute or constant assigned a string with a path in it. (Read from each `=` of the text, found by native
 * search: the blanks, an `f` and a quote after it, and one of `{`, `$`, `/`, `h` opening the value, are checked by
 * hand, which costs V8 far less than a pattern that starts at every `=`, or at every quote.)
 */
const VALUE = /(["'`])([^"'`\n]{1,300}?\/[^"'`\n]{0,300}?)\1/y;
/** What may stand left of that `=` on its line: `self._ws_url`, `this.base`, `const BASE`, `url`. */
const TARGET = /^[ \t]*(?:(?:const|let|var|def)[ \t]+)?(?:(self|this)\.)?([A-Za-z_]\w*)[ \t]*$/;
/** A base used as a whole argument of an HTTP helper: `self._create(self._runs_url, payload)`. */
const HELPER_CALL =
  /(?:\.|->)_?(get|show|list_all|list|post|create|put|patch|update|delete|destroy)\([ \t]*(self|this)\.([A-Za-z_]\w*)[ \t]*[,)]/y;
/**
 * A literal opening with a positional placeholder filled by a base: `"{0}/{1}".format(self._org_url, name)`,
 * `"{}/runs".format(self.base)`. Group 2: the rest of the literal; 3 and 4: the base's owner and name.
 */
const FORMAT_BASE =
  /(["'])\{0?\}(\/[^"'\n]{0,200})?\1[ \t]*\.format\([ \t]*(?:(self|this)\.)?([A-Za-z_]\w*)[ \t]*[,)]/g;
/**
 * A base attribute or constant joined to a literal by `+`, maybe through one name between (`self.url + '/'`, `URL + org
 * + "/workspaces"` with `URL` ending in `/organizations/`). Groups: the owner, the name, the name between. Tried
 * (sticky) only at the name before each `+` (`joinedAt`), where each match starts.
 */
const JOINED_BASE =
  /(?<![\w.$])(?:(self|this)\.)?([A-Za-z_]\w*)[ \t]*\+[ \t]*(?:([A-Za-z_]\w*)[ \t]*\+[ \t]*)?f?["'`]/y;
/** HTTP helper names (`self._patch`, `client.destroy`, terrasnek's `_show`/`_list_all`) and the method each sends. */
export const HELPER: Readonly<Record<string, HttpMethod>> = {
  get: 'GET',
  show: 'GET',
  list: 'GET',
  list_all: 'GET',
  post: 'POST',
  create: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  update: 'PATCH',
  delete: 'DELETE',
  destroy: 'DELETE',
};

/** A base URL passed straight to an HTTP helper: where the name is, its URL text and the helper's method. */
export interface BaseUse {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly method: HttpMethod;
  readonly methodStart: number;
  readonly methodText: string;
}

/**
 * Base URLs built in pieces: attributes set in a constructor and extended in methods
 * (`f"{self._ws_api_v2_base_url}/{workspace_id}/actions/lock"`). `expand` puts a base's own text in
 * place of a leading `{self.x}` / `${this.x}` / `{X}` placeholder, so the path is read whole.
 */
export class BaseUrls {
  /** Read on first need (never, in a language without bases: see LanguageProfile.baseUrls). */
  #found: Map<string, string> | undefined;
  /** Where each attribute base (`self.url`) is assigned, with the value there. */
  readonly #sites = new Map<string, { at: number; value: string }[]>();
  #classes: readonly ClassSpan[] | undefined;
  /** What `#get` found for an attribute key in a class (it depends on those two alone, asked once per hit). */
  readonly #owned = new Map<string, Map<ClassSpan, string | undefined>>();
  /** `assignedOnce` by name: each name's whole-text search made once (review v8 item 12: once a literal cost O(literals × text)). */
  readonly #once = new Map<string, boolean>();
  /** `#classAttribute`'s answer by the attribute's name and its class (`classAssigns`). */
  readonly #assignsInClass = new Map<string, Map<ClassSpan, boolean>>();
  /** `#sitesByClass`: each attribute key's value last assigned in each class. */
  readonly #siteClasses = new Map<string, Map<ClassSpan | undefined, string>>();
  /** `#firstNamed`: each class name's first class in the text's order. */
  #classByName: Map<string, number> | undefined;

  /** `powershell`: names are read as PowerShell writes them (`$($Global:Tfc.ServerUri)`, `${base}`, `$base`). */
  constructor(
    readonly text: string,
    readonly powershell = false,
    /** Python's and JS/TS's own texts: a constant may open an f-string or a template literal (`f"{_API_URL}runs"`). */
    readonly plainOpeners = false,
    /** Command languages (shell, a workflow's `run:`): a plain variable may open a double-quoted word (`"${_base_url}/…"`). */
    readonly shellOpeners = false,
    /**
     * Command languages: the value a shell variable is assigned once, as written (`shell-values.ts`'s `written`: `export
     * X=…`, unquoted `X=…`, a CI file's `env:` key), for a name the quoted assignments here (`X="…"`) do not give.
     */
    readonly shellWritten: ((name: string) => string | undefined) | undefined,
    /**
     * The scan's lines of the text: the text's classes and line-start `def`s are read once per text for every reader
     * (the value flow reads them too), not once here and again there.
     */
    readonly lines: Lines,
  ) {}

  /** The text's classes (`classSpans`): the scan's shared reading. */
  get #classSpans(): readonly ClassSpan[] {
    return (this.#classes ??= textClassSpans(this.text, this.lines));
  }

  /** Whether the text assigns `name` exactly once (`assignedOnce`), searched once a name. */
  #assignedOnce(name: string): boolean {
    let once = this.#once.get(name);
    if (once === undefined) this.#once.set(name, (once = assignedOnce(this.text, name)));
    return once;
  }

  get #bases(): Map<string, string> {
    return (this.#found ??= this.powershell ? readPowerShellBases(this.text) : readBases(this.text, this.#sites));
  }

  /**
   * The base a key names at an offset. An attribute (`self.url`, `this.base`) belongs to its class: used in a
   * class, it is the value that class (or a parent class of the text) assigns; a class that assigns none, in a
   * text where classes assign it, says nothing (its own base is set elsewhere: `base.__init__(…)`).
   */
  #get(k: string, at: number): string | undefined {
    const written = this.#bases.get(k);
    // A shell variable whose quoted value is a default (`GH="${GH_API:-https://…}"`): the default, as shell-values.ts reads it.
    const value =
      written === undefined ||
      (this.shellWritten !== undefined && written.startsWith('${') && /^\$\{\w+:?[-=]/.test(written))
        ? (this.#shellBase(k) ?? written)
        : written;
    if (value === undefined && k.startsWith('.') && !this.powershell) return this.#classAttribute(k.slice(1), at);
    if (value === undefined || this.powershell || !k.startsWith('.')) return value;
    const spans = this.#classSpans;
    const first = classAt(spans, at);
    if (first === undefined) return value;
    let byClass = this.#owned.get(k);
    if (byClass?.has(first)) return byClass.get(first);
    const found = this.#inClass(k, value, spans, first);
    if (!byClass) this.#owned.set(k, (byClass = new Map<ClassSpan, string | undefined>()));
    byClass.set(first, found);
    return found;
  }

  /** A shell variable's only value (`shellWritten`) when it is a base: a URL, a path or a reference opening it. */
  #shellBase(k: string): string | undefined {
    if (this.shellWritten === undefined || k.startsWith('.') || k.endsWith('()')) return undefined;
    const value = this.shellWritten(k);
    return value !== undefined && /^(?:https?:\/\/|\/|\$\{?[A-Za-z_])[^\s]*$/.test(value) ? value : undefined;
  }

  /**
   * `self.x` where the class body assigns `x` itself (a class attribute, Python: `api = f"https://…/{org}"` under
   * `class Release:`, read as `self.api` in its methods): the value, when the name is assigned once in the text.
   */
  #classAttribute(name: string, at: number): string | undefined {
    const value = this.#bases.get(name);
    if (value === undefined) return undefined;
    const spans = this.#classSpans;
    const owner = classAt(spans, at);
    if (owner === undefined || !this.#assignedOnce(name)) return undefined;
    // Whether the class body assigns the name depends on the two alone: read once per name and class, not per use.
    let byClass = this.#assignsInClass.get(name);
    if (byClass === undefined) this.#assignsInClass.set(name, (byClass = new Map<ClassSpan, boolean>()));
    let assigns = byClass.get(owner);
    if (assigns === undefined) byClass.set(owner, (assigns = classAssigns(this.text, owner, name)));
    return assigns ? value : undefined;
  }

  /** `#get` in a class: the value that class or a parent class assigns (see `#get`). */
  #inClass(k: string, value: string, spans: readonly ClassSpan[], first: ClassSpan): string | undefined {
    const sites = this.#sitesByClass(k, spans);
    let owner: ClassSpan | undefined = first;
    for (let depth = 0; owner !== undefined && depth < MAX_DEPTH; depth++) {
      const own = sites.get(owner);
      if (own !== undefined) return own;
      owner = this.#firstNamed(spans, owner.parents);
    }
    return sites.size === 0 || (sites.size === 1 && sites.has(undefined)) ? value : undefined;
  }

  /**
   * The value each class (undefined: none) last assigns the attribute `k` at its sites, read once a key: read for each
   * class asked (each of its sites' class looked up again), a text of many classes took time growing with their count
   * squared (session 38).
   */
  #sitesByClass(k: string, spans: readonly ClassSpan[]): Map<ClassSpan | undefined, string> {
    let byClass = this.#siteClasses.get(k);
    if (byClass === undefined) {
      byClass = new Map<ClassSpan | undefined, string>();
      for (const site of this.#sites.get(k) ?? []) byClass.set(classAt(spans, site.at), site.value);
      this.#siteClasses.set(k, byClass);
    }
    return byClass;
  }

  /** The first class of the text (in its order) named any of `names` (a class's parents), by a map made once a text. */
  #firstNamed(spans: readonly ClassSpan[], names: readonly string[]): ClassSpan | undefined {
    if (this.#classByName === undefined) {
      this.#classByName = new Map<string, number>();
      spans.forEach((span, k) => {
        if (!this.#classByName!.has(span.name)) this.#classByName!.set(span.name, k);
      });
    }
    let first = -1;
    for (const name of names) {
      const k = this.#classByName.get(name);
      if (k !== undefined && (first === -1 || k < first)) first = k;
    }
    return first === -1 ? undefined : spans[first];
  }

  get size(): number {
    return this.#bases.size;
  }

  /**
   * The text with its leading base placeholder expanded, how many characters that added and how long the
   * placeholder replaced first was; or undefined.
   */
  expand(url: string, at: number): { text: string; added: number; placeholder: number } | undefined {
    if (this.#bases.size === 0 && this.shellWritten === undefined) return undefined;
    let text = url;
    let placeholder = 0;
    for (let depth = 0; depth < MAX_DEPTH; depth++) {
      // At depth 0 the leading placeholder is read once, for both readings (most often it is a base itself).
      const leading = this.#leading(text);
      const found = (depth === 0 ? this.#hostThenPath(text, at, leading) : undefined) ?? leading;
      const base = found ? this.#get(found.key, at) : undefined;
      if (!found || base === undefined) break;
      if (depth === 0) placeholder = found.length;
      text = base + text.slice(found.length);
    }
    return text === url ? undefined : { text, added: text.length - url.length, placeholder };
  }

  /**
   * `{host}{prefix}varsets/{id}`: a placeholder that is no base of the text (the host, set at run time) followed at
   * once by a plain name assigned a path once (`prefix = "/api/v2/"`): the two read as that path base.
   */
  #hostThenPath(text: string, at: number, host = this.#leading(text)): { key: string; length: number } | undefined {
    if (this.powershell) return undefined;
    if (!host || this.#get(host.key, at) !== undefined) return undefined;
    const path = this.#leading(text.slice(host.length));
    if (!path || path.key.startsWith('.') || !this.#assignedOnce(path.key)) return undefined;
    return this.#get(path.key, at)?.startsWith('/') === true
      ? { key: path.key, length: host.length + path.length }
      : undefined;
  }

  /** The base placeholder a text opens with: its key and length. */
  #leading(text: string): { key: string; length: number } | undefined {
    if (this.powershell) return leadingReference(text);
    // Each reading opens with `$` or `{` (LEADING_BASE, LEADING_VARIABLE, LEADING_CALL): a text opening otherwise (a
    // path, a host, a word: most of the texts asked) is none, with no pattern tried.
    const c = text.charCodeAt(0);
    if (c !== 36 && c !== 123) return undefined;
    const m = LEADING_BASE.exec(text);
    if (m) return { key: key(m[1], m[2] ?? ''), length: m[0].length };
    // `$GITHUB_API/repos/…`: a shell (or Groovy, PHP) variable without braces is the same base as `${GITHUB_API}`.
    const plain = LEADING_VARIABLE.exec(text);
    if (plain) return { key: plain[1] ?? '', length: plain[0].length };
    // `${moduleUrl(o)}/versions`: a JS/TS URL function's call (its arguments hold no call or brace).
    const call = text.startsWith('${') ? LEADING_CALL.exec(text) : null;
    return call ? { key: `${call[1] ?? ''}()`, length: call[0].length } : undefined;
  }

  /** Offsets of the opening quotes of literals that start with a known base (`f"{self._ws_url}/{id}"`). */
  literals(): number[] {
    const out: number[] = [];
    if (this.#bases.size === 0) return out;
    if (this.powershell) {
      // `"$($Global:Tfc.ServerUri)workspaces"`, `"${OrgUri}oauth-clients"`: only double quotes interpolate.
      const quote = /"(?=\$[({A-Za-z_])/g;
      for (let m = quote.exec(this.text); m !== null; m = quote.exec(this.text)) {
        const found = leadingReference(this.text.slice(m.index + 1, m.index + 201));
        if (found && this.#get(found.key, m.index) !== undefined) out.push(m.index);
      }
      return out;
    }
    // `f"{self._ws_url}/{id}"`, and a constant in a Python f-string or a template literal (`f"{_API_URL}runs"`,
    // `${API}runs`), and a shell variable opening a double-quoted word (`"${_base_url}/${name}"`): a plain name
    // assigned once in the text.
    // `${moduleUrl(o)}/versions`: a template literal opening with a call of a JS/TS URL function of the text.
    for (const k of this.#bases.keys()) {
      if (!k.endsWith('()')) continue;
      const call = `\`\${${k.slice(0, -1)}`;
      for (let at = this.text.indexOf(call); at !== -1; at = this.text.indexOf(call, at + call.length))
        if (this.#leading(this.text.slice(at + 1, at + 201))?.key === k) out.push(at);
    }
    // OPENER's matches in order, as a global search of it finds them: tried at the quote before each `{` of the text
    // (found by native search; an `f` before the quote opens the match), where no match read before reaches.
    const text = this.text;
    let read = 0;
    for (let brace = text.indexOf('{'); brace !== -1; brace = text.indexOf('{', brace + 1)) {
      const start = openerAt(text, brace, read);
      if (start === -1) continue;
      OPENER.lastIndex = start;
      const m = OPENER.exec(text);
      if (m === null) continue;
      read = OPENER.lastIndex;
      const plain = m[2] === undefined;
      const shellWord = this.shellOpeners && m[1] === '"' && m[0].startsWith('"${');
      if (plain && !shellWord && !(this.plainOpeners && (m[0].startsWith('f') || m[1] === '`'))) continue;
      const open = m.index + m[0].indexOf(m[1] ?? '"');
      if (this.#get(key(m[2], m[3] ?? ''), m.index) !== undefined && (!plain || this.#assignedOnce(m[3] ?? '')))
        out.push(open);
      // `f"{host}{prefix}varsets/{id}"`: the host is no base, the path constant after it is.
      else if (this.#hostThenPath(this.text.slice(open + 1, open + 201), m.index)) out.push(open);
    }
    return out;
  }

  /**
   * Shell words written inside command text that open with `${name}`, a plain base of the text assigned once, and go
   * on with a path, where no string opens (`sh """curl -X POST ${registryUrl}/private/${org}/versions"""`, `curl -X
   * DELETE ${URL}/versions/$v`; a word at a quote is `literals`'): each word's start and end (a blank, a quote, a
   * backtick, `;`, `|`, `)` or `\\` ends it), the value flow's "what this word holds" read by `expand`.
   */
  referenceWords(): { start: number; end: number }[] {
    const out: { start: number; end: number }[] = [];
    if (this.powershell || this.#bases.size === 0) return out;
    const text = this.text;
    for (const k of this.#bases.keys()) {
      if (k.startsWith('.') || k.endsWith('()') || !this.#assignedOnce(k)) continue;
      const reference = `\${${k}}/`;
      let count = 0;
      for (
        let at = text.indexOf(reference);
        at !== -1 && count < MAX_REFERENCE_WORDS;
        at = text.indexOf(reference, at + 1)
      ) {
        const before = text.charCodeAt(at - 1);
        if (before !== 32 && before !== 9) continue;
        out.push({ start: at, end: commandWordEnd(text, at + reference.length) });
        count++;
      }
    }
    return out;
  }

  /**
   * A known base joined to literals by `+` (`self.url + '/' + name`, `this.base + "/runs"`): where the base's name
   * starts, the opening quote of the literal after it and the base's placeholder (`{self.url}`).
   */
  joined(): { start: number; open: number; lead: string; between: boolean }[] {
    const out: { start: number; open: number; lead: string; between: boolean }[] = [];
    if (this.powershell || this.#bases.size === 0 || !this.text.includes('+')) return out;
    // JOINED_BASE's matches in order, as a global search of it finds them: each holds a `+` right after its first name
    // (blanks between), so it is tried at that name before each `+` of the text (found by native search), where no
    // match read before reaches. The pattern, tried at every character, stopped at each name of the text.
    const text = this.text;
    let read = 0;
    for (let plus = text.indexOf('+'); plus !== -1; plus = text.indexOf('+', plus + 1)) {
      const start = joinedAt(text, plus);
      if (start === -1 || start < read) continue;
      JOINED_BASE.lastIndex = start;
      const m = JOINED_BASE.exec(text);
      if (m === null) continue;
      read = JOINED_BASE.lastIndex;
      const owner = m[1];
      const name = m[2] ?? '';
      if (this.#get(key(owner, name), m.index) === undefined) continue;
      // A plain variable is a base only where it holds one value: `url` assigned in each function is not.
      if (!owner && !this.#assignedOnce(name)) continue;
      // A name between fills the segment after a base that ends with `/` (`…/organizations/` + org); else nothing.
      const between = m[3];
      if (between !== undefined && !this.#get(key(owner, name), m.index)!.endsWith('/')) continue;
      out.push({
        start: m.index,
        open: m.index + m[0].length - 1,
        lead: `{${owner ? `${owner}.` : ''}${name}}${between === undefined ? '' : `{${between}}`}`,
        between: between !== undefined,
      });
    }
    return out;
  }

  /**
   * Literals whose first placeholder a base fills (`"{0}/{1}".format(self._org_base_url, name)`): the
   * literal's span (quotes excluded) and its text with that base's placeholder in front (`{self._org_base_url}/{1}`).
   */
  formatted(): { start: number; end: number; text: string }[] {
    const out: { start: number; end: number; text: string }[] = [];
    if (this.powershell || this.#bases.size === 0 || !includesBy(this.text, '.format(', 4)) return out;
    FORMAT_BASE.lastIndex = 0;
    for (let m = FORMAT_BASE.exec(this.text); m !== null; m = FORMAT_BASE.exec(this.text)) {
      const owner = m[3];
      const name = m[4] ?? '';
      if (this.#get(key(owner, name), m.index) === undefined) continue;
      const rest = m[2] ?? '';
      const start = m.index + 1;
      out.push({
        start,
        end: start + rest.length + (m[0].startsWith('{}', 1) ? 2 : 3),
        text: `{${owner ? `${owner}.` : ''}${name}}${rest}`,
      });
    }
    return out;
  }

  /**
   * Bases passed whole to an HTTP helper (`self._create(self._runs_api_v2_base_url, payload)`), also to
   * one the project defines (`helpers`: `self._ls(self._org_base_url)`, `_ls` sending GET in a base class).
   */
  uses(helpers?: ReadonlyMap<string, HttpMethod>): BaseUse[] {
    const out: BaseUse[] = [];
    if (this.powershell) return out;
    this.#functionCalls(out);
    if (![...this.#bases.keys()].some((k) => k.startsWith('.'))) return out;
    this.#helperCalls(HELPER_CALL, HELPER, out);
    const names = [...(helpers?.keys() ?? [])].filter((n) => /^\w+$/.test(n));
    if (helpers && names.length > 0) {
      const own = new RegExp(`(?:\\.|->)(${names.join('|')})\\([ \\t]*(self|this)\\.([A-Za-z_]\\w*)[ \\t]*[,)]`, 'y');
      this.#helperCalls(own, Object.fromEntries(helpers), out);
    }
    return out;
  }

  /**
   * URL functions' call sites: `self.post(self.endpoints.projects(), payload)` where the file defines
   * `def projects(self) -> str: return f"/organizations/{self.organization}/projects"` (a docstring between
   * allowed). The helper sends the function's URL with its own method, at the call; the name is the span.
   */
  #functionCalls(out: BaseUse[]): void {
    const functions = urlFunctions(this.text, this.lines);
    if (functions.size === 0) return;
    FUNCTION_CALL.lastIndex = 0;
    for (let m = FUNCTION_CALL.exec(this.text); m !== null; m = FUNCTION_CALL.exec(this.text)) {
      const word = m[1] ?? '';
      const name = m[2] ?? '';
      const value = functions.get(name);
      const method = HELPER[word];
      if (value === undefined || method === undefined) continue;
      const start = m.index + m[0].lastIndexOf(`${name}(`);
      out.push({
        start,
        end: start + name.length,
        text: value,
        method,
        methodStart: m.index + m[0].indexOf(word),
        methodText: word,
      });
    }
  }

  /**
   * The calls a helper pattern (HELPER_CALL, or one of the project's helpers: sticky, `(?:\.|->)name\([ \t]*(self|this)\.`
   * opening each) finds, in order, as a global search of it would: tried at the `.` or `->` before the name before each
   * `(` of the text that `self.` or `this.` follows (found by native search), where no match read before reaches. The
   * pattern, tried at every character, stopped at each `.` of the text.
   */
  #helperCalls(pattern: RegExp, methods: Readonly<Record<string, HttpMethod>>, out: BaseUse[]): void {
    const text = this.text;
    let read = 0;
    for (let open = text.indexOf('('); open !== -1; open = text.indexOf('(', open + 1)) {
      const call = helperCallAt(text, open);
      if (call === -1 || call < read) continue;
      pattern.lastIndex = call;
      const m = pattern.exec(text);
      if (m === null) continue;
      read = pattern.lastIndex;
      const name = m[3] ?? '';
      const value = this.#get(key(m[2], name), m.index);
      if (value === undefined) continue;
      const expanded = this.expand(`{${m[2] ? `${m[2]}.` : ''}${name}}`, m.index)?.text ?? value;
      const at = m.index + m[0].lastIndexOf(name);
      const end = at + name.length;
      const start = at - (m[2] ? m[2].length + 1 : 0);
      const word = m[1] ?? '';
      const methodStart = m.index + m[0].indexOf(word);
      const method = methods[word];
      if (method !== undefined) out.push({ start, end, text: expanded, method, methodStart, methodText: word });
    }
  }
}

/** What `#leading` reads a text's leading base placeholder as (made once: a literal in the method is made at each call). */
const LEADING_BASE = /^\$?\{[ \t]*(?:(self|this)\.)?([A-Za-z_]\w*)[ \t]*\}/;
const LEADING_VARIABLE = /^\$([A-Za-z_]\w*)/;
const LEADING_CALL = /^\$\{[ \t]*([A-Za-z_$][\w$]*)\([^(){}\n]{0,120}\)[ \t]*\}/;

/** An HTTP helper given a URL function's value whole: `self.get(self.endpoints.workspace(workspace_id), params)`. */
const FUNCTION_CALL =
  /(?:\.|->)_?(get|show|list_all|list|post|create|put|patch|update|delete|destroy)\([ \t]*(?:(?:self|this)\.)?(?:[A-Za-z_]\w*\.){0,3}([A-Za-z_]\w*)\([^()\n]{0,120}\)[ \t]*[,)]/g;
/**
 * A Python method that only returns a URL: `def workspace(self, workspace_id: str) -> str:`, an optional
 * docstring or comments, then `return f"/workspaces/{workspace_id}"`. Group 1: the name; 3: the literal's text.
 */
const URL_FUNCTION = stickyDefs(
  /^[ \t]*def[ \t]+([A-Za-z_]\w*)[ \t]*\([^()]{0,200}\)[^:\n]{0,40}:[ \t]*\n(?:[ \t]*(?:"{3}[^]{0,400}?"{3}|'{3}[^]{0,400}?'{3}|#[^\n]*)[ \t]*\n)*[ \t]*return[ \t]+f?(["'])([^"'\n{]*\/[^"'\n]{0,300})\2[ \t]*$/gm,
);

/**
 * Whether the text holds what every URL_FUNCTION match does, a return of a literal: `return`, blanks, an optional `f`
 * and a quote (the pattern `return[ \t]+f?["']`, read at each native find of `return`: a third faster than the pattern).
 */
function returnsLiteral(text: string): boolean {
  // By `urn` (a native search for `return` stops at every `r` of the text, and there are far fewer `u`s).
  for (let at = indexBy(text, 'return', 3, 0); at !== -1; at = indexBy(text, 'return', 3, at + 6)) {
    let i = at + 6;
    if (text.charCodeAt(i) !== 32 && text.charCodeAt(i) !== 9) continue;
    while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
    if (text.charCodeAt(i) === 102) i++; // f
    const quote = text.charCodeAt(i);
    if (quote === 34 || quote === 39) return true;
  }
  return false;
}

/** URL functions of a text by name (see URL_FUNCTION); a name defined twice with different URLs is left out. */
function urlFunctions(text: string, lines: Lines): Map<string, string> {
  const found = new Map<string, string>();
  // A match holds `return` then a literal (`return f"`, `return '`): one search for that first, as most files have none.
  if (!returnsLiteral(text)) return found;
  const twice = new Set<string>();
  for (const m of lineStartDefsIn(text, lines, URL_FUNCTION)) {
    if (found.size >= MAX_BASES) break;
    const name = m[1] ?? '';
    const value = m[3] ?? '';
    if (found.has(name) && found.get(name) !== value) twice.add(name);
    found.set(name, value);
  }
  for (const name of twice) found.delete(name);
  return found;
}

/** Bases read from the text (see VALUE). */
function readBases(text: string, sites: Map<string, { at: number; value: string }[]>): Map<string, string> {
  const bases = new Map<string, string>();
  if (!text.includes('/')) return bases;
  /** Where the last value read ended: a quote inside it opens none. */
  let read = 0;
  for (
    let equals = text.indexOf('=');
    equals !== -1 && bases.size < MAX_BASES;
    equals = text.indexOf('=', equals + 1)
  ) {
    const quote = valueQuote(text, equals);
    if (quote === -1 || quote < read) continue;
    VALUE.lastIndex = quote;
    const m = VALUE.exec(text);
    if (!m) continue;
    read = VALUE.lastIndex;
    const before = text.charCodeAt(equals - 1);
    if (before === 61 || before === 33 || before === 60 || before === 62) continue; // ==, !=, <=, >=
    const target = targetBefore(text, equals);
    if (!target) continue;
    const value = m[2] ?? '';
    // A value that is itself a placeholder chain or a path: `{self._api}/workspaces`, `/api/v2`.
    if (!/^(?:\$?\{[^}]*\}|https?:|\/)/.test(value)) continue;
    const k = key(target[1], target[2] ?? '');
    bases.set(k, value);
    if (target[1]) {
      const list = sites.get(k);
      if (list) list.push({ at: equals, value });
      else sites.set(k, [{ at: equals, value }]);
    }
  }
  readJoinedBases(text, bases);
  readEnvDefaults(text, bases);
  readUrlFunctions(text, bases);
  return bases;
}

/**
 * TARGET on the line's text left of the `=` at `equals`. What TARGET takes holds blanks, word characters and one dot
 * only: the line's start is looked for back over those alone (searched back over the whole line, a long line of many
 * `=`s took time growing with their count squared: 3.5 s for 800 KB of `url = f"{BASE}/…` on one line).
 */
function targetBefore(text: string, equals: number): RegExpExecArray | null {
  let start = equals;
  for (
    let c = text.charCodeAt(start - 1);
    c === 32 || c === 9 || c === 46 || isRegexWordChar(c);
    c = text.charCodeAt(start - 1)
  )
    start--;
  return start === 0 || text.charCodeAt(start - 1) === 10 ? TARGET.exec(text.slice(start, equals)) : null;
}

/**
 * The opening quote of the value the `=` at `equals` assigns, where it may be a base (blanks, an `f`, a quote, then
 * `{`, `$`, `/` or `h`), or -1.
 */
function valueQuote(text: string, equals: number): number {
  let at = equals + 1;
  while (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9) at++;
  if (text.charCodeAt(at) === 102) at++; // f"…"
  const quote = text.charCodeAt(at);
  if (quote !== 34 && quote !== 39 && quote !== 96) return -1;
  const c = text.charCodeAt(at + 1);
  return c === 123 || c === 36 || c === 47 || c === 104 ? at : -1;
}

/**
 * A name assigned an environment variable's default (`REGISTRY = os.getenv("REGISTRY", "https://…/api/v2/organizations")`,
 * `os.environ.get(…)`, `const API = process.env.API ?? "https://…"`): the default is the base (a run may set another
 * host, hardly another API path). Group 1: the owner; 2: the name; 4: the default.
 */
const ENV_DEFAULT =
  /^[ \t]*(?:(?:const|let|var)[ \t]+)?(?:(self|this)\.)?([A-Za-z_]\w*)[ \t]*(?::[^=\n]{1,40})?=[ \t]*(?:os\.(?:getenv|environ\.get)\(\s*["'][\w.-]{1,80}["']\s*,\s*|process\.env\.\w{1,80}[ \t]*(?:\|\||\?\?)[ \t]*)f?(["'`])((?:https?:|\/)[^"'`\n]{0,300})\3/gm;

/** Bases from environment variables' defaults (ENV_DEFAULT), where no literal was assigned to the name. */
function readEnvDefaults(text: string, bases: Map<string, string>): void {
  if (!readsEnvironment(text)) return;
  ENV_DEFAULT.lastIndex = 0;
  for (let m = ENV_DEFAULT.exec(text); m !== null && bases.size < MAX_BASES; m = ENV_DEFAULT.exec(text)) {
    const k = key(m[1], m[2] ?? '');
    if (!bases.has(k)) bases.set(k, m[4] ?? '');
  }
}

/**
 * Whether the text holds `getenv(`, `environ.get(` or `process.env.`: each find of `v` (rare in code) checked for
 * the three, one native search where three of long needles cost several.
 */
function readsEnvironment(text: string): boolean {
  for (let at = text.indexOf('v'); at !== -1; at = text.indexOf('v', at + 1))
    if (
      text.startsWith('getenv(', at - 5) ||
      text.startsWith('environ.get(', at - 2) ||
      text.startsWith('process.env.', at - 10)
    )
      return true;
  return false;
}

/**
 * A JS/TS function that returns a URL built from template literals, after at most three `const` lines:
 * `export function moduleUrl(o: Ref): string {`, `return (`, `` `${base}/api/v2/…/` + `` `${o.name}` ``, `);`.
 * Group 1: the name; 2: the return's literals.
 */
const JS_URL_FUNCTION =
  /^[ \t]*(?:export[ \t]+)?(?:async[ \t]+)?function[ \t]+([A-Za-z_$][\w$]*)[ \t]*\([^()]{0,200}\)[^{\n]{0,60}\{[ \t]*\n(?:[ \t]*(?:const|let)[ \t][^\n]{0,200}\n){0,3}[ \t]*return[ \t]+\(?[ \t\n]*(`[^`\n]{1,300}`(?:[ \t\n]*\+[ \t\n]*`[^`\n]{1,300}`){0,3})[ \t\n]*\)?;/gm;

/**
 * URL functions of a JS/TS text as bases named `name()` (see JS_URL_FUNCTION), whose value is their literals
 * joined, so a template literal opening with their call (`${moduleUrl(o)}/versions`) is read on that URL.
 * A name defined twice with different URLs is left out. Only texts with a `return` of a template literal.
 */
function readUrlFunctions(text: string, bases: Map<string, string>): void {
  if (!includesBy(text, 'function', 0, 6) || !returnsTemplate(text)) return;
  const twice = new Set<string>();
  JS_URL_FUNCTION.lastIndex = 0;
  for (let m = JS_URL_FUNCTION.exec(text); m !== null && bases.size < MAX_BASES; m = JS_URL_FUNCTION.exec(text)) {
    const k = `${m[1] ?? ''}()`;
    const value = (m[2] ?? '')
      .split(/`[ \t\n]*\+[ \t\n]*`/)
      .join('')
      .slice(1, -1);
    if (!value.includes('/')) continue;
    if (bases.has(k) && bases.get(k) !== value) twice.add(k);
    bases.set(k, value);
  }
  for (const k of twice) bases.delete(k);
}

/**
 * Whether the text returns a template literal (the pattern `return[ \t]+\(?[ \t\n]*\``), read at each native find of
 * `return` by its `urn` as `returnsLiteral` reads: the blanks, an optional `(`, blanks and line breaks, then the backtick.
 */
function returnsTemplate(text: string): boolean {
  for (let at = indexBy(text, 'return', 3, 0); at !== -1; at = indexBy(text, 'return', 3, at + 6)) {
    let i = at + 6;
    if (text.charCodeAt(i) !== 32 && text.charCodeAt(i) !== 9) continue;
    while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
    if (text.charCodeAt(i) === 40) i++; // (
    while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9 || text.charCodeAt(i) === 10) i++;
    if (text.charCodeAt(i) === 96) return true;
  }
  return false;
}

/**
 * `org_url = root + '/api/v2/organizations/' + org + '/workspaces'`: a plain name assigned a concatenation that
 * opens with a name and a path literal, read at each native find of `+ '/` (or `+ "/`, `+'/`, `+"/`), at its line's start.
 */
const JOINED_VALUE =
  /[ \t]*(?:(?:const|let|var)[ \t]+)?([A-Za-z_]\w*)[ \t]*=[ \t]*([A-Za-z_][\w.]*)[ \t]*\+[ \t]*(["'])(\/[^"'\n]{0,200})\3((?:[ \t]*\+[ \t]*(?:[A-Za-z_][\w.]*|"[^"\n]{0,200}"|'[^'\n]{0,200}'))*)[ \t]*;?[ \t]*$/my;
const JOINED_PIECE = /\+[ \t]*(?:([A-Za-z_][\w.]*)|"([^"\n]*)"|'([^'\n]*)')/g;
const JOINS = ["+ '/", '+ "/', "+'/", '+"/'];

/**
 * Plain names assigned a concatenation (JOINED_VALUE) as bases, their names as placeholders
 * (`{root}/api/v2/organizations/{org}/workspaces`), where no literal was assigned to them. A line is read once (at its
 * first find of a join), and the next find is looked for after its end: looking back for the line's start at each
 * find, a long line of joins took time growing with their count squared (4.4 s for 400 KB of `"/workspaces/" + x + `).
 */
function readJoinedBases(text: string, bases: Map<string, string>): void {
  const seen = new Set<number>();
  for (const join of JOINS)
    for (let at = text.indexOf(join); at !== -1 && bases.size < MAX_BASES; at = text.indexOf(join, lineEnd(text, at))) {
      const start = text.lastIndexOf('\n', at) + 1;
      if (seen.has(start)) continue;
      seen.add(start);
      JOINED_VALUE.lastIndex = start;
      const m = JOINED_VALUE.exec(text);
      const name = m?.[1];
      if (!m || name === undefined || bases.has(name)) continue;
      let value = `{${m[2] ?? ''}}${m[4] ?? ''}`;
      JOINED_PIECE.lastIndex = 0;
      const rest = m[5] ?? '';
      for (let p = JOINED_PIECE.exec(rest); p !== null; p = JOINED_PIECE.exec(rest))
        value += p[1] !== undefined ? `{${p[1]}}` : (p[2] ?? p[3] ?? '');
      bases.set(name, value);
    }
}

/**
 * Where a helper call (`#helperCalls`) whose arguments' `(` is at `open` would start: the `.` or `->` before the run of
 * word characters before the `(`, when `self.` or `this.` opens the arguments (blanks before it); else -1.
 */
function helperCallAt(text: string, open: number): number {
  let i = open + 1;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  if (!text.startsWith('self.', i) && !text.startsWith('this.', i)) return -1;
  let start = open;
  while (start > 0 && isRegexWordChar(text.charCodeAt(start - 1))) start--;
  if (start === open) return -1;
  if (text.charCodeAt(start - 1) === 46) return start - 1;
  return text.charCodeAt(start - 1) === 62 && text.charCodeAt(start - 2) === 45 ? start - 2 : -1;
}

/**
 * A literal opening with a base's placeholder (`f"{self._ws_url}/…"`, `` `${this.base}/…` ``, `"${BASE}/…"`). Groups: the
 * quote, the owner, the name. Tried (sticky) only at the quote before a `{` (`openerAt`), where each match starts.
 */
const OPENER = /f?(["'`])\$?\{[ \t]*(?:(self|this)\.)?([A-Za-z_]\w*)[ \t]*\}/y;

/**
 * Where an OPENER match whose `{` is at `brace` would start, at or after `from`: the quote just before it (a `$`
 * between), or the `f` before that quote; -1 when no quote is there.
 */
function openerAt(text: string, brace: number, from: number): number {
  let quote = brace - 1;
  if (text.charCodeAt(quote) === 36) quote--; // ${
  const c = text.charCodeAt(quote);
  if ((c !== 34 && c !== 39 && c !== 96) || quote < from) return -1;
  return quote > from && text.charCodeAt(quote - 1) === 102 ? quote - 1 : quote;
}

/**
 * Where a JOINED_BASE match holding the `+` at `plus` after its first name would start: that name (the whole run of
 * word characters before the `+`, blanks between), or the `self.` / `this.` before it; -1 without a name there.
 */
function joinedAt(text: string, plus: number): number {
  let end = plus;
  while (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9) end--;
  let start = end;
  while (start > 0 && isRegexWordChar(text.charCodeAt(start - 1))) start--;
  if (start === end) return -1;
  if (
    start >= 5 &&
    text.charCodeAt(start - 1) === 46 &&
    (text.startsWith('self', start - 5) || text.startsWith('this', start - 5))
  )
    return start - 5;
  return start;
}

const key = (owner: string | undefined, name: string): string => (owner ? `.${name}` : name);

/** Whether the class body assigns the name at the body's own indent (`api = f"…"` under `class Release:`). */
function classAssigns(text: string, owner: ClassSpan, name: string): boolean {
  const body = text.slice(owner.start, owner.end);
  const site = new RegExp(`^([ \\t]*)${name}[ \\t]*(?::[^=\\n]{1,80})?=(?!=)`, 'm').exec(body);
  // The class body's indent: that of the first line after the `class …:` line.
  const indent = /\n([ \t]+)\S/.exec(body)?.[1];
  return site !== null && indent !== undefined && site[1] === indent;
}

/** Whether a plain name is assigned once in the text (`url = …` at a line's start, `const url =`). */
function assignedOnce(text: string, name: string): boolean {
  const assigned = new RegExp(
    `^[ \\t]*(?:(?:const|let|var|def)[ \\t]+)?${name}[ \\t]*(?::[^=\\n]{1,80})?\\+?=(?!=)`,
    'gm',
  );
  let count = 0;
  while (assigned.exec(text) !== null) if (++count > 1) return false;
  return count === 1;
}
