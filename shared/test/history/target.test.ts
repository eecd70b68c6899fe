import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareReleases, normalizeDate, parseTarget, releaseDate } from '@keyfob/shared/history';

describe('parseTarget', () => {
  const good: [string, unknown][] = [
    ['hosted', { kind: 'hosted' }],
    ['self-hosted@v202207-1', { kind: 'self-hosted', release: 'v202207-1' }],
    ['v202112-1', { kind: 'self-hosted', release: 'v202112-1' }],
    ['2024-06-30', { kind: 'date', date: '2024-06-30' }],
    ['2024-3-7', { kind: 'date', date: '2024-03-07' }],
  ];
  for (const [input, target] of good) {
    it(`reads ${input}`, () => assert.deepEqual(parseTarget(input), { ok: true, target }));
  }
  for (const input of ['', 'latest', 'self-hosted@v2022-1', 'v202213-1', '2024-02-30', 'self-hosted']) {
    it(`refuses ${JSON.stringify(input)} with a hint`, () => {
      const parsed = parseTarget(input);
      assert.equal(parsed.ok, false);
      if (!parsed.ok) assert.match(parsed.message, /self-hosted@v/);
    });
  }
});

describe('releases and dates', () => {
  it('maps a release to the first day of its month', () => {
    assert.equal(releaseDate('v202207-1'), '2022-07-01');
    assert.equal(releaseDate('v202112-2'), '2021-12-01');
  });
  it('orders releases by year, month, then number', () => {
    assert.ok(compareReleases('v202207-1', 'v202207-2') < 0);
    assert.ok(compareReleases('v202112-3', 'v202207-1') < 0);
    assert.equal(compareReleases('v202103-1', 'v202103-1'), 0);
  });
  it('pads and checks dates', () => {
    assert.equal(normalizeDate('2021-06-8'), '2021-06-08');
    assert.equal(normalizeDate('2021-02-29'), undefined);
    assert.equal(normalizeDate('2021/06/08'), undefined);
  });
});
