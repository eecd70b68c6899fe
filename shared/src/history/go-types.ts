import type { Lines } from './lines.ts';
import { goDeclarations, indexFrom, isGoWordChar, type GoDeclarations } from './go-declarations.ts';
import { firstAtOrAfter } from './ordered.ts';
import { isRegexSpace } from './source-text.ts';

/**
 * A small type environment of one Go file that uses go-tfe: which variables, parameters and struct
 * fields hold a go-tfe struct, so that a field read on a value typed elsewhere (`ws.Project.Name`
 * after `ws, err := client.Workspaces.Read(…)`, `p.Name` in `func f(p *tfe.Project)`, `proj.Name` in
 * `for _, proj := range list.Items`, `x.ws.UpdatedAt` with `type X struct { ws *tfe.Workspace }`) is a
 * use of that struct's field. go-tfe's own types come from the SDK table (`goTypes`: struct fields that
 * hold another struct; `goReturns`: what each service method returns), generated from go-tfe's source.
 *
 * The file's declarations (functions, signatures, local struct types, `var` lines) are read once per text
 * (`go-declarations.ts`), its assignments once per environment; a name is looked up in the top-level function the use is in (or at package
 * level), the last declaration before the use winning. A declaration whose type is not known (`p :=
 * other()`) hides an earlier one: an unknown type says nothing.
 */

/** go-tfe's types as the SDK table gives them. */
export interface GoTfeTypes {
  /** struct → field → the struct it holds (`[]Workspace` for a slice). */
  readonly fields: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** `Service.Method` → the struct it returns. */
  readonly returns: Readonly<Record<string, string>>;
  /** Structs with mapped fields (`ProjectUpdateOptions`), known by their own name. */
  readonly mapped: ReadonlySet<string>;
}

/** An assignment read in full: `at` after its `=`, the names assigned, the right side. */
interface Assignment {
  readonly at: number;
  readonly left: string[];
  readonly rhs: string;
  readonly range: boolean;
}

/** What a right side says of its type (`rightSide`): the type, or a chain of names whose type, or element type, it is. */
interface RightSide {
  readonly type?: string | undefined;
  readonly chain?: readonly string[];
  readonly element?: boolean;
}

interface Declaration {
  readonly at: number;
  /** The top-level function it is declared in, -1 at package level. */
  readonly scope: number;
  /** `Workspace`, `[]Workspace`, `local:Client`, or undefined when not known. */
  readonly type: string | undefined;
}

/** `GoTypeEnvironment`'s `wantedFirsts`, shared. */
const WANTED_FIRSTS = new Uint8Array(128);

/** `&tfe.X{` / `tfe.X{` opening a right side, by the name go-tfe is imported as (made once per name, not per environment). */
const literalPatterns = new Map<string, RegExp>();

function literalPattern(pkg: string): RegExp {
  let pattern = literalPatterns.get(pkg);
  if (pattern === undefined) literalPatterns.set(pkg, (pattern = new RegExp(`^&?${pkg}\\.([A-Z]\\w*)\\{`)));
  return pattern;
}

/** Bounds: how long a chain read backwards may be, and how many declarations one file may have. */
const MAX_CHAIN = 200;
const MAX_DECLARATIONS = 20_000;

