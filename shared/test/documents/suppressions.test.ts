import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DocumentFormat, ParsedFile } from '@keyfob/shared/documents';
import { applySuppressions, parseDocuments } from '@keyfob/shared/documents';
import type { ProblemCode } from '@keyfob/shared/codes';
import type { Problem } from '@keyfob/shared/problem';
import type { Span } from './helpers.ts';
import { textSpan } from './helpers.ts';

/** A rule problem on the given 1-based line of a file (column 1, one character). */
function problemAt(file: ParsedFile, code: ProblemCode, line: number, document = 0): Problem {
  const start = file.lines.lineStart(line);
  return {
    code,
    severity: 'error',
    message: code,
    path: '',
    range: file.lines.range({ start, end: start + 1 }),
    document,
  };
}

interface SuppressionCase {
  readonly name: string;
  readonly text: string;
  readonly format?: DocumentFormat;
  /** Problems to feed in: code and line. */
  readonly problems: readonly (readonly [ProblemCode, number])[];
  /** What comes out: code and line/column span. */
  readonly expected: readonly (readonly [string, Span])[];
}

const cases: SuppressionCase[] = [
  {
    name: 'next-line comment silences its code on the next content line',
    text: '# keyfob-disable-next-line ROLE_TTL_ORDER -- checked by hand\nttl: 1h\n',
    problems: [['ROLE_TTL_ORDER', 2]],
    expected: [],
  },
  {
    name: 'blank and comment lines are skipped to find the next content line',
    text: '# keyfob-disable-next-line ROLE_TTL_ORDER -- ok\n\n# another comment\nttl: 1h\n',
    problems: [['ROLE_TTL_ORDER', 4]],
    expected: [],
  },
  {
    name: 'other lines and other codes are not silenced',
    text: '# keyfob-disable-next-line ROLE_TTL_ORDER -- ok\nttl: 1h\nmax: 2h\n',
    problems: [
      ['ROLE_TTL_ORDER', 3],
      ['ROLE_INVALID_NAME', 2],
      ['ROLE_TTL_ORDER', 2],
    ],
    expected: [
      ['ROLE_TTL_ORDER', [3, 1, 3, 2]],
      ['ROLE_INVALID_NAME', [2, 1, 2, 2]],
    ],
  },
  {
    name: 'several codes, separated by commas',
    text: 'a: 1\n# keyfob-disable-next-line ROLE_TTL_ORDER, ROLE_INVALID_NAME -- both fine here\nb: 2\n',
    problems: [
      ['ROLE_TTL_ORDER', 3],
      ['ROLE_INVALID_NAME', 3],
    ],
    expected: [],
  },
  {
    name: 'a trailing next-line comment applies to the following line',
    text: 'a: 1 # keyfob-disable-next-line ROLE_TTL_ORDER -- ok\nb: 2\n',
    problems: [['ROLE_TTL_ORDER', 2]],
    expected: [],
  },
  {
    name: 'missing reason',
    text: '# keyfob-disable-next-line ROLE_TTL_ORDER\nttl: 1h\n',
    problems: [['ROLE_TTL_ORDER', 2]],
    expected: [['SUPPRESSION_NO_REASON', [1, 1, 1, 42]]],
  },
  {
    name: 'empty reason after the dashes',
    text: '# keyfob-disable-next-line ROLE_TTL_ORDER --  \nttl: 1h\n',
    problems: [['ROLE_TTL_ORDER', 2]],
    expected: [['SUPPRESSION_NO_REASON', [1, 1, 1, 45]]],
  },
  {
    name: 'unused code, on the code itself',
    text: '# keyfob-disable-next-line ROLE_TTL_ORDER, ROLE_INVALID_NAME -- ok\nttl: 1h\n',
    problems: [['ROLE_TTL_ORDER', 2]],
    expected: [['SUPPRESSION_UNUSED', [1, 44, 1, 61]]],
  },
  {
    name: 'unknown code',
    text: '# keyfob-disable-next-line ROLE_TTL_ORDR -- typo\nttl: 1h\n',
    problems: [['ROLE_TTL_ORDER', 2]],
    expected: [
      ['ROLE_TTL_ORDER', [2, 1, 2, 2]],
      ['SUPPRESSION_UNKNOWN_CODE', [1, 28, 1, 41]],
    ],
  },
  {
    name: 'no code at all',
    text: '# keyfob-disable-next-line -- everything\nttl: 1h\n',
    problems: [['ROLE_TTL_ORDER', 2]],
    expected: [
      ['ROLE_TTL_ORDER', [2, 1, 2, 2]],
      ['SUPPRESSION_NO_CODE', [1, 1, 1, 41]],
    ],
  },
  {
    name: 'document form silences the code anywhere in the document',
    text: 'a: 1\n# keyfob-disable ROLE_FIELD_UNUSED -- legacy file\nb: 2\nc: 3\n',
    problems: [
      ['ROLE_FIELD_UNUSED', 1],
      ['ROLE_FIELD_UNUSED', 4],
      ['ROLE_TTL_ORDER', 4],
    ],
    expected: [['ROLE_TTL_ORDER', [4, 1, 4, 2]]],
  },
  {
    name: 'document form that silenced nothing',
    text: '# keyfob-disable ROLE_FIELD_UNUSED -- legacy file\nb: 2\n',
    problems: [],
    expected: [['SUPPRESSION_UNUSED', [1, 18, 1, 35]]],
  },
  {
    name: 'document form only on a line of its own',
    text: 'a: 1 # keyfob-disable ROLE_FIELD_UNUSED -- no\nb: 2\n',
    problems: [['ROLE_FIELD_UNUSED', 2]],
    expected: [['ROLE_FIELD_UNUSED', [2, 1, 2, 2]]],
  },
  {
    name: 'a hash inside a quoted string is not a comment',
    text: 'note: "# keyfob-disable-next-line ROLE_TTL_ORDER -- no"\nttl: 1h\n',
    problems: [['ROLE_TTL_ORDER', 2]],
    expected: [['ROLE_TTL_ORDER', [2, 1, 2, 2]]],
  },
  {
    name: 'a hash inside a block scalar is not a comment',
    text: 'doc: |\n  # keyfob-disable ROLE_TTL_ORDER -- no\nttl: 1h\n',
    problems: [['ROLE_TTL_ORDER', 3]],
    expected: [['ROLE_TTL_ORDER', [3, 1, 3, 2]]],
  },
  {
    name: 'JSONC line comment',
    format: 'json',
    text: '{\n  // keyfob-disable-next-line ROLE_TTL_ORDER -- ok\n  "ttl": "1h"\n}\n',
    problems: [['ROLE_TTL_ORDER', 3]],
    expected: [],
  },
  {
    name: 'CRLF line ends: the comment ends before the carriage return',
    text: '# keyfob-disable-next-line ROLE_TTL_ORDER\r\n\r\nttl: 1h\r\n',
    problems: [['ROLE_TTL_ORDER', 3]],
    expected: [['SUPPRESSION_NO_REASON', [1, 1, 1, 42]]],
  },
  {
    name: 'JSONC with CRLF line ends',
    format: 'json',
    text: '{\r\n  // keyfob-disable-next-line ROLE_TTL_ORDER\r\n  "ttl": "1h"\r\n}\r\n',
    problems: [['ROLE_TTL_ORDER', 3]],
    expected: [['SUPPRESSION_NO_REASON', [2, 3, 2, 45]]],
  },
  {
    name: 'JSONC block comment is not a suppression',
    format: 'json',
    text: '{\n  /* keyfob-disable-next-line ROLE_TTL_ORDER -- ok */\n  "ttl": "1h"\n}\n',
    problems: [['ROLE_TTL_ORDER', 3]],
    expected: [['ROLE_TTL_ORDER', [3, 1, 3, 2]]],
  },
];

