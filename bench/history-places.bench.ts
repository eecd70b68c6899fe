// Platform-history matcher: how many places of the real client (test/fixtures/history-real) a scanProject pass hands to
// JavaScript, beside the plain regex's. Each answer of a native search on a file's whole text (`indexOf`, `includes`,
// `lastIndexOf`, a RegExp's `exec`, which `test`, `match`, `matchAll`, `replace` and `split` go through) is counted,
// with the characters it read, in one pass after a warm-up pass. No target: this is the count the history bench's 3x
// target needs cut (docs/history.md, "Where a warm pass goes"): the searches are cheap, the JavaScript run at each
// answer is not. Counting wraps the built-ins, so it runs in a process of its own (each bench does).
// Then, timed (CPU; the pass, the plain regex and the measuring sticks before any built-in is wrapped, the replay
// after): the pass beside its own native searches and checks, recorded in one pass (on any string, with their arguments
// and each pattern's `lastIndex`) and replayed alone, in order. The rest, the readers' own JavaScript, is what a pass
// would cost if every search were free: the floor under any change that leaves the readers' work at their finds as it
// is, a shared model of the text included (a replay's `exec` makes the match array a `test` does not, and its loop is
// timed with it: the floor is, if anything, low). And what one shared lexical read of each text costs (readers asking
// one model of the text rather than each searching it): a measuring stick, not keyfob's reader, one walk that splits a
// text into comments (`//`, `/* */`, `#`), strings (quoted, backquoted, to the line's end when unclosed), words and
// punctuation, into typed arrays; and the same with every word also indexed by its text (a map of word to tokens); and
// a maintained parser's syntax trees of the Go files (tree-sitter-go), each beside the plain regex over the same files.
// Last, what the time buys: the matcher and the plain regex (each find reported as every subject of its name) scored
// alike on the labelled corpus.
// `npm run bench -- history-places`.
import { createRequire } from 'node:module';
import { history, scanProject, type HistorySubject, type Match } from '@keyfob/shared/history';
import { scoreCorpus } from '../shared/test/history/real-clients-score.ts';
import { cpuMs, plainPattern, plainScan, quartiles, readRealClient } from './lib/history-corpus.ts';

const files = readRealClient();
if (files.length === 0) {
  console.log('real client: skipped, the corpus is not restored (node test/fixtures/history-real/restore.mjs)');
  process.exit(0);
}
const texts = new Set(files.map((f) => f.text));
const bytes = files.reduce((n, f) => n + f.text.length, 0);
const project = files.map((f) => ({ text: f.text, fileName: f.file }));
const plain = plainPattern(false);

interface Tally {
  answers: number;
  read: number;
}
type Kind = 'indexOf' | 'includes' | 'lastIndexOf' | 'exec';
const KINDS: readonly Kind[] = ['indexOf', 'includes', 'lastIndexOf', 'exec'];

/**
 * The function that asked a counted search: the first frame of the stack outside this file (`Lines.#extendTo`,
 * `offsetsOf`), or `anonymous`.
 */
