// Run by baseline.bench.ts in a process of its own: lintText of the 1,000-document role file from
// the checkout given as the argument (its shared/src, through tsx), 5 warm-up runs, then the median
// CPU time (user + system) of 15 runs, printed as JSON. The same text for every checkout.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeRoleFile } from './role-file.ts';

type LintText = (text: string, options: { fileName: string }) => unknown;

const checkout = process.argv[2];
if (!checkout) throw new Error('usage: lint-in-process.ts CHECKOUT');
const lint = (await import(pathToFileURL(join(checkout, 'shared', 'src', 'lint', 'index.ts')).href)) as {
  lintText: LintText;
};
const text = makeRoleFile(1000);
const runs: number[] = [];
for (let i = 0; i < 20; i++) {
  const before = process.cpuUsage();
  lint.lintText(text, { fileName: 'many.role.yaml' });
  const used = process.cpuUsage(before);
  if (i >= 5) runs.push((used.user + used.system) / 1000);
}
runs.sort((a, b) => a - b);
console.log(JSON.stringify({ cpuMs: runs[Math.floor(runs.length / 2)] }));