export class GoTypeEnvironment {
  private readonly funcStarts: readonly number[];
  private readonly funcEnds: readonly number[];
  private readonly decls: GoDeclarations;
  private readonly declarations = new Map<string, Declaration[]>();
  private readonly localFields = new Map<string, Map<string, string>>();
  private count = 0;
  /** The signatures' parameters (names sharing a type), each list read once when first wanted, by its place in `signatures`. */
  private readonly parameterLists = new Map<number, { names: string[]; type: string | undefined }[]>();
  /**
   * Each assignment as numbers, its names not cut out: `=`'s offset, how many names, then each name's start and end
   * (most assign no wanted name; those that do are read in full once, into `assigned`).
   */
  private assignments: number[] | undefined;
  private readonly assigned = new Map<number, Assignment>();
  /** Each assignment's right side as read once (`rightSide`), by its `at`. */
  private readonly rightSides = new Map<number, RightSide>();
  /** The file's own functions, methods and interface methods by name → the type of their first result (read when first wanted). */
  private returns: Map<string, string | undefined> | undefined;
  /** The names the file imports packages as (`tfcapi`, `tfe`): a call qualified by one is no local function's. */
  private imports: Set<string> | undefined;
  /** `&tfe.X{` / `tfe.X{` opening a right side. */
  private readonly literal: RegExp;
  /**
   * The first letters of the wanted names, by code (`& 127`): most assigned names start with none of them. Read only
   * while the environment is built (`readAssignments`), so one table serves every environment, cleared by each (a typed
   * array made per environment is made off the heap: a cost per text).
   */
  private readonly wantedFirsts = WANTED_FIRSTS;
  /** The wanted names as a list, compared in place (a set's iteration made an iterator per assigned name). */
  private readonly wantedList: string[];
  /**
   * The top-level functions a use is asked in, and -1 (package level): a name is looked up in the use's function or at
   * package level (`typeOfName`, as are the right sides' names, in their assignment's function), so no other
   * function's signature or assignment can type anything asked, and none is read.
   */
  private readonly scopes: Set<number>;

  constructor(
    private readonly text: string,
    private readonly pkg: string,
    private readonly tfe: GoTfeTypes,
    /** The names whose declarations matter: the heads of the chains asked about (more join as right sides name them). */
    private readonly wanted: Set<string>,
    lines: Lines,
    /** Where the environment will be asked (`structOf`'s `dot`s): only their functions' declarations are read. */
    asked: readonly number[],
    /** What the project's other Go files' functions and methods return (`goDeclaredReturns`, merged by `projectFacts`). */
    private readonly projectReturns?: ReadonlyMap<string, string>,
  ) {
    this.literal = literalPattern(pkg);
    this.wantedList = [...wanted];
    this.wantedFirsts.fill(0);
    for (const name of wanted) this.wantedFirsts[name.charCodeAt(0) & 127] = 1;
    this.decls = goDeclarations(text, lines);
    this.funcStarts = this.decls.funcStarts;
    this.funcEnds = this.decls.funcEnds;
    this.scopes = new Set(asked.map((at) => this.scopeOf(at)));
    this.scopes.add(-1);
    this.readLocalStructs();
    // No name asked (`declaredReturns`): no declaration is read.
    for (let round = 0; round < 3 && wanted.size > 0; round++) {
      const size = this.wanted.size;
      this.declarations.clear();
      this.count = 0;
      this.readSignatures();
      this.readAssignments();
      if (this.wanted.size === size) break;
    }
    for (const list of this.declarations.values()) list.sort((a, b) => a.at - b.at);
  }

  /** The go-tfe struct a chain (`chainBefore`) ending at `dot` holds. */
  structOf(chain: readonly string[], dot: number): string | undefined {
    const type = this.typeOfChain(chain, dot);
    return type === undefined || type.startsWith('[]') || type.startsWith('local:') ? undefined : type;
  }

  /** The top-level function holding `at`, -1 outside any. */
  private scopeOf(at: number): number {
    // The last function starting at or before `at`: the one before the first starting past it.
    const found = firstAtOrAfter(this.funcStarts, at + 1) - 1;
    return found !== -1 && at < (this.funcEnds[found] ?? 0) ? found : -1;
  }

  private declare(name: string, at: number, type: string | undefined): void {
    if (!this.wanted.has(name) || this.count >= MAX_DECLARATIONS) return;
    this.count++;
    const list = this.declarations.get(name);
    const item = { at, scope: this.scopeOf(at), type };
    if (!list) this.declarations.set(name, [item]);
    else {
      // Kept in text order as they come (signatures, assignments and `var` lines are read in turn): a look-up
      // during the rounds stops at the first declaration after the use.
      let k = list.length;
      while (k > 0 && (list[k - 1]?.at ?? 0) > at) k--;
      list.splice(k, 0, item);
    }
  }

  /** A written Go type (`*tfe.Workspace`, `[]*tfe.Run`, `*Client`, `string`) as this environment names it. */
  private typeOfWritten(written: string): string | undefined {
    return typeOfWritten(written, this.pkg, this.tfe, this.localFields);
  }

