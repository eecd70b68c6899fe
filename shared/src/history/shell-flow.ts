import { memoKey, type Lines } from './lines.ts';
import type { MethodToken } from './match-types.ts';
import { commandAt, commandMethod } from './shell-commands.ts';
import { shellValues, type ShellValues } from './shell-values.ts';
import { commandWordEnd, MAX_REFERENCE_WORDS } from './source-text.ts';
import { firstAtOrAfterBy } from './ordered.ts';
import { flowTemplateText } from './value-flow-types.ts';

/**
 * The shell family's value flow over one text (sh/bash/zsh, PowerShell, the shell inside CI YAML, Makefiles): what a
 * variable holds (shell-values.ts) and where the value goes. One question for every reader: "which commands send the URL this
 * variable holds, and with which methods". Built once per text, lazily (only when a reader asks about a variable),
 * bounded (MAX_USES, MAX_SENDS; the values' own bounds). It answers only for a variable the text assigns exactly once:
 * a variable assigned twice (in two functions, in a loop, by `read` or `for`) may hold either value at a use, and
 * the answer is then "unknown" (nothing), never a guess.
 */
export class ShellFlow {
  readonly #text: string;
  readonly #lines: Lines;
  /** PowerShell: names are case-insensitive (`$Uri` is `$uri`) and scoped (`$script:uri`). */
  readonly #powershell: boolean;
  /** Every reference to each variable (`#references`); built on the first question about uses. */
  #uses: Map<string, { at: number; end: number }[]> | undefined;
  /** A CI file (YAML): a value is seen only in the step or job that assigns it (`#seen`). */
  readonly #yaml: boolean;
  /** YAML: each line's parent (the line above it indented less) and the end of its block; built on the first ask. */
  #blocks: { parents: Int32Array; ends: Int32Array; indents: Int32Array } | undefined;

  /** What its variables hold (`shellValues`: shared with the other readers of the text). */
  readonly #values: ShellValues;

  constructor(text: string, lines: Lines, powershell: boolean, yaml = false) {
    this.#values = shellValues(text, lines, powershell);
    this.#text = text;
    this.#lines = lines;
    this.#powershell = powershell;
    this.#yaml = yaml;
  }

