// Platform-history matcher: how many places of the real client (test/fixtures/history-real) a scanProject pass hands to
// JavaScript, beside the plain regex's. Every native search and check of one pass after a warm-up pass (`indexOf`,
// `includes`, `lastIndexOf`, `startsWith`, `endsWith`, a RegExp's `exec`, which `test`, `match`, `matchAll`, `replace`
// and `split` go through) is recorded, on any string, with its arguments, each pattern's `lastIndex` and its answer.
// From the record: the answers of the searches on a file's whole text, the characters they read and the functions that
// asked. No target: this is the count the history bench's 3x target would have cut (docs/history.md, "Where a warm pass
// goes"). Recording wraps the built-ins, so it runs in a process of its own (each bench does), on the module as tsx
// loads it; the timing below runs the bundle users run (`bundledHistory`), whose call sites never met a wrapper.
// Then, timed (CPU; the pass, its replay and the plain regex turning in one set of runs): the pass beside its own
// searches and checks replayed alone, in order. The rest, the readers' own JavaScript, estimates what a pass would cost
// if every search were free: the floor under any change that leaves the readers' work at their finds as it is, a shared
// model of the text included. The replay errs both ways (its `exec`s make the match arrays a `test` does not, and its
// loop is timed with it; it runs the searches back to back, their texts warm in the caches). Beside them, what one
// shared lexical read of each text costs (a measuring stick, not keyfob's reader: one walk that splits a text into
// comments, strings, words and punctuation, into typed arrays; and the same with every word also indexed by its text),
// and a maintained parser's syntax trees of the Go files (tree-sitter-go) beside the plain regex over the same files.
// Last, what the time buys: the matcher and the plain regex (each find reported as every subject of its name) scored
// alike by the real-client tests' scorer, on the held-aside third of the labelled files and on the rest.
// `npm run bench -- history-places`.
import { createRequire } from 'node:module';
import { rmSync } from 'node:fs';
import { scanProject, type Match } from '@keyfob/shared/history';
import { corpusFiles, readLabels, scoreFiles, type Part } from '../shared/test/history/real-clients-score.ts';
import {
  bundledHistory,
  cpuMs,
  plainNames,
  plainPattern,
  plainScan,
  quartiles,
  readRealClient,
} from './lib/history-corpus.ts';

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
 * The function that asked a recorded search: the first frame of the stack outside this file (`Lines.#extendTo`,
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
 * Every native search and check `work` makes, in order: its kind (an index of SEARCHES, or SEARCHES.length for a
 * pattern's `exec`), the string or pattern it ran on, its input, its argument (a position, or a pattern's `lastIndex`;
 * NaN: none) and its answer (a position, -1: none; for `includes` the position `indexOf` gives; for `startsWith` and
 * `endsWith` 1 or -1).
 */
interface Recorded {
  readonly kinds: number[];
  readonly on: unknown[];
  readonly inputs: string[];
  readonly args: number[];
  readonly answers: number[];
}
const SEARCHES = ['indexOf', 'includes', 'lastIndexOf', 'startsWith', 'endsWith'] as const;
const EXEC = SEARCHES.length;

/**
 * Runs `work` with every native search and check recorded (`Recorded`), and with `byCaller`, the function that asked
 * each search on a corpus file's whole text (a stack read each: slow, for one pass). The built-ins are kept whole,
 * called with `.call`, and put back after; what `caller` itself searches is not recorded.
 */
function recorded(work: () => void, byCaller?: Map<string, number>): Recorded {
  const log: Recorded = { kinds: [], on: [], inputs: [], args: [], answers: [] };
  let asking = false;
  const note = (kind: number, on: unknown, input: string, arg: number, answer: number, whole: boolean): void => {
    log.kinds.push(kind);
    log.on.push(on);
    log.inputs.push(input);
    log.args.push(arg);
    log.answers.push(answer);
    if (byCaller && whole) {
      asking = true;
      const name = caller();
      asking = false;
      byCaller.set(name, (byCaller.get(name) ?? 0) + 1);
    }
  };
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const natives = SEARCHES.map((name) => String.prototype[name]);
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const { indexOf } = String.prototype;
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const { exec } = RegExp.prototype;
  SEARCHES.forEach((name, kind) => {
    const native = natives[kind] as (this: string, search: string, at?: number) => number | boolean;
    (String.prototype as unknown as Record<string, unknown>)[name] = function (
      this: string,
      search: string,
      at?: number,
    ): number | boolean {
      const answer = native.call(this, search, at);
      if (asking) return answer;
      const position =
        typeof answer === 'number' ? answer : name === 'includes' ? indexOf.call(this, search, at) : answer ? 1 : -1;
      note(kind, this, search, at ?? NaN, position, kind < 3 && texts.has(this));
      return answer;
    };
  });
  RegExp.prototype.exec = function (this: RegExp, input: string): RegExpExecArray | null {
    const from = this.lastIndex;
    const found = exec.call(this, input);
    if (!asking) note(EXEC, this, input, from, found?.index ?? -1, typeof input === 'string' && texts.has(input));
    return found;
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

/**
 * The searches of a record on a corpus file's whole text that the counts are about (`indexOf`, `includes`,
 * `lastIndexOf`, `exec`), each kind's answers and the characters they read: from the position searched from to the
 * answer (to the text's end, or for `lastIndexOf` its start, when none); a sticky pattern's none.
 */
function tally(log: Recorded): Record<Kind, Tally> {
  const out = Object.fromEntries(KINDS.map((k) => [k, { answers: 0, read: 0 }])) as Record<Kind, Tally>;
  for (let k = 0; k < log.kinds.length; k++) {
    const kind = log.kinds[k] as number;
    const text = (kind === EXEC ? log.inputs[k] : log.on[k]) as string;
    const name = kind === EXEC ? 'exec' : SEARCHES[kind];
    if (!texts.has(text) || (name !== 'exec' && name !== 'indexOf' && name !== 'includes' && name !== 'lastIndexOf'))
      continue;
    const arg = log.args[k] as number;
    const at = log.answers[k] as number;
    let read: number;
    if (name === 'exec') {
      const pattern = log.on[k] as RegExp;
      const from = pattern.global || pattern.sticky ? arg : 0;
      read = pattern.sticky ? 0 : (at === -1 ? text.length : at) - from;
    } else if (name === 'lastIndexOf')
      read = Math.min(Number.isNaN(arg) ? Infinity : arg, text.length) - (at === -1 ? 0 : at);
    else read = (at === -1 ? text.length : at) - (Number.isNaN(arg) ? 0 : arg);
    out[name].answers++;
    out[name].read += Math.max(0, read);
  }
  return out;
}

/** The recorded searches run again, in order, with nothing around them but this loop (which the time includes). */
function replay(log: Recorded): number {
  let found = 0;
  const { kinds, on, inputs, args } = log;
  for (let k = 0; k < kinds.length; k++) {
    const kind = kinds[k] as number;
    const at = args[k] as number;
    const input = inputs[k] as string;
    if (kind === EXEC) {
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

/** Median CPU time of each run (a pass) over 15 sets of 3 after 20 warm-up sets, the kinds turning. */
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

scanProject(project);
const askers = new Map<string, number>();
const log = recorded(() => scanProject(project), askers);
const scan = tally(log);
const baseline = tally(
  recorded(() => {
    for (const f of files) plainScan(f.text, plain);
  }),
);

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

// The bundle's pass and the replay in one set of runs beside the plain regex: neither's call sites met a wrapper (the
// plain scan's did, and ran as fast after as before).
const { module: bundled, dir: bundleDir } = await bundledHistory();
let tokens = 0;
const timing = timed({
  scan: () => {
    bundled.scanProject(project);
  },
  plain: () => {
    for (const f of files) plainScan(f.text, plain);
  },
  replay: () => {
    replay(log);
  },
});
rmSync(bundleDir, { recursive: true, force: true });
// Apart: the word index's garbage would be collected inside the runs after it.
const sticks = timed({
  lex: () => {
    tokens = 0;
    for (const f of files) tokens += lex(f.text);
  },
  indexed: () => {
    for (const f of files) wordIndex(f.text, lex(f.text));
  },
  plain: () => {
    for (const f of files) plainScan(f.text, plain);
  },
});
const plainMs = timing.plain ?? NaN;
const times = (ms: number | undefined): string =>
  `${(ms ?? NaN).toFixed(1)} ms a pass, ${((ms ?? NaN) / plainMs).toFixed(2)}x the plain regex`;
const counts = [...SEARCHES, 'exec'].map((name, kind) => `${name} ${log.kinds.filter((k) => k === kind).length}`);
console.log(
  `\nthe JavaScript a pass runs beside its native searches (CPU, median of 15 sets of 3 after 20 warm-up sets, the kinds turning):`,
);
console.log(`  plain regex: ${plainMs.toFixed(1)} ms a pass`);
console.log(`  scanProject (the bundle): ${times(timing.scan)}`);
console.log(
  `  its native searches and checks alone, replayed in order (${counts.join(', ')}): ${times(timing.replay)}`,
);
console.log(
  `  the rest, the readers' own JavaScript: ${times((timing.scan ?? NaN) - (timing.replay ?? NaN))}: about what a pass would cost if every search were free; no target`,
);
const sticksTimes = (ms: number | undefined): string =>
  `${(ms ?? NaN).toFixed(1)} ms a pass, ${((ms ?? NaN) / (sticks.plain ?? NaN)).toFixed(2)}x the plain regex`;
console.log(`\none lexical read of each text (beside the plain regex again: ${(sticks.plain ?? NaN).toFixed(1)} ms):`);
console.log(`  tokens (comments, strings, words, punctuation: ${tokens}): ${sticksTimes(sticks.lex)}`);
console.log(`  tokens and every word indexed by its text: ${sticksTimes(sticks.indexed)}; no target`);

// A maintained parser's syntax trees of the Go files (tree-sitter-go, the labeller's parser), beside the plain regex
// over the same files: what the trees alone would cost a matcher built on them.
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
const goBytes = goFiles.reduce((n, f) => n + f.text.length, 0);
console.log(
  `\ntree-sitter-go's syntax trees of the ${goFiles.length} Go files (${(goBytes / 1e6).toFixed(2)} MB): ${(parsed.parse ?? NaN).toFixed(1)} ms a pass, ${((parsed.parse ?? NaN) / (parsed.plain ?? NaN)).toFixed(2)}x the plain regex over them (${(parsed.plain ?? NaN).toFixed(1)} ms); no target`,
);

const byName = plainNames();
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
const textOf = new Map(files.map((f) => [f.file, f.text]));
const labels = readLabels();
console.log(
  "\nwhat each finds (the real-client tests' scorer: recall of the expected uses, wrong as a share of the reports on",
);
console.log('labelled lines; the held-aside third measured as the tests measure it, not tuned to):');
for (const part of ['held-aside', 'working'] as const satisfies readonly Part[]) {
  const partFiles = corpusFiles(part).filter((file) => textOf.has(file));
  for (const [name, scan] of [
    ["keyfob's matcher (scanText)", undefined],
    ['plain regex, each find as its subjects', plainMatches],
  ] as const) {
    const t = scoreFiles(partFiles, labels, (file) => textOf.get(file) ?? '', scan).total;
    console.log(
      `  ${part.padEnd(10)} ${name.padEnd(38)} recall ${percent(t.found, t.expected)} (${t.found} of ${t.expected}), wrong ${percent(t.wrong, t.reported)} (${t.wrong} of ${t.reported}), ${t.unlabelled} on unlabelled lines`,
    );
  }
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
