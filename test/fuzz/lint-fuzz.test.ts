// Fuzz: thousands of random mutations of valid role files never crash lintText, and every problem
// it reports has a range inside the file with line/column that agree with the offsets.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { lintText } from '@keyfob/shared/lint';
import { LineIndex } from '@keyfob/shared/text';

const examples = fileURLToPath(new URL('../../examples/roles/', import.meta.url));
const seeds = readdirSync(examples).map((name) => ({ name, text: readFileSync(examples + name, 'utf8') }));
const ALPHABET = [':', '-', '"', "'", '{', '}', '[', ']', ',', '\n', ' ', '  ', '#', '&a', '*a', '!', '|', '>', '\t', 'é', '🔑', '\r\n', '---\n', '0', 'x', '~', '/', '\\', '%', '${', '{{', '}}'];

/** A small deterministic PRNG (mulberry32), so a failing case can be replayed from its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mutate(text: string, random: () => number): string {
  let out = text;
  const edits = 1 + Math.floor(random() * 4);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(random() * (out.length + 1));
    const pick = random();
    if (pick < 0.3) out = out.slice(0, at) + (ALPHABET[Math.floor(random() * ALPHABET.length)] ?? '') + out.slice(at);
    else if (pick < 0.55) out = out.slice(0, at) + out.slice(at + 1 + Math.floor(random() * 8));
    else if (pick < 0.7) {
      const lines = out.split('\n');
      const i = Math.floor(random() * lines.length);
      lines.splice(i, 0, lines[Math.floor(random() * lines.length)] ?? '');
      out = lines.join('\n');
    } else if (pick < 0.8) {
      const lines = out.split('\n');
      const i = Math.floor(random() * lines.length);
      const j = Math.floor(random() * lines.length);
      [lines[i], lines[j]] = [lines[j] ?? '', lines[i] ?? ''];
      out = lines.join('\n');
    } else if (pick < 0.9) out = out.slice(0, at);
    else out = out.slice(0, at) + out.slice(at).replace(/^(\s*)/, '$1$1');
  }
  return out;
}

describe('lintText under random mutations', () => {
  for (const seed of seeds) {
    it(`survives 600 mutations of ${seed.name} with every range inside the file`, () => {
      const random = prng(seed.name.length * 7919 + seed.text.length);
      for (let round = 0; round < 600; round++) {
        const text = mutate(seed.text, random);
        let result;
        try {
          result = lintText(text, { fileName: seed.name });
        } catch (error) {
          assert.fail(`lintText threw on round ${round} of ${seed.name}: ${String(error)}\n--- input ---\n${text}`);
        }
        const lines = new LineIndex(text);
        for (const problem of result.problems) {
          const r = problem.range;
          assert.ok(r, `${problem.code} has no range (round ${round})`);
          assert.ok(r.start >= 0 && r.start <= r.end && r.end <= text.length, `${problem.code} range ${r.start}-${r.end} outside 0-${text.length}`);
          assert.deepEqual(lines.position(r.start), { line: r.startLine, column: r.startColumn }, `${problem.code} start position`);
          assert.deepEqual(lines.position(r.end), { line: r.endLine, column: r.endColumn }, `${problem.code} end position`);
          assert.ok(r.end - r.start < text.trimEnd().length || !text.trimEnd().includes("\n"), `${problem.code} covers the whole file (round ${round}): ${JSON.stringify(text)}`);
        }
      }
    });
  }
});