  /**
   * The methods of the commands that send the URL the variable `name` holds, its only assignment on `line`: every
   * command after it whose URL word is the variable whole (`curl -X POST "$url"`, `Invoke-RestMethod -Uri $uri
   * -Method Post`), in text order, shown (`echo "$url"`) and tested (`[ -n "$url" ]`) uses passed over, a use that
   * extends it (`"$url/versions"`: another URL) or passes it as data (`-d "$url"`) not counted. A command whose
   * method is unknown (a wrapper without a method, `-X "$method"`) adds nothing. Empty when the variable is
   * assigned more than once.
   */
  sends(name: string, line: number): MethodToken[] {
    if (this.#values.total(name) !== 1) return [];
    const text = this.#text;
    const lines = this.#lines;
    const from = lines.endOf(line);
    const found = this.#references().get(this.#powershell ? name.toLowerCase() : name) ?? [];
    const out: MethodToken[] = [];
    const seen = found.length === 0 ? 0 : this.#seen(name, line);
    let uses = 0;
    for (
      let k = firstAtOrAfterBy(found, from, (u) => u.at);
      k < found.length && uses < MAX_USES && out.length < MAX_SENDS;
      k++
    ) {
      const { at, end } = found[k]!;
      if (at >= seen) break;
      uses++;
      // The variable whole (quoted or not, a query added allowed): not `$url/versions` nor `${url}s`.
      const after = text.charCodeAt(end);
      if (!(Number.isNaN(after) || WORD_END.has(after))) continue;
      // A Makefile's `$(X)` reads as a command substitution where it starts: the command is asked about the character
      // before it (a blank or a quote of the same word).
      const probe = text.charCodeAt(at + 1) === 40 ? at - 1 : at;
      const words = commandAt(text, lines, probe);
      const index = words?.findIndex((w) => w.start <= at && at < w.end) ?? -1;
      if (!words || index === -1) continue;
      // A comment (`#   curl -X DELETE "$url"`, a commented line of a YAML `run: |` block) runs nothing.
      if (words.some((w) => w.start < at && w.text.startsWith('#'))) continue;
      // Before the program: a YAML list item's `-` and key (`- echo …`, `- script: …`); a recipe's `@`/`-` is its own.
      const program = words.find(
        (w) => !/^(?:if|then|do|else|elif|while|until|!|time|sudo|\w+=.*|\$[\w:]+|=|-|[A-Za-z_][\w-]*:)$/.test(w.text),
      );
      if (!program || program.start >= at || SHOWS.test(program.text.replace(/^["']?[@-]*/, ''))) continue;
      const previous = words[index - 1]?.text ?? '';
      if (NOT_URL_OPTION.test(previous)) continue;
      const sent = commandMethod(text, lines, probe);
      if (sent) out.push(sent);
    }
    return out;
  }

  /**
   * Words of commands that open with a reference to a variable holding a URL (`value` reads an `http(s)://` URL) and
   * go on with a path: `$(API)/projects/$(ID)`, `"${PROVIDER_URL}/versions"`, `$PROVIDER_URL/versions/$V`. Each with
   * the reference's end and the URL text the word holds (the value's template text, `{}` for each unknown part, then
   * the rest of the word). At most MAX_REFERENCE_WORDS.
   */
  urlWords(): { start: number; reference: number; end: number; value: string }[] {
    const out: { start: number; reference: number; end: number; value: string }[] = [];
    if (this.#powershell) return out;
    const text = this.#text;
    for (const name of this.#values.sites().keys()) {
      if (out.length >= MAX_REFERENCE_WORDS) break;
      const found = this.#references().get(name);
      if (!found) continue;
      const held = this.#values.value(name);
      if (held.kind !== 'template') continue;
      const value = flowTemplateText(held);
      if (!/^https?:\/\/[^/\s]+\/\S/.test(value)) continue;
      const site = this.#values.sites().get(name)?.[0];
      const line = site ? this.#lines.lineOf(site.start) : 0;
      const scope = this.#yaml && site ? this.#scope(line, !site.shell) : -1;
      const first = scope === -1 ? 0 : this.#lines.startOf(scope);
      const seen = scope === -1 ? text.length : this.#blockEnd(scope);
      for (const reference of [`$(${name})/`, `\${${name}}/`, `$${name}/`]) {
        for (let k = 0; k < found.length && out.length < MAX_REFERENCE_WORDS; k++) {
          const { at } = found[k]!;
          if (at < first || at >= seen || !text.startsWith(reference, at)) continue;
          const before = text.charCodeAt(at - 1);
          if (!(before === 32 || before === 9 || before === 34 || before === 39)) continue;
          out.push({
            start: at,
            reference: at + reference.length - 1,
            end: commandWordEnd(text, at + reference.length),
            value,
          });
        }
      }
    }
    return out;
  }

  /**
   * Every reference to a variable in the text (`$X`, `${X}`, `$(X)`; PowerShell's `$script:X` too), by name (lower-cased
   * in PowerShell), in text order: where each starts and ends. Read once, on the first question about uses.
   */
  #references(): Map<string, { at: number; end: number }[]> {
    if (this.#uses) return this.#uses;
    const uses = new Map<string, { at: number; end: number }[]>();
    const text = this.#text;
    const pattern = this.#powershell ? PS_USE : SH_USE;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      const raw = m[1] ?? m[2] ?? '';
      const name = this.#powershell ? raw.toLowerCase() : raw;
      const list = uses.get(name);
      const use = { at: m.index, end: m.index + m[0].length };
      if (list) list.push(use);
      else uses.set(name, [use]);
    }
    this.#uses = uses;
    return uses;
  }

  /**
   * Where the value `name` is given on `line` stops being seen (an offset; the text's end outside YAML): a CI file's
   * step (a `steps:` list item) or job (a top-level key) runs its own shell, so a shell assignment there, or a step's
   * or job's `env:`/`variables:` key, is not the value another step's or job's `$name` reads (another step's `env: url:
   * ${{ inputs.target }}`, a key the flow does not count). A workflow's or pipeline's own `env:`/`variables:`, and
   * GitLab's `before_script:`/`default:` and hidden (`.base:`) jobs, which other jobs run or extend, are seen to the end.
   */
  #seen(name: string, line: number): number {
    if (!this.#yaml) return this.#text.length;
    const start = this.#lines.startOf(line);
    const end = this.#lines.endOf(line);
    const site = this.#values
      .sites()
      .get(name)
      ?.find((s) => s.start >= start && s.start <= end);
    const scope = this.#scope(line, site !== undefined && !site.shell);
    return scope === -1 ? this.#text.length : this.#blockEnd(scope);
  }

  /** YAML: the line of the step or job a value given on `line` belongs to (`#seen`), or -1 for the whole file. */
  #scope(line: number, key: boolean): number {
    const { parents } = this.#yamlBlocks();
    if (line >= parents.length) return -1;
    if (key) {
      // The map holding the key (`env:`, `variables:`, a step's `- env:`) belongs to its parent, or is the step itself.
      const map = parents[line]!;
      if (map === -1) return -1;
      if (LIST_ITEM.test(this.#lineText(map))) return map;
      const owner = parents[map]!;
      return owner === -1 ? -1 : this.#topScope(owner);
    }
    for (let l = line; l !== -1; l = parents[l]!) {
      const parent = parents[l]!;
      if (parent !== -1 && LIST_ITEM.test(this.#lineText(l)) && STEPS.test(this.#lineText(parent))) return l;
      if (parent === -1) return this.#topScope(l);
    }
    return -1;
  }

  /** A scope line, or -1 when it is (within) a top-level key other jobs run or extend. */
  #topScope(line: number): number {
    const { parents } = this.#yamlBlocks();
    let top = line;
    while (parents[top]! !== -1) top = parents[top]!;
    return SHARED_TOP.test(this.#lineText(top)) ? -1 : line;
  }

  /** The offset where the block of `line` (it and the lines below indented more) ends. */
  #blockEnd(line: number): number {
    const end = this.#yamlBlocks().ends[line] ?? -1;
    return end === -1 ? this.#text.length : this.#lines.startOf(end);
  }

  #lineText(line: number): string {
    return this.#text.slice(this.#lines.startOf(line), this.#lines.endOf(line));
  }

  /** Each line's indentation (-1 blank or a comment), parent (-1 none) and the first line after its block (-1 none): one pass. */
  #yamlBlocks(): { parents: Int32Array; ends: Int32Array; indents: Int32Array } {
    if (this.#blocks) return this.#blocks;
    const text = this.#text;
    const starts = this.#lines.all();
    const n = starts.length;
    const indents = new Int32Array(n);
    const parents = new Int32Array(n).fill(-1);
    const ends = new Int32Array(n).fill(-1);
    const stack: number[] = [];
    for (let l = 0; l < n; l++) {
      const start = starts[l]!;
      let i = start;
      while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
      const c = text.charCodeAt(i);
      if (Number.isNaN(c) || c === 10 || c === 13 || c === 35) {
        indents[l] = -1;
        continue;
      }
      const indent = i - start;
      indents[l] = indent;
      while (stack.length > 0 && indents[stack[stack.length - 1]!]! >= indent) ends[stack.pop()!] = l;
      parents[l] = stack.length > 0 ? stack[stack.length - 1]! : -1;
      stack.push(l);
    }
    this.#blocks = { parents, ends, indents };
    return this.#blocks;
  }
}

/** YAML: a list item's line (`- run: |`, `- env:`). */
const LIST_ITEM = /^[ \t]*-[ \t]/;
/** YAML: the key of a job's steps (GitHub Actions, Azure Pipelines). */
const STEPS = /^[ \t]*(?:-[ \t]+)?steps:[ \t]*(?:#.*)?$/;
/** YAML: a top-level key whose scripts other jobs run or extend (GitLab's defaults, a hidden job, an anchor). */
const SHARED_TOP = /^(?:before_script|after_script|default|\.[\w.-]*):|^[\w.-]+:[ \t]*&/;

/** The uses of a variable read and the sends kept (the values' bounds: shell-values.ts). */
const MAX_USES = 64;
const MAX_SENDS = 16;

/** A reference to a variable (`$X`, `${X}`, a Makefile's `$(X)`); group 1 or 2: the name. */
const SH_USE = /\$(?:\{?([A-Za-z_]\w*)(?![\w:])\}?|\(([A-Za-z_]\w*)\))/g;
/** PowerShell's: case-insensitive, a scope allowed (`$script:uri`). */
const PS_USE = /\$(?:\{?(?:(?:script|global|local|private):)?([A-Za-z_]\w*)(?![\w:])\}?|\(([A-Za-z_]\w*)\))/gi;

/** What may end a word after a variable's name: a quote, a blank, a command's end, a query (`?`). */
const WORD_END = new Set([...'"\' \t\r\n;|&)`?'].map((c) => c.charCodeAt(0)));
/** Commands that only show or test a URL. */
const SHOWS = /^(?:echo\w*|printf|log\w*|:|Write-\w+|\[\[?|test|return|local|export)$/i;
/** Options whose value is not the URL sent: a body, a header, a file, credentials. */
const NOT_URL_OPTION =
  /^(?:-d|--data(?:-\w+)?|--json|-F|--form|-H|--header|-u|--user|-o|--output|-T|--upload-file|-Body|-InFile|-OutFile|-Headers|-ContentType|-Proxy)$/i;

/** A text's value flow, read as shell and as PowerShell (`shellFlow`). */
const SHELL_FLOWS = [
  memoKey<ShellFlow>('shell value flow'),
  memoKey<ShellFlow>('shell value flow of YAML'),
  memoKey<ShellFlow>('PowerShell value flow'),
  memoKey<ShellFlow>('PowerShell value flow of YAML'),
] as const;

/**
 * The value flow of a text, built once per scan (kept with its `Lines`) for each reading of it: readers of one scan
 * asking with the same arguments share it (a flow read as YAML is not the one read as a script).
 */
export function shellFlow(text: string, lines: Lines, powershell: boolean, yaml = false): ShellFlow {
  const key = SHELL_FLOWS[(powershell ? 2 : 0) + (yaml ? 1 : 0)]!;
  return lines.memo(key, () => new ShellFlow(text, lines, powershell, yaml));
}