function caller(): string {
  for (const frame of (new Error().stack ?? '').split('\n').slice(1)) {
    if (frame.includes('history-places.bench')) continue;
    return /at (?:new |async )?([^\s(]+) \(/.exec(frame)?.[1] ?? 'anonymous';
  }
  return 'anonymous';
}

/**
 * Runs `work` with the native searches counted (only those on a corpus file's whole text) and hands back the counts,
 * and with `byCaller`, each asking function's answers too (a stack read each answer: slow, for one pass).
 */
function counted(work: () => void, byCaller?: Map<string, number>): Record<Kind, Tally> {
  const tally = Object.fromEntries(KINDS.map((k) => [k, { answers: 0, read: 0 }])) as Record<Kind, Tally>;
  const note = (kind: Kind, read: number): void => {
    tally[kind].answers++;
    tally[kind].read += Math.max(0, read);
    if (byCaller) {
      const name = caller();
      byCaller.set(name, (byCaller.get(name) ?? 0) + 1);
    }
  };
  // The built-ins are kept whole, called with `.call` and put back after.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const { indexOf, includes, lastIndexOf } = String.prototype;
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const { exec } = RegExp.prototype;
  String.prototype.indexOf = function (this: string, search: string, from = 0): number {
    const at = indexOf.call(this, search, from);
    if (texts.has(this)) note('indexOf', (at === -1 ? this.length : at) - from);
    return at;
  };
  String.prototype.includes = function (this: string, search: string, from = 0): boolean {
    const at = indexOf.call(this, search, from);
    if (texts.has(this)) note('includes', (at === -1 ? this.length : at) - from);
    return at !== -1;
  };
  String.prototype.lastIndexOf = function (this: string, search: string, from = Infinity): number {
    const at = lastIndexOf.call(this, search, from);
    if (texts.has(this)) note('lastIndexOf', Math.min(from, this.length) - (at === -1 ? 0 : at));
    return at;
  };
  RegExp.prototype.exec = function (this: RegExp, input: string): RegExpExecArray | null {
    const from = this.global || this.sticky ? this.lastIndex : 0;
    const found = exec.call(this, input);
    if (typeof input === 'string' && texts.has(input))
      note('exec', this.sticky ? 0 : (found?.index ?? input.length) - from);
    return found;
  };
  try {
    work();
  } finally {
    Object.assign(String.prototype, { indexOf, includes, lastIndexOf });
    RegExp.prototype.exec = exec;
  }
  return tally;
}

/**
 * Every native search and check a pass makes on any string (`indexOf`, `includes`, `lastIndexOf`, `startsWith`,
 * `endsWith`, a RegExp's `exec` with its `lastIndex` as it was), recorded in one pass to be replayed (`replay`): the
 * native part of a pass, timed apart from the JavaScript around it.
 */
interface Recorded {
  readonly kinds: number[];
  readonly on: unknown[];
  readonly inputs: string[];
  readonly args: number[];
}
const SEARCHES = ['indexOf', 'includes', 'lastIndexOf', 'startsWith', 'endsWith'] as const;

function recorded(work: () => void): Recorded {
  const log: Recorded = { kinds: [], on: [], inputs: [], args: [] };
  // The built-ins are kept whole, called with `.call` and put back after.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const natives = SEARCHES.map((name) => String.prototype[name]);
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const { exec } = RegExp.prototype;
  SEARCHES.forEach((name, kind) => {
    const native = natives[kind] as (this: string, search: string, at?: number) => number | boolean;
    (String.prototype as unknown as Record<string, unknown>)[name] = function (
      this: string,
      search: string,
      at?: number,
    ): number | boolean {
      log.kinds.push(kind);
      log.on.push(this);
      log.inputs.push(search);
      log.args.push(at ?? NaN);
      return native.call(this, search, at);
    };
  });
  RegExp.prototype.exec = function (this: RegExp, input: string): RegExpExecArray | null {
    log.kinds.push(SEARCHES.length);
    log.on.push(this);
    log.inputs.push(input);
    log.args.push(this.lastIndex);
    return exec.call(this, input);
  };
  try {
    work();
  } finally {
    SEARCHES.forEach((name, kind) => {
      (String.prototype as unknown as Record<string, unknown>)[name] = natives[kind];
    });
    RegExp.prototype.exec = exec;
  }
  return log;
}

/** The recorded searches run again, in order, with nothing around them but this loop (which the time includes). */
function replay(log: Recorded): number {
  let found = 0;
  const { kinds, on, inputs, args } = log;
  for (let k = 0; k < kinds.length; k++) {
    const kind = kinds[k] as number;
    const at = args[k] as number;
    const input = inputs[k] as string;
    if (kind === SEARCHES.length) {
      const pattern = on[k] as RegExp;
      pattern.lastIndex = at;
      if (pattern.exec(input) !== null) found++;
      continue;
    }
    const text = on[k] as string;
    const from = Number.isNaN(at) ? undefined : at;
    let answer: number | boolean;
    if (kind === 0) answer = text.indexOf(input, from);
    else if (kind === 1) answer = text.includes(input, from);
    else if (kind === 2) answer = text.lastIndexOf(input, from);
    else if (kind === 3) answer = text.startsWith(input, from);
    else answer = text.endsWith(input, from);
    if (answer !== -1 && answer !== false) found++;
  }
  return found;
}

const CAP = 1 << 21;
const starts = new Int32Array(CAP);
const ends = new Int32Array(CAP);
const kinds = new Uint8Array(CAP);
const WORD = new Uint8Array(128).map((_, c) => (/\w/.test(String.fromCharCode(c)) ? 1 : 0));
const enum Token {
  Comment = 1,
  String = 2,
  Word = 3,
  Punctuation = 4,
}

/** The tokens of `text` into the shared arrays (comments, strings, words, punctuation); their count. */
function lex(text: string): number {
  let n = 0;
  let i = 0;
  const length = text.length;
  while (i < length && n < CAP) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
      continue;
    }
    const start = i;
    let kind: Token;
    if ((c === 47 && text.charCodeAt(i + 1) === 47) || c === 35) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? length : end;
      kind = Token.Comment;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? length : end + 2;
      kind = Token.Comment;
    } else if (c === 34 || c === 39) {
      i++;
      while (i < length) {
        const d = text.charCodeAt(i);
        if (d === 92) i += 2;
        else if (d === c || d === 10) {
          i++;
          break;
        } else i++;
      }
      kind = Token.String;
    } else if (c === 96) {
      const end = text.indexOf('`', i + 1);
      i = end === -1 ? length : end + 1;
      kind = Token.String;
    } else if (c < 128 && WORD[c] === 1) {
      i++;
      while (i < length) {
        const d = text.charCodeAt(i);
        if (d < 128 && WORD[d] === 1) i++;
        else break;
      }
      kind = Token.Word;
    } else {
      i++;
      kind = Token.Punctuation;
    }
    starts[n] = start;
    ends[n] = i;
    kinds[n] = kind;
    n++;
  }
  return n;
}

