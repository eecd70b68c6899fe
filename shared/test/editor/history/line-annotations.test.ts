import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lineAnnotations, MAX_LINE_TEXT } from '../../../src/editor/history/line-annotations.ts';
import type { AnnotationMode, LineSpan } from '../../../src/editor/history/view-options.ts';
import { scanText } from '../../../src/history/scan-text.ts';
import { parseTarget } from '../../../src/history/target.ts';
import type { Target } from '../../../src/history/target.ts';

function target(text: string): Target {
  const parsed = parseTarget(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.target;
}

/** `lines` lines of TypeScript; every `every`-th line (1-based) uses a deprecated attribute, the rest are ordinary code. */
function longFile(lines: number, every: number): string {
  const out: string[] = [];
  for (let line = 1; line <= lines; line++) {
    out.push(
      line % every === 0
        ? `const s${line} = { 'terraform-build-worker-plan-timeout': '2h' };`
        : `const ui${line} = { name: 'button', enabled: true };`,
    );
  }
  return `${out.join('\n')}\n`;
}

// One small file with one line per case of interest (lines are 1-based).
const SAMPLE = [
  "const base = 'https://app.example.io/api/v2';", // 1
  'export const publish = () => fetch(`${base}/registry-modules`, { method: "POST" });', // 2: deprecated endpoint
  "const ui = { name: 'button', enabled: true, tags: ['a'], priority: 2 };", // 3: ordinary words only
  "export const varset = { data: { type: 'varsets', attributes: { priority: true } } };", // 4: priority (added 2023-10-30) in context
  "export const policy = { data: { type: 'policies', attributes: { enforce: [] } } };", // 5: enforce (deprecated 2023-05-25) in context
  "export const untag = (ws: string) => fetch(`${base}/workspaces/${ws}/relationships/tags`, { method: 'DELETE' });", // 6: added 2021-07-30
  'export const settings = { "terraform-build-worker-plan-timeout": "2h", "terraform-build-worker-apply-timeout": "1h" };', // 7: two deprecated on one line
].join('\n');
const SAMPLE_MATCHES = scanText(SAMPLE, { languageId: 'typescript' });
const WHOLE: readonly LineSpan[] = [{ startLine: 1, endLine: 7 }];

interface ChoiceCase {
  readonly name: string;
  readonly mode: AnnotationMode;
  readonly target?: string;
  /** Annotated lines with their severities. */
  readonly expected: readonly (readonly [number, string])[];
}

const CHOICES: readonly ChoiceCase[] = [
  {
    name: 'important without a target: deprecated only',
    mode: 'important',
    expected: [
      [2, 'deprecated'],
      [5, 'deprecated'],
      [7, 'deprecated'],
    ],
  },
  { name: 'off: nothing', mode: 'off', expected: [] },
  {
    name: 'all: every line with a match, never the ordinary words of line 3',
    mode: 'all',
    expected: [
      [2, 'deprecated'],
      [4, 'info'],
      [5, 'deprecated'],
      [6, 'info'],
      [7, 'deprecated'],
    ],
  },
  {
    name: 'important with a self-hosted release: newer subjects join',
    mode: 'important',
    target: 'self-hosted@v202207-1',
    expected: [
      [2, 'deprecated'],
      [4, 'newer'],
      [5, 'deprecated'],
      [7, 'deprecated'],
    ],
  },
  {
    name: 'important with an older release: the tag endpoint of 2021-07-30 is newer too',
    mode: 'important',
    target: 'self-hosted@v202103-1',
    expected: [
      [2, 'deprecated'],
      [4, 'newer'],
      [5, 'deprecated'],
      [6, 'newer'],
      [7, 'deprecated'],
    ],
  },
  {
    name: 'important with an early date: the varset attribute is newer',
    mode: 'important',
    target: '2023-01-01',
    expected: [
      [2, 'deprecated'],
      [4, 'newer'],
      [5, 'deprecated'],
      [7, 'deprecated'],
    ],
  },
  {
    name: 'important with a date after priority was added: not newer',
    mode: 'important',
    target: '2024-06-30',
    expected: [
      [2, 'deprecated'],
      [5, 'deprecated'],
      [7, 'deprecated'],
    ],
  },
  {
    name: 'important on hosted: self-hosted-only timeouts are flagged as missing first',
    mode: 'important',
    target: 'hosted',
    expected: [
      [2, 'deprecated'],
      [5, 'deprecated'],
      [7, 'newer'],
    ],
  },
];

describe('lineAnnotations: which lines get a note, per setting and target', () => {
  for (const c of CHOICES) {
    it(c.name, () => {
      const found = lineAnnotations(SAMPLE_MATCHES, WHOLE, {
        mode: c.mode,
        target: c.target === undefined ? undefined : target(c.target),
      });
      assert.deepEqual(
        found.map((a) => [a.line, a.severity]),
        c.expected,
      );
    });
  }

  it('the text is the annotation of the subject: date and replacement', () => {
    const [line2] = lineAnnotations(SAMPLE_MATCHES, [{ startLine: 2, endLine: 2 }], { mode: 'important', margin: 0 });
    assert.equal(line2?.line, 2);
    assert.match(
      line2?.text ?? '',
      /^deprecated 2021-06-08 → use POST \/organizations\/:organization_name\/registry-modules\/vcs$/,
    );
  });

  it('a line with two subjects names each; the most important severity leads', () => {
    const [line7] = lineAnnotations(SAMPLE_MATCHES, [{ startLine: 7, endLine: 7 }], { mode: 'important', margin: 0 });
    assert.equal(line7?.items.length, 2);
    assert.match(
      line7?.text ?? '',
      /^platform-build-worker-plan-timeout: deprecated 2024-08-01 → use plan-timeout {2}· {2}platform-build-worker-apply-timeout: deprecated/,
    );
  });

  it('the same subject twice on a line is noted once', () => {
    const text = 'const a = { "terraform-build-worker-plan-timeout": 1, "platform-build-worker-plan-timeout": 2 };';
    const [only] = lineAnnotations(scanText(text, { languageId: 'typescript' }), [{ startLine: 1, endLine: 1 }], {
      mode: 'important',
    });
    assert.equal(only?.items.length, 2);
    assert.equal(only?.text, 'deprecated 2024-08-01 → use plan-timeout');
  });

  it('long notes are cut at MAX_LINE_TEXT with an ellipsis', () => {
    const found = lineAnnotations(SAMPLE_MATCHES, WHOLE, { mode: 'all', target: target('self-hosted@v202103-1') });
    for (const a of found) assert.ok(a.text.length <= MAX_LINE_TEXT, `line ${a.line}: ${a.text.length} chars`);
    assert.ok(
      found.some((a) => a.text.endsWith('…')),
      'line 7 with two long notes is cut',
    );
  });
});

describe('lineAnnotations: visible ranges, margin and cap', () => {
  const text = longFile(10_000, 10);
  const matches = scanText(text, { languageId: 'typescript' });

  it('the scan finds the deprecated attribute on every tenth line and nothing else', () => {
    assert.equal(matches.length, 1000);
    assert.ok(matches.every((m) => m.line % 10 === 0));
  });

  const CASES: readonly {
    name: string;
    visible: readonly LineSpan[];
    margin?: number;
    cap?: number;
    expected: readonly number[];
  }[] = [
    {
      name: 'only the visible lines plus the margin',
      visible: [{ startLine: 500, endLine: 540 }],
      margin: 15,
      expected: [490, 500, 510, 520, 530, 540, 550],
    },
    {
      name: 'no margin: the visible lines alone',
      visible: [{ startLine: 500, endLine: 540 }],
      margin: 0,
      expected: [500, 510, 520, 530, 540],
    },
    {
      name: 'the margin stops at the start of the file',
      visible: [{ startLine: 1, endLine: 12 }],
      margin: 20,
      expected: [10, 20, 30],
    },
    {
      name: 'two visible spans (folded code) are drawn both',
      visible: [
        { startLine: 100, endLine: 110 },
        { startLine: 900, endLine: 905 },
      ],
      margin: 0,
      expected: [100, 110, 900],
    },
    {
      name: 'overlapping windows count each line once',
      visible: [
        { startLine: 100, endLine: 120 },
        { startLine: 115, endLine: 130 },
      ],
      margin: 10,
      expected: [90, 100, 110, 120, 130, 140],
    },
    {
      name: 'the cap keeps visible lines before margin lines',
      visible: [{ startLine: 500, endLine: 520 }],
      margin: 50,
      cap: 4,
      expected: [490, 500, 510, 520],
    },
    {
      name: 'the cap then takes margin lines nearest the view first',
      visible: [{ startLine: 500, endLine: 500 }],
      margin: 100,
      cap: 5,
      expected: [480, 490, 500, 510, 520],
    },
    { name: 'a cap of zero draws nothing', visible: [{ startLine: 500, endLine: 520 }], cap: 0, expected: [] },
    { name: 'no visible range draws nothing', visible: [], expected: [] },
  ];
  for (const c of CASES) {
    it(c.name, () => {
      const options = {
        mode: 'important' as const,
        ...(c.margin === undefined ? {} : { margin: c.margin }),
        ...(c.cap === undefined ? {} : { cap: c.cap }),
      };
      assert.deepEqual(
        lineAnnotations(matches, c.visible, options).map((a) => a.line),
        c.expected,
      );
    });
  }

  it('the default cap is 200 lines however large the view', () => {
    const found = lineAnnotations(matches, [{ startLine: 1, endLine: 10_000 }], { mode: 'important' });
    assert.equal(found.length, 200);
    assert.deepEqual([found[0]?.line, found.at(-1)?.line], [10, 2000]);
  });

  it('the default margin is 50 lines', () => {
    const found = lineAnnotations(matches, [{ startLine: 5000, endLine: 5000 }], { mode: 'important' });
    assert.deepEqual([found[0]?.line, found.at(-1)?.line, found.length], [4950, 5050, 11]);
  });
});
