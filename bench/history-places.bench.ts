// Platform-history matcher: how many places of the real client (test/fixtures/history-real) a scanProject pass hands to
// JavaScript, beside the plain regex's. Each answer of a native search on a file's whole text (`indexOf`, `includes`,
// `lastIndexOf`, a RegExp's `exec`, which `test`, `match`, `matchAll`, `replace` and `split` go through) is counted,
// with the characters it read, in one pass after a warm-up pass. No target: this is the count the history bench's 3x
// target needs cut (docs/history.md, "Where a warm pass goes"): the searches are cheap, the JavaScript run at each
// answer is not. Counting wraps the built-ins, so it runs in a process of its own (each bench does) and times nothing.
// `npm run bench -- history-places`.
import { scanProject } from '@keyfob/shared/history';
import { plainPattern, plainScan, readRealClient } from './lib/history-corpus.ts';

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

/** Runs `work` with the native searches counted (only those on a corpus file's whole text) and hands back the counts. */
function counted(work: () => void): Record<Kind, Tally> {
  const tally = Object.fromEntries(KINDS.map((k) => [k, { answers: 0, read: 0 }])) as Record<Kind, Tally>;
  const note = (kind: Kind, read: number): void => {
    tally[kind].answers++;
    tally[kind].read += Math.max(0, read);
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
const scan = counted(() => scanProject(project));
const baseline = counted(() => {
  for (const f of files) plainScan(f.text, plain);
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
console.log(line('plain regex, every file once', baseline));
console.log(
  `answers, scanProject / plain regex: ${(sum(scan, 'answers') / sum(baseline, 'answers')).toFixed(1)}x; no target`,
);