/** Every word of `text`'s `count` tokens indexed by its text: the number of distinct words. */
function wordIndex(text: string, count: number): number {
  const words = new Map<string, number[]>();
  for (let k = 0; k < count; k++) {
    if (kinds[k] !== Token.Word) continue;
    const word = text.slice(starts[k], ends[k]);
    const held = words.get(word);
    if (held) held.push(k);
    else words.set(word, [k]);
  }
  return words.size;
}

/** Median CPU time of `run` over 15 runs of 3 after 20 warm-up runs, the three kinds turning. */
function timed(runs: Record<string, () => void>): Record<string, number> {
  const names = Object.keys(runs);
  const times: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < 35; round++)
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + round) % names.length] as string;
      const run = runs[name] as () => void;
      const start = cpuMs();
      for (let i = 0; i < 3; i++) run();
      if (round >= 20) times[name]?.push((cpuMs() - start) / 3);
    }
  return Object.fromEntries(names.map((name) => [name, quartiles(times[name] ?? []).median]));
}

// Timed first, before any built-in is wrapped: a wrapped search leaves the call sites that met it (the readers', the
// plain scan's) with the wrapper's feedback, and the pass ran about a tenth slower after the counting than before it.
let tokens = 0;
const clean = timed({
  scan: () => {
    scanProject(project);
  },
  plain: () => {
    for (const f of files) plainScan(f.text, plain);
  },
  lex: () => {
    tokens = 0;
    for (const f of files) tokens += lex(f.text);
  },
  indexed: () => {
    for (const f of files) wordIndex(f.text, lex(f.text));
  },
});
// A maintained parser's syntax trees of the Go files (tree-sitter-go, the labeller's parser), beside the plain regex over
// the same files: what the trees alone would cost a matcher built on them.
const goFiles = files.filter((f) => f.file.endsWith('.go'));
const goParser = await treeSitterGo();
const parsed = timed({
  parse: () => {
    for (const f of goFiles) goParser.parse(f.text)?.delete();
  },
  plain: () => {
    for (const f of goFiles) plainScan(f.text, plain);
  },
});
const askers = new Map<string, number>();
const scan = counted(() => scanProject(project), askers);
const baseline = counted(() => {
  for (const f of files) plainScan(f.text, plain);
});
const log = recorded(() => scanProject(project));
// The replay is code of its own that never met a wrapper; timed beside the plain regex again, whose search a wrapper
// did meet (it ran as fast after as before, while the pass did not), and read as a ratio to it, so that a slower spell
// of the machine between the two timings moves both sides alike.
const later = timed({
  replay: () => {
    replay(log);
  },
  plain: () => {
    for (const f of files) plainScan(f.text, plain);
  },
});

const sum = (t: Record<Kind, Tally>, key: keyof Tally): number => KINDS.reduce((n, k) => n + t[k][key], 0);
const line = (label: string, t: Record<Kind, Tally>): string =>
  `${label.padEnd(34)} ${String(sum(t, 'answers')).padStart(8)} answers, the text read ${(sum(t, 'read') / bytes).toFixed(1)} times`;
console.log(`real client: ${files.length} files, ${(bytes / 1e6).toFixed(2)} MB; one pass after one warm-up pass`);
console.log(line('scanProject, one pass', scan));
for (const k of KINDS)
  console.log(
    `  ${k.padEnd(12)} ${String(scan[k].answers).padStart(8)} answers, ${(scan[k].read / bytes).toFixed(1)} times the text`,
  );
console.log('  the askers with the most answers:');
for (const [name, answers] of [...askers].sort((a, b) => b[1] - a[1]).slice(0, 12))
  console.log(`    ${name.padEnd(40)} ${String(answers).padStart(8)}`);
console.log(line('plain regex, every file once', baseline));
console.log(
  `answers, scanProject / plain regex: ${(sum(scan, 'answers') / sum(baseline, 'answers')).toFixed(1)}x; no target`,
);

