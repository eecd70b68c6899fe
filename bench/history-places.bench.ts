// Platform-history matcher: how many places of the real client (test/fixtures/history-real) a scanProject pass hands to
// JavaScript, beside the plain regex's. Each answer of a native search on a file's whole text (`indexOf`, `includes`,
// `lastIndexOf`, a RegExp's `exec`, which `test`, `match`, `matchAll`, `replace` and `split` go through) is counted,
// with the characters it read, in one pass after a warm-up pass. No target: this is the count the history bench's 3x
// target needs cut (docs/history.md, "Where a warm pass goes"): the searches are cheap, the JavaScript run at each
// answer is not. Counting wraps the built-ins, so it runs in a process of its own (each bench does).
// Then, timed (CPU, after the built-ins are put back): what one shared lexical read of each text would cost, the floor
// under the structure the 3x target needs (readers asking one model of the text rather than searching it each on its
// own). A measuring stick, not keyfob's reader: one walk that splits a text into comments (`//`, `/* */`, `#`), strings
// (quoted, backquoted, to the line's end when unclosed), words and punctuation, into typed arrays; and the same with
// every word also indexed by its text (a map of word to tokens), beside the plain regex over the same files.
// `npm run bench -- history-places`.
import { scanProject } from '@keyfob/shared/history';
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

scanProject(project);
const askers = new Map<string, number>();
const scan = counted(() => scanProject(project), askers);
const baseline = counted(() => {
  for (const f of files) plainScan(f.text, plain);
});

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

let tokens = 0;
const lexed = timed({
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
const times = (name: string): string =>
  `${(lexed[name] ?? NaN).toFixed(1)} ms a pass, ${((lexed[name] ?? NaN) / (lexed.plain ?? NaN)).toFixed(2)}x the plain regex`;
console.log(`\none lexical read of each text (CPU, median of 15 runs of 3 after 20 warm-up runs, the kinds turning):`);
console.log(`  tokens (comments, strings, words, punctuation: ${tokens}): ${times('lex')}`);
console.log(`  tokens and every word indexed by its text: ${times('indexed')}`);
console.log(`  plain regex: ${(lexed.plain ?? NaN).toFixed(1)} ms a pass; no target`);
