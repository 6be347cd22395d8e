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

describe('PhaseClock.absorb', () => {
  it('counts work done elsewhere in place of the wait for it: phases still add up to the wall time', async () => {
    let now = 0;
    const clock = new PhaseClock(() => now);
    now = 10; // other: starting the Worker
    await clock.during('other', async () => {
      now = 110; // waiting for the Worker, which read for 60 and built for 30
      clock.absorb({ reading: 60, building: 30 });
    });
    const summary = clock.summary();
    expect(summary).toEqual({ other: 20, reading: 60, building: 30 });
    expect(Object.values(summary).reduce((sum, ms) => sum + (ms ?? 0), 0)).toBe(110);
  });

  it('never takes more from the current phase than it has run', () => {
    let now = 0;
    const clock = new PhaseClock(() => now);
    now = 10;
    clock.absorb({ building: 25 });
    now = 20;
    expect(clock.summary()).toEqual({ other: 10, building: 25 });
  });
});