const plainMs = clean.plain ?? NaN;
const times = (ms: number | undefined): string =>
  `${(ms ?? NaN).toFixed(1)} ms a pass, ${((ms ?? NaN) / plainMs).toFixed(2)}x the plain regex`;
const counts = SEARCHES.map((name, kind) => `${name} ${log.kinds.filter((k) => k === kind).length}`);
counts.push(`exec ${log.kinds.filter((k) => k === SEARCHES.length).length}`);
console.log(
  `\nthe JavaScript a pass runs beside its native searches (CPU, median of 15 runs of 3 after 20 warm-up runs, the kinds turning):`,
);
const replayRatio = (later.replay ?? NaN) / (later.plain ?? NaN);
const floorRatio = (clean.scan ?? NaN) / plainMs - replayRatio;
console.log(`  plain regex: ${plainMs.toFixed(1)} ms a pass`);
console.log(`  scanProject: ${times(clean.scan)}`);
console.log(
  `  its native searches and checks alone, replayed in order (${counts.join(', ')}): ${(later.replay ?? NaN).toFixed(1)} ms a pass, ${replayRatio.toFixed(2)}x the plain regex timed beside it (${(later.plain ?? NaN).toFixed(1)} ms)`,
);
console.log(
  `  the rest, the readers' own JavaScript: ${floorRatio.toFixed(2)}x the plain regex (${(floorRatio * plainMs).toFixed(1)} ms a pass): what a pass would cost if every search were free; no target`,
);
const goBytes = goFiles.reduce((n, f) => n + f.text.length, 0);
console.log(
  `\ntree-sitter-go's syntax trees of the ${goFiles.length} Go files (${(goBytes / 1e6).toFixed(2)} MB): ${(parsed.parse ?? NaN).toFixed(1)} ms a pass, ${((parsed.parse ?? NaN) / (parsed.plain ?? NaN)).toFixed(2)}x the plain regex over them (${(parsed.plain ?? NaN).toFixed(1)} ms); no target`,
);
console.log(`\none lexical read of each text (the same runs as the pass):`);
console.log(`  tokens (comments, strings, words, punctuation: ${tokens}): ${times(clean.lex)}`);
console.log(`  tokens and every word indexed by its text: ${times(clean.indexed)}; no target`);

/** The history's subjects by their names and aliases (not the endpoints: the plain regex reads no paths). */
const byName = new Map<string, HistorySubject[]>();
for (const subject of history.subjects) {
  if (subject.type === 'endpoint') continue;
  for (const name of [subject.name, ...subject.aliases]) byName.set(name, [...(byName.get(name) ?? []), subject]);
}

/**
 * The plain regex as a matcher: each find reported as every subject that has the found text as its name or an alias
 * (what a plain scan can say; it reads no paths, so no endpoint). Scored by the real-client tests' scorer.
 */
function plainMatches(text: string): Match[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  const out: Match[] = [];
  plain.lastIndex = 0;
  let line = 0;
  for (let m = plain.exec(text); m !== null; m = plain.exec(text)) {
    while (line + 1 < starts.length && (starts[line + 1] ?? 0) <= m.index) line++;
    for (const subject of byName.get(m[0]) ?? [])
      out.push({ subject, line: line + 1, column: m.index - (starts[line] ?? 0) + 1, text: m[0] } as unknown as Match);
  }
  return out;
}
const percent = (n: number, d: number): string => `${((100 * n) / d).toFixed(1)}%`;
console.log(
  "\nwhat each finds on the labelled corpus (every file, the tests' scorer: recall of the expected uses, wrong as a",
);
console.log('share of the reports on labelled lines):');
for (const [name, score] of [
  ["keyfob's matcher, as the tests score it", scoreCorpus('all')],
  ['plain regex, each find as its subjects', scoreCorpus('all', (text) => plainMatches(text))],
] as const) {
  const t = score.total;
  console.log(
    `  ${name.padEnd(40)} recall ${percent(t.found, t.expected)} (${t.found} of ${t.expected}), wrong ${percent(t.wrong, t.reported)} (${t.wrong} of ${t.reported}), ${t.unlabelled} on unlabelled lines`,
  );
}

/** tree-sitter-go's parser: web-tree-sitter (keyfob's HCL parser's runtime) and the labellers' Go grammar (its wasm). */
async function treeSitterGo(): Promise<{ parse(text: string): { delete(): void } | null }> {
  const require = createRequire(import.meta.url);
  const { Parser, Language } = await import('web-tree-sitter');
  await Parser.init();
  const parser = new Parser();
  parser.setLanguage(await Language.load(require.resolve('tree-sitter-go/tree-sitter-go.wasm')));
  return parser;
}
