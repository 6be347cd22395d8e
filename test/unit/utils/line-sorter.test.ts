import { existsSync, readdirSync, readlinkSync } from 'fs';
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

  it('closes its spilled files when the reader leaves before the end', async () => {
    const sorter = new LineSorter();
    for (let i = 0; i < 60_000; i++) {
      sorter.add('big', `${String((i * 7919) % 60_000).padStart(6, '0')}${'x'.repeat(194)}`);
      if (i % 1000 === 0) await sorter.settle();
    }
    const dir = (sorter as unknown as { dir: string | null }).dir!;
    expect(dir).not.toBeNull();
    const openInDir = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith(dir);
        } catch {
          return false;
        }
      }).length;
    let batches = 0;
    for await (const _ of sorter.sorted()) if (++batches === 2) break;
    // The streams' closes complete on libuv's pool.
    for (let waited = 0; waited < 2_000 && openInDir() > 0; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(batches).toBe(2);
    expect(openInDir()).toBe(0);
    await sorter.dispose();
  });
});
