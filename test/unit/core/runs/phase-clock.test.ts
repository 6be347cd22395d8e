import { PhaseClock } from '../../../../server/src/core/runs/phase-clock';

describe('PhaseClock', () => {
  it('splits the wall time by phase, nesting as a stack, and leaves out phases never entered', async () => {
    let now = 0;
    const clock = new PhaseClock(() => now);
    now = 5; // other
    clock.switchTo('building');
    now = 15;
    await clock.during('reading', async () => {
      now = 45;
      await clock.during('storing', async () => {
        now = 50;
      });
      now = 52;
    });
    now = 60; // building again
    expect(clock.summary()).toEqual({ other: 5, building: 18, reading: 32, storing: 5 });
  });

  it('goes back to the interrupted phase when the work throws', async () => {
    let now = 0;
    const clock = new PhaseClock(() => now);
    clock.switchTo('building');
    await expect(
      clock.during('storing', async () => {
        now = 10;
        throw new Error('lost the lease');
      })
    ).rejects.toThrow('lost the lease');
    now = 14;
    expect(clock.summary()).toEqual({ other: 0, storing: 10, building: 4 });
  });
});
