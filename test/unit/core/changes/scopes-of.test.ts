import { scopesOf } from '../../../../server/src/services/changes/scheduler';
import type { StoredMark } from '../../../../server/src/services/changes/dirty-marks';
import { chunksOf } from '../../../../server/src/core/reading/sql-chunks';

const documentMark = (
  id: number,
  target: string,
  contentType = 'api::article.article'
): StoredMark => ({
  id,
  kind: 'document',
  contentType,
  target,
  trigger: 'publish',
});

/**
 * Counts the elements that array scans (includes, indexOf, some, find…) visit while `task` runs:
 * a scan inside a loop over the marks shows up as a count that grows with the square of their number.
 */
function elementsScanned(task: () => void) {
  const scans = [
    'includes',
    'indexOf',
    'lastIndexOf',
    'some',
    'every',
    'find',
    'findIndex',
    'filter',
  ] as const;
  const originals = scans.map((name) => [name, Array.prototype[name]] as const);
  let visited = 0;
  for (const [name, original] of originals) {
    (Array.prototype as any)[name] = function (this: unknown[], ...args: unknown[]) {
      visited += this.length;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  try {
    task();
  } finally {
    for (const [name, original] of originals) (Array.prototype as any)[name] = original;
  }
  return visited;
}

describe('scopesOf', () => {
  it('groups document marks per type, each document once, and lets a type mark cover its documents', () => {
    const marks: StoredMark[] = [
      documentMark(1, 'a'),
      documentMark(2, 'b'),
      documentMark(3, 'a'),
      documentMark(4, 'c', 'api::category.category'),
      {
        id: 5,
        kind: 'type',
        contentType: 'api::category.category',
        target: null,
        trigger: 'publish',
      },
    ];
    expect(scopesOf(marks)).toEqual([
      { kind: 'types', uids: ['api::category.category'] },
      { kind: 'documents', byType: { 'api::article.article': ['a', 'b'] } },
    ]);
    expect(
      scopesOf([
        ...marks,
        { id: 6, kind: 'full', contentType: null, target: null, trigger: 'schedule' },
      ])
    ).toEqual([{ kind: 'full' }]);
  });

  it('scopes 100,000 pending marks in time linear in their number', () => {
    const marks = Array.from({ length: 100_000 }, (_, i) =>
      documentMark(i + 1, `doc${i % 60_000}`)
    );
    let scopes: ReturnType<typeof scopesOf> = [];
    const visited = elementsScanned(() => {
      scopes = scopesOf(marks);
    });
    expect((scopes[0] as any).byType['api::article.article']).toHaveLength(60_000);
    // A few passes over the marks; the quadratic version visited 4.2 billion elements here.
    expect(visited).toBeLessThanOrEqual(5 * marks.length);
  });
});

describe('chunksOf', () => {
  it('slices a list below SQLite’s 32,766 variables per statement, in order', () => {
    const ids = Array.from({ length: 40_000 }, (_, i) => i);
    const chunks = chunksOf(ids);
    expect(chunks.every((chunk) => chunk.length <= 32_766)).toBe(true);
    expect(chunks.flat()).toEqual(ids);
    expect(chunksOf([])).toEqual([]);
  });
});

describe('scopesOf with news marks', () => {
  const newsMark = (id: number, contentType: string): StoredMark => ({
    id,
    kind: 'news',
    contentType,
    target: null,
    trigger: 'schedule',
  });

  it('turns a news mark into a documents run of its type with no document, beside the changed ones', () => {
    expect(scopesOf([documentMark(1, 'doc-a'), newsMark(2, 'api::report.report')])).toEqual([
      {
        kind: 'documents',
        byType: { 'api::article.article': ['doc-a'], 'api::report.report': [] },
      },
    ]);
  });

  it('leaves a news mark to a run of the whole type, and to a full run', () => {
    const typeMark: StoredMark = {
      id: 3,
      kind: 'type',
      contentType: 'api::report.report',
      target: null,
      trigger: 'publish',
    };
    expect(scopesOf([newsMark(2, 'api::report.report'), typeMark])).toEqual([
      { kind: 'types', uids: ['api::report.report'] },
    ]);
    const full: StoredMark = {
      id: 4,
      kind: 'full',
      contentType: null,
      target: null,
      trigger: 'schedule',
    };
    expect(scopesOf([newsMark(2, 'api::report.report'), full])).toEqual([{ kind: 'full' }]);
  });
});
