import { DEFAULT_SETTINGS, validateSettings } from '../../../server/src/core/settings/validate';
import { SETTING_KEYS } from '../../../shared/types';
import { isTimeZone } from '../../../shared/time-zone';

const base = { ...DEFAULT_SETTINGS, hostname: 'https://www.example.com' };

describe('isTimeZone', () => {
  it.each(['Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'UTC', 'Etc/GMT+5', 'europe/paris'])(
    'accepts the IANA name %s',
    (zone) => {
      expect(isTimeZone(zone)).toBe(true);
    }
  );

  const wrong: Array<[unknown]> = [
    ['Mars/Olympus_Mons'],
    ['+01:00'],
    ['-05:00'],
    [''],
    ['Europe/Paris '],
    [3],
    [null],
    [undefined],
    [{}],
  ];
  it.each(wrong)('refuses %p', (value) => {
    expect(isTimeZone(value)).toBe(false);
  });

  it('accepts every zone Intl lists', () => {
    const zones = Intl.supportedValuesOf('timeZone');
    expect(zones.length).toBeGreaterThan(300);
    expect(zones.filter((zone) => !isTimeZone(zone))).toEqual([]);
  });
});

describe('cronTimezone setting', () => {
  it('is a known setting key', () => {
    expect(SETTING_KEYS).toContain('cronTimezone');
  });

  it('is unset by default: the server’s zone', () => {
    const { settings, errors } = validateSettings(base);
    expect(errors).toEqual([]);
    expect(settings!.cronTimezone).toBeUndefined();
  });

  it('keeps a valid IANA name', () => {
    expect(validateSettings({ ...base, cronTimezone: 'Europe/Paris' }).settings!.cronTimezone).toBe(
      'Europe/Paris'
    );
  });

  it.each([[''], [null]])('reads %p as unset', (value) => {
    const { settings, errors } = validateSettings({ ...base, cronTimezone: value });
    expect(errors).toEqual([]);
    expect(settings!.cronTimezone).toBeUndefined();
  });

  it.each([['Europe/Atlantis'], ['+02:00'], [42], [true]])(
    'refuses %p with a field error on cronTimezone alone',
    (value) => {
      const { settings, errors } = validateSettings({ ...base, cronTimezone: value });
      expect(settings).toBeUndefined();
      expect(errors).toEqual([
        { path: ['cronTimezone'], message: expect.stringContaining('IANA time zone') },
      ]);
    }
  );
});