  /** A go-tfe struct the table names (one that holds others, is held, returned or has mapped fields), or a list's options. */
  private isTfeStruct(name: string): boolean {
    return isTfeStruct(this.tfe, name);
  }

  /** `type Name struct { … }` of the file: each field's type (a go-tfe struct or another local struct). */
  private readLocalStructs(): void {
    const found = this.decls.localStructs();
    for (const s of found) this.localFields.set(s.name, new Map());
    for (const s of found) {
      const fields = this.localFields.get(s.name);
      for (const f of s.fields) {
        const type = this.typeOfWritten(f.written);
        if (type !== undefined) fields?.set(f.name, type);
      }
    }
  }

  /** Function receivers and parameters: `func (c *Client) f(ws *tfe.Workspace, runs []*tfe.Run, id string)`. */
  private readSignatures(): void {
    const signatures = this.decls.signatures();
    for (let k = 0; k < signatures.length; k++) {
      const s = signatures[k]!;
      if (!this.scopes.has(this.scopeOf(s.at)) || !this.namesWanted(s.list)) continue;
      let parameters = this.parameterLists.get(k);
      if (parameters === undefined) this.parameterLists.set(k, (parameters = this.parameters(s.list)));
      for (const { names, type } of parameters) for (const name of names) this.declare(name, s.at, type);
    }
  }

  /**
   * Whether a word of a parameter list (a run of `\w`) is a wanted name: each wanted name searched for in the list,
   * whole (a list's words cut out once made a string a word, most of the environment's garbage).
   */
  private namesWanted(list: string): boolean {
    for (const name of this.wantedList) {
      if (name === '') continue;
      for (let at = list.indexOf(name); at !== -1; at = list.indexOf(name, at + 1))
        if (!isGoWordChar(list.charCodeAt(at - 1)) && !isGoWordChar(list.charCodeAt(at + name.length))) return true;
    }
    return false;
  }

  /** A parameter list: names share the type written after the last of them (`a, b *tfe.Run`). */
  private parameters(list: string): { names: string[]; type: string | undefined }[] {
    return parameters(list, (written) => this.typeOfWritten(written));
  }

  /**
   * Assignments and declarations at a line start: `ws, err := …`, `if ws, err := …; err != nil`, `for _, p := range …`,
   * `list, err = …`, `var opts *tfe.RunListOptions`, `var x = …`. The first name takes the right side's type (a range's
   * second takes the element type); the others are declared unknown. Each `=` is found by native search and its
   * left side read back by hand (a pattern tried at every line start cost most of the environment).
   */
  private readAssignments(): void {
    // `var` lines first: an assignment after one reads its type (`var all []*tfe.Workspace`, then `range all`).
    // Only a wanted name's type is read (`declare` keeps no other).
    for (const v of this.decls.vars())
      if (this.wanted.has(v.name)) this.declare(v.name, v.at, this.typeOfWritten(v.written));
    this.assignments ??= this.parseAssignments();
    const found = this.assignments;
    for (let k = 0; k < found.length; k += 2 + 2 * (found[k + 1] ?? 0)) {
      if (!this.assignsWanted(found, k)) continue;
      const a = this.assignment(found, k);
      let type: string | undefined;
      if (a.range) {
        const of = this.typeOfExpression(a.rhs, a.at);
        type = of?.startsWith('[]') ? of.slice(2) : undefined;
      } else type = this.typeOfExpression(a.rhs, a.at);
      const typed = a.range ? 1 : 0;
      a.left.forEach((name, n) => this.declare(name, a.at, n === typed ? type : undefined));
    }
  }

  /** Whether the assignment at `k` of `found` (`parseAssignments`) names a wanted name, compared in place. */
  private assignsWanted(found: readonly number[], k: number): boolean {
    const text = this.text;
    const count = found[k + 1] ?? 0;
    for (let n = 0; n < count; n++) {
      const start = found[k + 2 + 2 * n] ?? 0;
      if (this.wantedFirsts[text.charCodeAt(start) & 127] !== 1) continue;
      const length = (found[k + 3 + 2 * n] ?? 0) - start;
      for (const name of this.wantedList) if (name.length === length && text.startsWith(name, start)) return true;
    }
    return false;
  }

