import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { scanText } from '@keyfob/shared/history';
import type { Match } from '@keyfob/shared/history';

interface Expected {
  line: number;
  column: number;
  endColumn: number;
  subject: string;
  method?: string;
  confidence?: string;
}

interface FixtureCase {
  file: string;
  language: string;
  annotated: Expected[];
  notAnnotated: { line: number; why: string }[];
}

const fixtures = new URL('../../../test/fixtures/history/', import.meta.url);
const cases = parse(readFileSync(new URL('matcher-cases.yaml', fixtures), 'utf8')) as FixtureCase[];

function describeMatch(m: Match): string {
  return `${m.line}:${m.column}-${m.endColumn} ${m.subject.id}`;
}

for (const fixture of cases) {
  describe(`matcher: ${fixture.file} (${fixture.language})`, () => {
    const text = readFileSync(new URL(`matcher/${fixture.file}`, fixtures), 'utf8');
    const matches = scanText(text, { languageId: fixture.language, fileName: fixture.file });

    for (const expected of fixture.annotated) {
      it(`annotates line ${expected.line}: ${expected.subject}`, () => {
        const found = matches.find((m) => m.line === expected.line && m.subject.id === expected.subject);
        assert.ok(
          found,
          `no ${expected.subject} on line ${expected.line}; found ${matches.map(describeMatch).join(', ')}`,
        );
        assert.deepEqual(
          { column: found.column, endColumn: found.endColumn },
          { column: expected.column, endColumn: expected.endColumn },
        );
        assert.equal(
          text.split('\n')[expected.line - 1]?.slice(found.column - 1, found.endColumn - 1),
          found.text,
          'range and text agree',
        );
        if (expected.method !== undefined) assert.equal(found.method?.method, expected.method);
        assert.equal(found.confidence, expected.confidence ?? 'exact');
      });
    }

    for (const quiet of fixture.notAnnotated) {
      it(`leaves line ${quiet.line} alone: ${quiet.why}`, () => {
        assert.deepEqual(matches.filter((m) => m.line === quiet.line).map(describeMatch), []);
      });
    }

    it('finds nothing beyond the annotated lines', () => {
      const expected = new Set(fixture.annotated.map((e) => `${e.line}:${e.column}-${e.endColumn} ${e.subject}`));
      assert.deepEqual(
        matches.map(describeMatch).filter((m) => !expected.has(m)),
        [],
      );
    });
  });
}
