// A labelled set of programs that call the platform API, kept as test/fixtures/history-<name>/ with
// SOURCES.tsv (file, repository, path, commit[, what]: columns found by their header) and labels.tsv
// (file, line, label, subject, construct, why), the programs' code read from repository snapshots
// (KEYFOB_MIRROR, default /work/.mirror, one git directory per repository as `owner+name/repo`) at the
// listed commits, never from this repository. Used by new-clients.test.ts (history-new) and
// held-clients.test.ts (history-held, the lead's clean held-aside set): the labels' form is checked
// and the matcher scored only when KEYFOB_HISTORY_PART names the set; scoring fails, naming them,
// when the snapshots are absent.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { history, languageOfShebang, scanProject } from '@keyfob/shared/history';
import type { Match } from '@keyfob/shared/history';
import { absentRepositories, MIRROR, readSources, sourceTexts } from '../../../test/helpers/labelled-sources.ts';
import { readLabels, scoreFiles, scoreTable } from './real-clients-score.ts';

const EXTENSIONS: Record<string, string> = {
  go: 'go',
  py: 'python',
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  ts: 'js/ts',
  tsx: 'js/ts',
  js: 'js/ts',
  mjs: 'js/ts',
  cjs: 'js/ts',
  jsx: 'js/ts',
  yml: 'yaml',
  yaml: 'yaml',
  rs: 'rust',
  rb: 'ruby',
  java: 'java',
  cs: 'csharp',
  ps1: 'powershell',
  psm1: 'powershell',
};
/** The language column: by extension; Go importing go-tfe and Python importing terrasnek are "(via SDK)". */
/** A script without a known extension is counted in the language its shebang names (as the matcher reads it). */
const SHEBANG_COLUMN: Record<string, string> = {
  shellscript: 'shell',
  python: 'python',
  javascript: 'js/ts',
  typescript: 'js/ts',
  powershell: 'powershell',
  ruby: 'ruby',
};
const languageOf = (file: string, text: string): string => {
  const byName = EXTENSIONS[file.slice(file.lastIndexOf('.') + 1).toLowerCase()];
  const base = byName ?? SHEBANG_COLUMN[languageOfShebang(text) ?? ''] ?? 'other';
  if (base === 'go' && text.includes('"github.com/hashicorp/go-tfe"')) return 'go (via SDK)';
  if (base === 'python' && /^\s*(?:from|import)\s+terrasnek\b/m.test(text)) return 'python (via SDK)';
  return base;
};

/**
 * Registers the tests of one set: the labels' form always (for `alwaysCheck` sets), and, with
 * KEYFOB_HISTORY_PART=<name>, the matcher's recall and wrong annotations per language and construct
 * kind (KEYFOB_RECALL_DETAILS=1 lists the misses, the wrong and the unlabelled reports).
 */
export function labelledSet(
  name: string,
  options: {
    alwaysCheck: boolean;
    minExpected: number;
    /** A working set's floors: scored on every run (skipped, saying so, where the snapshots are absent). */
    floors?: { readonly recall: number; readonly wrongShare: number };
  },
): void {
  const corpus = new URL(`../../../test/fixtures/history-${name}/`, import.meta.url);
  const requested = process.env['KEYFOB_HISTORY_PART'] === name;
  const { floors } = options;
  if (!options.alwaysCheck && !requested && floors === undefined) return;
  void describe(`labelled set test/fixtures/history-${name}`, () => {
    if (!existsSync(new URL('labels.tsv', corpus))) {
      void it('scores the matcher on it', { skip: `test/fixtures/history-${name}/labels.tsv is absent` }, () => {});
      return;
    }
    const sources = readSources(corpus);
    const labels = readLabels(corpus);

    void it(`labels name listed files and known subjects; >= ${options.minExpected} expected uses`, () => {
      const files = new Set(sources.map((s) => s.file));
      const all = [...labels.entries()].flatMap(([file, rows]) => rows.map((r) => ({ file, ...r })));
      for (const r of all) {
        assert.ok(files.has(r.file), `labels.tsv names ${r.file}, which SOURCES.tsv does not list`);
        assert.ok(Number.isInteger(r.line) && r.line > 0, `${r.file}: line "${r.line}" is not a line number`);
        if (r.subject !== '* *' && r.subject !== 'endpoint *')
          assert.ok(history.byId.has(r.subject), `${r.file}:${r.line}: unknown subject ${r.subject}`);
      }
      assert.ok(all.filter((r) => r.label === 'expect').length >= options.minExpected);
      for (const s of sources) assert.match(s.commit, /^[0-9a-f]{40}$/, `${s.file}: commit`);
    });

    // A set with floors is scored on every run; any other only on request (no test is registered
    // otherwise, so no run skips).
    if (!requested && floors === undefined) return;
    const absent = absentRepositories(sources);
    const title =
      floors === undefined
        ? `scores the matcher on it (KEYFOB_HISTORY_PART=${name}, with the repository snapshots)`
        : `finds >= ${floors.recall * 100}% of the expected uses, wrong <= ${floors.wrongShare * 100}% of the reports (working-set floors)`;
    // On request the snapshots must be there; a working set's floors skip without them (CI has none).
    const skip =
      !requested && absent.length > 0
        ? `the repository snapshots are not here (${absent.join(', ')} under ${MIRROR}; set KEYFOB_MIRROR)`
        : false;
    void it(title, { skip }, (t) => {
      assert.deepEqual(absent, [], `repository snapshots absent under ${MIRROR} (set KEYFOB_MIRROR)`);
      const texts = sourceTexts(sources);
      const read = (file: string): string => {
        const text = texts.get(file);
        if (text === undefined) throw new Error(`not listed: ${file}`);
        return text;
      };
      // Each repository's files are one project, as `keyfob history scan <folder>` reads them.
      const matches = new Map<string, readonly Match[]>();
      for (const repository of new Set(sources.map((s) => s.repository))) {
        const mine = sources.filter((s) => s.repository === repository);
        const found = scanProject(mine.map((s) => ({ text: read(s.file), fileName: s.file })));
        mine.forEach((s, k) => matches.set(s.file, found[k] ?? []));
      }
      const score = scoreFiles(
        sources.map((s) => s.file),
        labels,
        read,
        (_text, file) => matches.get(file) ?? [],
        (file) => languageOf(file, read(file)),
      );
      for (const line of scoreTable(score)) t.diagnostic(line);
      if (process.env['KEYFOB_RECALL_DETAILS'] === '1')
        for (const m of [...score.misses, ...score.wrong, ...score.unlabelled]) t.diagnostic(m);
      if (floors === undefined) return;
      assert.ok(
        score.total.found >= floors.recall * score.total.expected,
        `recall ${score.total.found}/${score.total.expected} is under the floor ${floors.recall}:\n${score.misses.join('\n')}`,
      );
      assert.ok(
        score.total.wrong <= floors.wrongShare * score.total.reported,
        `${score.total.wrong} wrong of ${score.total.reported} reports, over the floor ${floors.wrongShare}:\n${score.wrong.join('\n')}`,
      );
    });
  });
}