  /** The assignment at `k` of `found` read in full: its names, its right side (after `range`), whether it ranges. */
  private assignment(found: readonly number[], k: number): Assignment {
    const text = this.text;
    const eq = found[k] ?? 0;
    const known = this.assigned.get(eq);
    if (known) return known;
    const left: string[] = [];
    for (let n = 0; n < (found[k + 1] ?? 0); n++)
      left.push(text.slice(found[k + 2 + 2 * n] ?? 0, found[k + 3 + 2 * n] ?? 0));
    const lineEnd = text.indexOf('\n', eq);
    let rhs = text.slice(eq + 1, lineEnd === -1 ? text.length : lineEnd).trimStart();
    const range = rhs.startsWith('range ') || rhs.startsWith('range\t');
    if (range) rhs = rhs.slice(6).trimStart();
    const read = { at: eq + 1, left, rhs, range };
    this.assigned.set(eq, read);
    return read;
  }

  private parseAssignments(): number[] {
    const text = this.text;
    const out: number[] = [];
    for (let eq = text.indexOf('='); eq !== -1; eq = text.indexOf('=', eq + 1)) {
      const next = text.charCodeAt(eq + 1);
      if (next === 61) {
        eq++; // `==`
        continue;
      }
      let i = eq - 1;
      const short = text.charCodeAt(i) === 58; // `:=`
      if (short) i--;
      else if (!isPlainAssignment(text.charCodeAt(i))) continue;
      // Declared at `=`'s next offset (`assignment`): in a function no use is asked in, it types nothing asked, nor
      // does the rest of that function: the search goes on where it ends (or the next function starts).
      const scope = this.scopeOf(eq + 1);
      if (!this.scopes.has(scope)) {
        eq = Math.min(this.funcEnds[scope] ?? text.length, this.funcStarts[scope + 1] ?? text.length) - 2;
        continue;
      }
      // The names are written in place after `=`'s offset and their count (an array a statement cost most of the garbage).
      const mark = out.length;
      out.push(eq, 0);
      const count = this.leftSide(i, out);
      if (count === 0) out.length = mark;
      else out[mark + 1] = count;
    }
    return out;
  }

  /**
   * The names assigned before `i` (the last character before `=`/`:=`), when the statement starts the line: each
   * name's start and end pushed on `out`, in text order; how many (0: none, nothing left pushed).
   */
  private leftSide(i: number, out: number[]): number {
    const text = this.text;
    const from = out.length;
    for (;;) {
      while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
      const end = i + 1;
      while (i >= 0 && isGoWordChar(text.charCodeAt(i))) i--;
      if (end === i + 1 || end - i > 60) {
        out.length = from;
        return 0;
      }
      out.push(i + 1, end);
      while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
      if (text.charCodeAt(i) !== 44) break; // `,`
      i--;
    }
    // What starts the line: nothing (blanks only), `var`, `if`, `for`, `switch`, `} else if`, read in place.
    const lineStart = text.lastIndexOf('\n', i) + 1;
    if (!leadsAssignment(text, lineStart, i + 1)) {
      out.length = from;
      return 0;
    }
    // Read backwards: the pairs put in text order.
    for (let a = from, b = out.length - 2; a < b; a += 2, b -= 2) {
      const start = out[a] ?? 0;
      const end = out[a + 1] ?? 0;
      out[a] = out[b] ?? 0;
      out[a + 1] = out[b + 1] ?? 0;
      out[b] = start;
      out[b + 1] = end;
    }
    return (out.length - from) / 2;
  }

  /** A name whose declarations matter from now on (a right side's chain head). */
  private want(name: string): void {
    if (this.wanted.has(name)) return;
    this.wanted.add(name);
    this.wantedList.push(name);
    this.wantedFirsts[name.charCodeAt(0) & 127] = 1;
  }