describe('suppression comments', () => {
  for (const c of cases) {
    it(c.name, () => {
      const file = parseDocuments(c.text, c.format ?? 'yaml', { jsonc: true });
      const doc = file.documents[0];
      assert.ok(doc);
      assert.deepEqual(doc.problems, []);
      const out = applySuppressions(
        c.problems.map(([code, line]) => problemAt(file, code, line)),
        doc,
      );
      assert.deepEqual(
        out.map((p) => [p.code, textSpan(p.range)]),
        c.expected,
      );
      for (const p of out) assert.equal(p.document, 0);
    });
  }

  it('reads the comment into a Suppression', () => {
    const file = parseDocuments(
      'a: 1\n  # keyfob-disable-next-line ROLE_TTL_ORDER,ROLE_INVALID_NAME -- why not\n\nb: 2\n',
      'yaml',
    );
    const [suppression] = file.documents[0]?.suppressions ?? [];
    assert.equal(suppression?.kind, 'next-line');
    assert.deepEqual(suppression?.codes, ['ROLE_TTL_ORDER', 'ROLE_INVALID_NAME']);
    assert.equal(suppression?.reason, 'why not');
    assert.equal(suppression?.appliesToLine, 4);
    assert.deepEqual(textSpan(suppression?.range), [2, 3, 2, 73]);
    assert.deepEqual(textSpan(suppression?.codeRanges[1]), [2, 45, 2, 62]);
  });

  it('gives the document form line 0', () => {
    const [suppression] =
      parseDocuments('# keyfob-disable ROLE_TTL_ORDER -- r\na: 1\n', 'yaml').documents[0]?.suppressions ?? [];
    assert.equal(suppression?.kind, 'document');
    assert.equal(suppression?.appliesToLine, 0);
  });

  it('keeps each suppression in its own document', () => {
    const file = parseDocuments('a: 1\n---\n# keyfob-disable ROLE_FIELD_UNUSED -- second only\nb: 2\n', 'yaml');
    const [first, second] = file.documents;
    assert.ok(first && second);
    assert.equal(first.suppressions.length, 0);
    assert.equal(second.suppressions.length, 1);
    assert.deepEqual(
      applySuppressions([problemAt(file, 'ROLE_FIELD_UNUSED', 1, 0)], first).map((p) => p.code),
      ['ROLE_FIELD_UNUSED'],
    );
    assert.deepEqual(applySuppressions([problemAt(file, 'ROLE_FIELD_UNUSED', 4, 1)], second), []);
  });

  it('leaves problems of another document alone', () => {
    const file = parseDocuments('# keyfob-disable ROLE_FIELD_UNUSED -- r\na: 1\n---\nb: 2\n', 'yaml');
    const first = file.documents[0];
    assert.ok(first);
    const out = applySuppressions([problemAt(file, 'ROLE_FIELD_UNUSED', 4, 1)], first);
    assert.deepEqual(
      out.map((p) => p.code),
      ['ROLE_FIELD_UNUSED', 'SUPPRESSION_UNUSED'],
    );
  });

  it('can silence a parse problem of the document', () => {
    const file = parseDocuments('# keyfob-disable-next-line DOC_DUPLICATE_KEY -- generated file\na: 1\na: 2\n', 'yaml');
    const doc = file.documents[0];
    assert.ok(doc);
    assert.deepEqual(
      applySuppressions(doc.problems, doc).map((p) => p.code),
      ['DOC_DUPLICATE_KEY', 'SUPPRESSION_UNUSED'],
    );
    const whole = parseDocuments('# keyfob-disable DOC_DUPLICATE_KEY -- generated file\na: 1\na: 2\n', 'yaml')
      .documents[0];
    assert.ok(whole);
    assert.deepEqual(applySuppressions(whole.problems, whole), []);
  });
});
