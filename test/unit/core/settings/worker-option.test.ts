import { workerOption } from '../../../../server/src/core/settings/worker-option';

describe('workerOption', () => {
  it('is on unless the config file says false', () => {
    expect(workerOption(undefined)).toEqual({ enabled: true, errors: [] });
    expect(workerOption(true)).toEqual({ enabled: true, errors: [] });
    expect(workerOption(false)).toEqual({ enabled: false, errors: [] });
  });

  it('names anything else as an error', () => {
    expect(workerOption('off').errors).toEqual([
      { path: ['worker'], message: 'must be true or false' },
    ]);
    expect(workerOption({ enabled: false }).errors).toHaveLength(1);
  });
});