  /**
   * The type of a right side: a go-tfe literal, a service call's result, a typed chain (`list.Items`, `ws.Project`). What
   * the right side says is read once (`rightSide`); only a chain's type, which the declarations found so far decide, is
   * read again in each of the constructor's rounds.
   */
  private typeOfExpression(rhs: string, at: number): string | undefined {
    let right = this.rightSides.get(at);
    if (right === undefined) this.rightSides.set(at, (right = this.rightSide(rhs)));
    if (right.chain === undefined) return right.type;
    this.want(right.chain[0] ?? '');
    const type = this.typeOfChain(right.chain, at);
    if (!right.element) return type;
    return type?.startsWith('[]') ? type.slice(2) : undefined;
  }

  /** What a right side says of its type: the type itself, or the chain whose type (or its element's) it is. */
  private rightSide(rhs: string): RightSide {
    const literal = this.literal.exec(rhs);
    if (literal) return { type: this.isTfeStruct(literal[1] ?? '') ? literal[1] : undefined };
    const call = CALL.exec(rhs);
    const returned = call ? this.tfe.returns[`${call[1] ?? ''}.${call[2] ?? ''}`] : undefined;
    if (returned !== undefined) return { type: returned };
    // A call of the file's own function or method (`getWorkspaces(ctx, c, org)`, `client.Read(ctx, id)` where an
    // interface of the file declares `Read(…) (*tfe.Project, error)`): its first result's type.
    const local = LOCAL_CALL.exec(rhs);
    const own = local ? this.localReturn(local[1], local[2] ?? '') : undefined;
    if (own !== undefined || call) return { type: own };
    // `all = append(all, page.Items...)`: a slice appended to keeps its type.
    const appended = APPEND.exec(rhs);
    if (appended) return { chain: (appended[1] ?? '').split('.'), element: false };
    const chain = CHAIN.exec(rhs);
    if (!chain) return { type: undefined };
    // `list.Items[i]`: the element of the chain's slice.
    return { chain: (chain[1] ?? '').split('.'), element: chain[2] !== undefined };
  }

  /**
   * The first result's type of the file's function or method `name` (a call qualified by `head`): every declaration of
   * that name in the file (functions, methods of any receiver, interfaces' methods) must agree, else nothing.
   */
  private localReturn(head: string | undefined, name: string): string | undefined {
    if (head === this.pkg) return undefined;
    // A call qualified by an imported package (`internal.GetWorkspaces(client, orgs)`): that package's function,
    // declared in another file of the project (`package internal`).
    if (head !== undefined && this.importNames().has(head)) return this.projectReturns?.get(`${head}.${name}`);
    this.returns ??= this.readReturns();
    const own = this.returns.get(name);
    if (own !== undefined || this.projectReturns === undefined) return own;
    // Another file's: a plain call is a function of this package; a qualified one a method of any receiver.
    return this.projectReturns.get(head === undefined ? `${this.packageName()}.${name}` : `.${name}`);
  }

  /** The file's `package` clause's name. */
  private packageName(): string {
    return PACKAGE.exec(this.text)?.[1] ?? '';
  }

  private importNames(): Set<string> {
    if (this.imports) return this.imports;
    this.imports = new Set([this.pkg]);
    for (const block of this.text.matchAll(IMPORTS))
      for (const m of `\n${block[1] ?? block[2] ?? ''}`.matchAll(IMPORT_LINE))
        this.imports.add(m[1] ?? (m[2] ?? '').slice((m[2] ?? '').lastIndexOf('/') + 1).replace(/^go-/, ''));
    return this.imports;
  }

  private readReturns(): Map<string, string | undefined> {
    const out = new Map<string, string | undefined>();
    const add = (name: string, type: string | undefined): void => {
      out.set(name, out.has(name) && out.get(name) !== type ? undefined : type);
    };
    eachReturn(
      this.decls,
      (name) => name,
      add,
      (written) => this.typeOfWritten(written),
    );
    // Only the names that return something typed matter.
    for (const [name, type] of out) if (type === undefined) out.delete(name);
    return out;
  }

