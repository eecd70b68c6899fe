// Platform-history matcher on shapes nobody wrote on purpose: a sweep of units cut at random from real and labelled
// client code (test/fixtures/history-real when restored, the committed corpora of test/fixtures/history,
// history-new and terraform-projects always), each repeated to 100 KB and to 400 KB (as many lines, or as lines of
// 9,000 characters: under the 10,000 a line may hold to be read; a third of them with pieces of other files joined) and
// scanned as a random file kind. A reader that reads more for each find than its own span shows as a time growing
// faster than the text. Session 36's sweeps found seven
// such readers this way (a Go tag's struct, a sent variable, a shell command's continued lines, a collection's uses,
// a URL's send, a tail alias, an options struct's URL), from 1.2 s to 6.4 s at 1.6 MB each, and one that held 879 MB.
// Target: every shape's time at 400 KB at most 6 times its time at 100 KB (linear is 4x) or under 40 ms.
// Fixed seed: the same shapes each run. `npm run bench -- history-sweep`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { scanText } from '@keyfob/shared/history';

const SHAPES = 400;
const SMALL = 100_000;
const LARGE = 400_000;
const GROWTH = 6;
/** Under this at 400 KB, a shape's growth is noise (a few ms either way), not a reader's. */
const FLOOR_MS = 40;
const KINDS = ['go', 'py', 'sh', 'ts', 'js', 'rb', 'java', 'cs', 'kt', 'php', 'rs', 'tf', 'yml', 'json', 'http', 'md'];

const fixtures = fileURLToPath(new URL('../test/fixtures/', import.meta.url));
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
const read = (dirs: readonly string[]): { file: string; text: string }[] =>
  dirs
    .filter((d) => existsSync(join(fixtures, d)))
    .flatMap((d) => walk(join(fixtures, d)))
    .filter((p) => !/\.(?:tsv|mjs|md)$|LICENSE$/.test(p))
    .map((p) => ({ file: p.slice(fixtures.length), text: readFileSync(p, 'utf8') }));
const committed = read(['history', 'history-new', 'terraform-projects']);
const real = read([
  'history-real/go-tfe',
  'history-real/terrasnek',
  'history-real/terraform-provider-tfe',
  'history-real/ci-scripts',
]);
const sources = [...committed, ...real].filter((s) => s.text.length > 200);
console.log(
  `\nsweep: ${SHAPES} shapes cut from ${sources.length} files (${committed.length} committed${real.length === 0 ? '; test/fixtures/history-real not restored, its clients left out (node test/fixtures/history-real/restore.mjs)' : `, ${real.length} of history-real`}), each at ${SMALL / 1e3} KB and ${LARGE / 1e3} KB`,
);

let seed = 0x5eed36;
const random = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** The scan's time of a text, the shorter of two runs (a collection or a scheduler's pause weighs on one). */
const timed = (text: string, fileName: string, runs = 2): number => {
  let best = Infinity;
  for (let k = 0; k < runs; k++) {
    const start = performance.now();
    scanText(text, { fileName });
    best = Math.min(best, performance.now() - start);
  }
  return best;
};

