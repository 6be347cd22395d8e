import { limitTo } from '../../../server/src/utils/limit';

describe('limitTo', () => {
  it('runs at most `count` tasks at once, the others in the order they came', async () => {
    const limit = limitTo(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(n);
      running--;
      return n;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => limit(task(n))));
    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });

  it('frees its place when a task fails', async () => {
    const limit = limitTo(1);
    await expect(limit(() => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await limit(async () => 'next')).toBe('next');
  });
});