  /** The type a chain of names holds at `at`: its head's declaration, then each field's type. */
  private typeOfChain(chain: readonly string[], at: number): string | undefined {
    const [head = '', ...rest] = chain;
    const bare = head.endsWith('[]') ? head.slice(0, -2) : head;
    if (bare === this.pkg) return undefined;
    let type = this.typeOfName(bare, at);
    if (head !== bare) type = type?.startsWith('[]') ? type.slice(2) : undefined;
    for (const part of rest) {
      if (type === undefined) return undefined;
      const name = part.endsWith('[]') ? part.slice(0, -2) : part;
      type = this.fieldType(type, name);
      if (part !== name) type = type?.startsWith('[]') ? type.slice(2) : undefined;
    }
    return type;
  }

  private fieldType(type: string, field: string): string | undefined {
    if (type.startsWith('[]')) return undefined;
    if (type.startsWith('local:')) return this.localFields.get(type.slice(6))?.get(field);
    return this.tfe.fields[type]?.[field];
  }

  /** The last declaration of a name before `at` in the same top-level function, else at package level. */
  private typeOfName(name: string, at: number): string | undefined {
    const list = this.declarations.get(name);
    if (!list) return undefined;
    const scope = this.scopeOf(at);
    let best: Declaration | undefined;
    for (const d of list) {
      if (d.at >= at) break;
      if (d.scope === scope || d.scope === -1) best = d;
    }
    return best?.type;
  }
}

/** The identifiers of the expression ending at `dot` (`x.ws` → [x, ws]; an index `[i]` → `[]` marks it). */
export function chainBefore(text: string, dot: number): string[] | undefined {
  const parts: string[] = [];
  let i = dot - 1;
  const stop = Math.max(0, dot - MAX_CHAIN);
  for (;;) {
    let indexed = false;
    if (text.charCodeAt(i) === 93) {
      // `]`: an index; skip to its `[`.
      let depth = 0;
      for (; i >= stop; i--) {
        const c = text.charCodeAt(i);
        if (c === 93) depth++;
        else if (c === 91 && --depth === 0) break;
        else if (c === 10) return undefined;
      }
      if (i < stop) return undefined;
      i--;
      indexed = true;
    }
    const end = i + 1;
    while (i >= stop && isGoWordChar(text.charCodeAt(i))) i--;
    if (end === i + 1) return undefined;
    const word = text.slice(i + 1, end);
    const first = word.charCodeAt(0);
    if (first >= 48 && first <= 57) return undefined;
    parts.unshift(indexed ? `${word}[]` : word);
    if (text.charCodeAt(i) !== 46) break;
    i--;
  }
  return parts;
}