const rows: { growth: number; small: number; large: number; label: string }[] = [];
for (let i = 0; i < SHAPES; i++) {
  const source = pick(sources);
  const at = Math.floor(random() * source.text.length);
  let unit = source.text.slice(at, at + 20 + Math.floor(random() * 600));
  // A third of the units join pieces of other files (a struct's tags beside another file's functions taking it).
  if (random() < 0.33)
    for (let k = Math.floor(random() * 3); k >= 0; k--) {
      const other = pick(sources);
      const from = Math.floor(random() * other.text.length);
      unit += other.text.slice(from, from + 10 + Math.floor(random() * 200));
    }
  const longLines = random() < 0.3;
  const kind = random() < 0.4 ? (source.file.split('.').pop() ?? 'txt') : pick(KINDS);
  if (unit.trim().length < 5) continue;
  const make = (bytes: number): string => {
    if (!longLines) return unit.repeat(Math.ceil(bytes / unit.length));
    const line = unit
      .replace(/[\r\n]/g, ' ')
      .repeat(Math.ceil(9_000 / unit.length))
      .slice(0, 9_000);
    return `${line}\n`.repeat(Math.ceil(bytes / 9_001));
  };
  const fileName = `sweep/shape${i}.${kind}`;
  scanText(make(10_000), { fileName });
  let small = timed(make(SMALL), fileName);
  let large = timed(make(LARGE), fileName);
  // A shape over the target is timed again, five runs each (the machine's other work weighs on two).
  if (large / Math.max(small, 0.5) > GROWTH && large >= FLOOR_MS) {
    small = Math.min(small, timed(make(SMALL), fileName, 5));
    large = Math.min(large, timed(make(LARGE), fileName, 5));
  }
  rows.push({
    growth: large / Math.max(small, 0.5),
    small,
    large,
    label: `${kind.padEnd(4)} ${longLines ? 'long lines' : 'lines     '} from ${source.file}: ${JSON.stringify(unit.slice(0, 60))}`,
  });
}
// Shapes found by hand, timed the same way: Python calls of curl commands written in strings, many on one line of about
// 9,700 characters (each string's command was read with the 53 lines around it copied: 6–8 s at 400 KB); Terraform
// policy ARNs ending `/*` in strings, with no `*/` after them (each opener's comment was read to the text's end: 5.1 s at
// 1.6 MB).
const KNOWN: readonly { readonly unit: string; readonly kind: string; readonly width?: number }[] = [
  {
    unit: '"arn:aws:dynamodb:*:${data.aws_caller_identity.current.account_id}:table/${each.key}*",; "arn:aws:dynamodb:*:${data.aws_caller_identity.current.account_id}:table/${each.key}/stream/*"; sqs_arns = [',
    kind: 'tf',
    width: 2_000,
  },
  { unit: 'os.system("curl -s -X DELETE https://app.terraform.io/api/v2/projects/prj-1")', kind: 'py' },
  {
    unit: 'subprocess.run(f"curl -s https://app.terraform.io/api/v2/organizations/{org}/projects", shell=True, check=True)',
    kind: 'py',
  },
];
for (const [k, { unit, kind, width = 9_700 }] of KNOWN.entries()) {
  const line = Array.from({ length: Math.max(1, Math.floor(width / (unit.length + 2))) }, () => unit).join('; ');
  const make = (bytes: number): string => `${line}\n`.repeat(Math.ceil(bytes / (line.length + 1)));
  const fileName = `sweep/known${k}.${kind}`;
  scanText(make(10_000), { fileName });
  const small = timed(make(SMALL), fileName);
  const large = timed(make(LARGE), fileName);
  rows.push({
    growth: large / Math.max(small, 0.5),
    small,
    large,
    label: `${kind.padEnd(4)} long lines (known): ${JSON.stringify(unit.slice(0, 60))}`,
  });
}
rows.sort((a, b) => b.growth - a.growth);
const over = rows.filter((r) => r.growth > GROWTH && r.large >= FLOOR_MS);
const median = rows[Math.floor(rows.length / 2)]?.growth ?? 0;
const slowest = [...rows].sort((a, b) => b.large - a.large)[0];
console.log(`growth ${LARGE / 1e3} KB / ${SMALL / 1e3} KB: median ${median.toFixed(2)}x (linear is 4x); the highest:`);
for (const r of rows.slice(0, 5))
  console.log(
    `  ${r.growth.toFixed(2).padStart(6)}x  ${r.small.toFixed(0).padStart(5)} -> ${r.large.toFixed(0).padStart(5)} ms  ${r.label}`,
  );
if (slowest)
  console.log(
    `slowest at ${LARGE / 1e3} KB: ${slowest.large.toFixed(0)} ms (${slowest.label}); a 5 MiB file of it about ${((slowest.large * 5.24 * 1e6) / LARGE / 1000).toFixed(1)} s`,
  );
console.log(
  `target: every shape at most ${GROWTH}x (or under ${FLOOR_MS} ms at ${LARGE / 1e3} KB): ${over.length === 0 ? 'met' : `missed by ${over.length}`}`,
);
