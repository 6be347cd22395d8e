import { existsSync } from 'fs';
import { LineSorter } from '../../../server/src/utils/line-sorter';

const collect = async (sorter: LineSorter) => {
  const out: Array<[string, string]> = [];
  for await (const { bucket, lines } of sorter.sorted())
    for (const line of lines) out.push([bucket, line]);
  return out;
};

describe('LineSorter', () => {
  it('gives buckets in order of their names, and the lines of each in code-unit order', async () => {
    const sorter = new LineSorter();
    for (const [bucket, line] of [
      ['b', 'z'],
      ['a', 'b'],
      ['a', 'a\u0001z'],
      ['a', 'a'],
      ['a', 'B'],
      ['a', 'é'],
    ])
      sorter.add(bucket, line);
    expect(await collect(sorter)).toEqual([
      ['a', 'B'],
      ['a', 'a'],
      ['a', 'a\u0001z'],
      ['a', 'b'],
      ['a', 'é'],
      ['b', 'z'],
    ]);
    await sorter.dispose();
  });

  it('spills the largest buckets to temporary files and merges them back in order', async () => {
    const sorter = new LineSorter();
    const expected: Record<string, string[]> = { big: [], small: [] };
    // 60,000 lines of 200 characters in one bucket: several runs of a few MB; a few in another.
    for (let i = 0; i < 60_000; i++) {
      const line = `${String((i * 7919) % 60_000).padStart(6, '0')}${'x'.repeat(194)}`;
      expected.big.push(line);
      sorter.add('big', line);
      if (i % 1000 === 0) {
        expected.small.push(`s${i}`);
        sorter.add('small', `s${i}`);
        await sorter.settle();
      }
    }
    const dir = (sorter as unknown as { dir: string | null }).dir;
    expect(dir).not.toBeNull();
    const out = await collect(sorter);
    expect(out.filter(([bucket]) => bucket === 'big').map(([, line]) => line)).toEqual(
      expected.big.sort()
    );
    expect(out.filter(([bucket]) => bucket === 'small').map(([, line]) => line)).toEqual(
      expected.small.sort()
    );
    expect(out.findIndex(([bucket]) => bucket === 'small')).toBe(60_000);
    await sorter.dispose();
    expect(existsSync(dir!)).toBe(false);
  });
});
