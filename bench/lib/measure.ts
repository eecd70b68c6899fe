import { performance } from 'node:perf_hooks';

/** Timing of repeated runs: median and spread in milliseconds. */
export interface Timing {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly runs: number;
}

/** Runs `fn` `warmup` times unmeasured, then `runs` times, and returns the median and spread. */
export async function measure(fn: () => unknown, options: { runs?: number; warmup?: number } = {}): Promise<Timing> {
  const runs = options.runs ?? 15;
  for (let i = 0; i < (options.warmup ?? 3); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)] ?? 0,
    min: times[0] ?? 0,
    max: times[times.length - 1] ?? 0,
    runs,
  };
}

/** Prints rows as an aligned table. */
export function printTable(rows: readonly (readonly string[])[]): void {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
}

/** Milliseconds with two decimals. */
export function ms(value: number): string {
  return `${value.toFixed(2)} ms`;
}