const PARAMETER = /^\s*(\w+)(?:\s+(\S[^]*?))?\s*$/;
const WRITTEN = /^(?:\.\.\.)?(\[\])?\*?(?:(\w+)\.)?(\w+)$/;
const CALL = /^[\w.]*\.([A-Z]\w*)\.([A-Z]\w*)\(/;
const APPEND = /^append\([ \t]*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)[ \t]*,/;
/** A call's last name and its qualifier's first (`client.Read(` → client, Read; `getWorkspaces(` → Read alone). */
const LOCAL_CALL = /^(?:([A-Za-z_]\w*)\.(?:[A-Za-z_]\w*\.)*)?([A-Za-z_]\w*)\(/;
const PACKAGE = /^[ \t]*package[ \t]+(\w+)/m;
const IMPORTS = /\nimport[ \t]*(?:\(([^)]*)\)|([^\n]*))/g;
const IMPORT_LINE = /(?:^|\n)[ \t]*(?:(\w+)[ \t]+)?"([^"\n]+)"/g;
const CHAIN = /^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(\[[^\]\n]*\])?[ \t]*(?:;|\{|$|\/\/)/;

/**
 * What a Go file's functions and methods return, for the project's other files (`ProjectFacts.goReturns`): each
 * one whose first result is a go-tfe struct or a slice of one (`func GetWorkspaces(…) ([]*tfe.Workspace, error)`,
 * `func (a *Applier) CreateConfigurationVersion(…) (*tfe.ConfigurationVersion, error)`), a function by its package's
 * name and its own (`internal.GetWorkspaces`), a method or an interface's method by its name after a dot
 * (`.CreateConfigurationVersion`). A name the file declares with two types is left out; the program's own types
 * (`*Workspace`, a local struct) are none of go-tfe's and say nothing.
 */
export function declaredReturns(text: string, pkg: string, tfe: GoTfeTypes, lines: Lines): Map<string, string> {
  const out = new Map<string, string>();
  if (indexFrom(text, `${pkg}.`, 0) === -1) return out;
  const name = PACKAGE.exec(text)?.[1];
  if (name === undefined) return out;
  const votes = new Map<string, string | undefined>();
  // The program's own structs are no go-tfe types: written types are read without the file's local structs.
  eachReturn(
    goDeclarations(text, lines),
    (fn, method) => (method ? `.${fn}` : `${name}.${fn}`),
    (key, type) => votes.set(key, votes.has(key) && votes.get(key) !== type ? undefined : type),
    (written) => typeOfWritten(written, pkg, tfe, NO_LOCAL_FIELDS),
  );
  for (const [key, type] of votes) if (type !== undefined) out.set(key, type);
  return out;
}

const NO_LOCAL_FIELDS: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map();

/** A written Go type (`*tfe.Workspace`, `[]*tfe.Run`, `*Client`, `string`) as an environment of `pkg` names it. */
function typeOfWritten(
  written: string,
  pkg: string,
  tfe: GoTfeTypes,
  localFields: ReadonlyMap<string, ReadonlyMap<string, string>>,
): string | undefined {
  const m = WRITTEN.exec(written.trim());
  if (!m) return undefined;
  const [, slice = '', qualifier, name = ''] = m;
  if (qualifier === pkg) return isTfeStruct(tfe, name) ? `${slice}${name}` : undefined;
  if (qualifier === undefined && localFields.has(name)) return `${slice}local:${name}`;
  return undefined;
}

/** A parameter list: names share the type written after the last of them (`a, b *tfe.Run`). */
function parameters(
  list: string,
  typeOf: (written: string) => string | undefined,
): { names: string[]; type: string | undefined }[] {
  const out: { names: string[]; type: string | undefined }[] = [];
  let pending: string[] = [];
  for (const piece of list.split(',')) {
    const m = PARAMETER.exec(piece);
    if (!m) {
      pending = [];
      continue;
    }
    pending.push(m[1] ?? '');
    if (m[2] === undefined) continue;
    out.push({ names: pending, type: typeOf(m[2]) });
    pending = [];
  }
  return out;
}

/**
 * Each function, method and interface method the file declares (`decls`), with its first result's type as `typeOf`
 * reads it: `key` names it from its name and whether it has a receiver (an interface's methods are methods).
 */
function eachReturn(
  decls: GoDeclarations,
  key: (name: string, method: boolean) => string,
  add: (key: string, type: string | undefined) => void,
  typeOf: (written: string) => string | undefined,
): void {
  for (const f of decls.funcHeads()) add(key(f.name, f.method), firstResult(f.results, typeOf));
  for (const f of decls.interfaceMethods()) add(key(f.name, true), firstResult(f.results, typeOf));
}

/** The type of a result list's first result (`(*tfe.Project, error)`, `[]*tfe.Run`, `(ws *tfe.Workspace, err error)`). */
function firstResult(results: string, typeOf: (written: string) => string | undefined): string | undefined {
  const written = results.trim();
  if (!written.startsWith('(')) return written === '' ? undefined : typeOf(written);
  const pieces = written.slice(1, written.indexOf(')') === -1 ? undefined : written.indexOf(')')).split(',');
  const named = pieces.some((p) => /^\s*\w+\s+\S/.test(p));
  if (!named) return typeOf(pieces[0] ?? '');
  return parameters(pieces.join(','), typeOf)[0]?.type;
}

const knownCache = new WeakMap<GoTfeTypes, Set<string>>();

/** The go-tfe structs the table names: ones that hold others, are held, returned or have mapped fields. */
function knownStructs(tfe: GoTfeTypes): Set<string> {
  let set = knownCache.get(tfe);
  if (set === undefined) {
    set = new Set([...Object.keys(tfe.fields), ...tfe.mapped]);
    for (const fields of Object.values(tfe.fields)) for (const t of Object.values(fields)) set.add(t.replace('[]', ''));
    for (const t of Object.values(tfe.returns)) set.add(t.replace('[]', ''));
    knownCache.set(tfe, set);
  }
  return set;
}

/** A go-tfe struct the table names, or a list's options. */
function isTfeStruct(tfe: GoTfeTypes, name: string): boolean {
  return knownStructs(tfe).has(name) || name.endsWith('ListOptions');
}

/** By table and services: `\.(?:Service|…)\.[A-Z]` for the services with a known return outside `services`. */
const otherCallsCache = new WeakMap<GoTfeTypes, WeakMap<ReadonlySet<string>, RegExp | undefined>>();

function otherReturningCalls(tfe: GoTfeTypes, services: ReadonlySet<string>): RegExp | undefined {
  let bySet = otherCallsCache.get(tfe);
  if (bySet === undefined) otherCallsCache.set(tfe, (bySet = new WeakMap()));
  if (bySet.has(services)) return bySet.get(services);
  const other = new Set<string>();
  for (const key of Object.keys(tfe.returns)) {
    const service = key.slice(0, key.indexOf('.'));
    if (!services.has(service)) other.add(service);
  }
  const pattern = other.size === 0 ? undefined : new RegExp(`\\.(?:${[...other].join('|')})\\.[A-Z]`);
  bySet.set(services, pattern);
  return pattern;
}

/**
 * Whether a Go file's type environment can type anything, a test cheaper than building it: every type it gives
 * starts at a go-tfe struct written after the package's name (`*tfe.Workspace`, `&tfe.RunListOptions{`, a local
 * struct's field `ws *tfe.Workspace`) or at a call of a service method the table says returns one
 * (`client.Workspaces.Read(`). `calls` are the text's `.Service.Method(` of `services`, as the caller read them
 * (`dotNames`); another service's call is searched for, unless the caller read that too (`otherCalls`: whether the
 * text has one, `\.(?:others)\.[A-Z]`). `words`, when given, are every word after a `pkg.` of the text (the caller's
 * read of them). Where this says no, no chain of the file has a type.
 */
export function canType(
  text: string,
  pkg: string,
  tfe: GoTfeTypes,
  services: ReadonlySet<string>,
  calls: readonly { readonly service: string; readonly method: string | undefined }[],
  words?: readonly string[],
  otherCalls?: boolean,
): boolean {
  // The words after the package's dots: as the caller read them all (`words`), else searched for.
  if (words !== undefined) {
    const known = knownStructs(tfe);
    for (const word of words) if (known.has(word) || word.endsWith('ListOptions')) return true;
  } else {
    const qualified = `${pkg}.`;
    for (let at = text.indexOf(qualified); at !== -1; at = text.indexOf(qualified, at + 1)) {
      const from = at + qualified.length;
      let end = from;
      while (isGoWordChar(text.charCodeAt(end))) end++;
      if (end > from && isTfeStruct(tfe, text.slice(from, end))) return true;
    }
  }
  for (const c of calls)
    if (c.method !== undefined && tfe.returns[`${c.service}.${c.method}`] !== undefined) return true;
  return otherCalls ?? otherReturningCalls(tfe, services)?.test(text) === true;
}

/** What may open a line before an assignment's names. */
const LEAD = ['var', 'if', 'for', 'switch', '} else if', 'else if'];

/**
 * Whether `text[from, to)`, trimmed (`String.prototype.trim`'s white space), is empty or one of LEAD: read in place.
 */
function leadsAssignment(text: string, from: number, to: number): boolean {
  let a = from;
  let b = to;
  while (a < b && isRegexSpace(text.charCodeAt(a))) a++;
  while (b > a && isRegexSpace(text.charCodeAt(b - 1))) b--;
  if (a === b) return true;
  for (const lead of LEAD) if (lead.length === b - a && text.startsWith(lead, a)) return true;
  return false;
}

/** A character before `=` that leaves a plain assignment (not `!=`, `<=`, `+=`, …). */
function isPlainAssignment(c: number): boolean {
  return c === 32 || c === 9 || isGoWordChar(c);
}
