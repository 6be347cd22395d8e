import { formatW3cDateTime, toLastmod } from '../../../../server/src/core/urls/lastmod';

const NOW = Date.UTC(2026, 5, 15, 12, 0, 0); // 2026-06-15T12:00:00Z
const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;

describe('formatW3cDateTime', () => {
  it('writes UTC with seconds and +00:00', () => {
    expect(formatW3cDateTime(new Date(Date.UTC(2026, 0, 5, 3, 4, 5)))).toBe(
      '2026-01-05T03:04:05+00:00'
    );
    expect(formatW3cDateTime(new Date(Date.UTC(2026, 11, 31, 23, 59, 59, 999)))).toBe(
      '2026-12-31T23:59:59+00:00'
    );
  });

  it('does not depend on the local time zone', () => {
    const date = new Date('2026-03-01T00:30:00+02:00');
    expect(formatW3cDateTime(date)).toBe('2026-02-28T22:30:00+00:00');
  });

  // Regression: W3C Datetime needs four year digits, even for a mistyped year such as 0202.
  it('always writes a four-digit year', () => {
    expect(formatW3cDateTime(new Date('0999-01-01T00:00:00Z'))).toBe('0999-01-01T00:00:00+00:00');
  });
});

describe('toLastmod', () => {
  describe('accepted values', () => {
    it('reads a Date', () => {
      const date = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 600));
      expect(toLastmod(date, NOW)).toEqual({
        ok: true,
        text: '2026-01-02T03:04:05+00:00',
        time: date.getTime(),
      });
    });

    it('reads epoch milliseconds, as a number or a string of digits', () => {
      const time = Date.UTC(2025, 10, 14, 22, 13, 20);
      expect(toLastmod(time, NOW)).toEqual({ ok: true, text: '2025-11-14T22:13:20+00:00', time });
      expect(toLastmod(String(time), NOW)).toEqual({
        ok: true,
        text: '2025-11-14T22:13:20+00:00',
        time,
      });
      expect(toLastmod(0, NOW)).toEqual({ ok: true, text: '1970-01-01T00:00:00+00:00', time: 0 });
    });

    it('reads ISO strings in UTC (Z), with or without milliseconds', () => {
      expect(toLastmod('2026-01-15T10:20:30Z', NOW)).toEqual({
        ok: true,
        text: '2026-01-15T10:20:30+00:00',
        time: Date.UTC(2026, 0, 15, 10, 20, 30),
      });
      expect(toLastmod('2026-01-15T10:20:30.123Z', NOW)).toMatchObject({
        ok: true,
        text: '2026-01-15T10:20:30+00:00',
      });
      expect(toLastmod('2026-01-15T10:20:30.123z', NOW)).toMatchObject({
        ok: true,
        text: '2026-01-15T10:20:30+00:00',
      });
    });

    it('converts ISO strings with an offset to UTC', () => {
      expect(toLastmod('2026-01-15T10:00:00+02:00', NOW)).toMatchObject({
        ok: true,
        text: '2026-01-15T08:00:00+00:00',
      });
      expect(toLastmod('2026-01-15T10:00:00-05:30', NOW)).toMatchObject({
        ok: true,
        text: '2026-01-15T15:30:00+00:00',
      });
      expect(toLastmod('2026-01-15T10:00:00+0530', NOW)).toMatchObject({
        ok: true,
        text: '2026-01-15T04:30:00+00:00',
      });
      expect(toLastmod('2026-01-01T01:00:00+02:00', NOW)).toMatchObject({
        ok: true,
        text: '2025-12-31T23:00:00+00:00',
      });
    });

    it('reads SQLite "YYYY-MM-DD HH:MM:SS" strings as UTC', () => {
      expect(toLastmod('2026-01-15 10:20:30', NOW)).toEqual({
        ok: true,
        text: '2026-01-15T10:20:30+00:00',
        time: Date.UTC(2026, 0, 15, 10, 20, 30),
      });
      expect(toLastmod('2026-01-15 10:20:30.456', NOW)).toMatchObject({
        ok: true,
        text: '2026-01-15T10:20:30+00:00',
      });
      expect(toLastmod('2026-01-15 10:20', NOW)).toMatchObject({
        ok: true,
        text: '2026-01-15T10:20:00+00:00',
      });
    });

    it('reads a zone-less ISO string as UTC too', () => {
      expect(toLastmod('2026-01-15T10:20:30', NOW)).toMatchObject({
        ok: true,
        text: '2026-01-15T10:20:30+00:00',
      });
    });

    it('keeps a date-only value as is, with its UTC midnight as time', () => {
      expect(toLastmod('2026-01-15', NOW)).toEqual({
        ok: true,
        text: '2026-01-15',
        time: Date.UTC(2026, 0, 15),
      });
      expect(toLastmod('2024-02-29', NOW)).toEqual({
        ok: true,
        text: '2024-02-29',
        time: Date.UTC(2024, 1, 29),
      });
    });

    it('always writes datetimes in the YYYY-MM-DDThh:mm:ss+00:00 form', () => {
      for (const value of [
        new Date(NOW - 1000),
        NOW - 86_400_000,
        '2026-01-15T10:20:30.5-03:00',
        '2026-01-15 10:20:30',
      ]) {
        const result = toLastmod(value, NOW);
        expect(result.ok).toBe(true);
        if (result.ok) expect(result.text).toMatch(W3C);
      }
    });
  });

  describe('invalid values', () => {
    it.each([
      ['a word', 'yesterday'],
      ['an empty string', ''],
      ['a date without leading zeros', '2026-1-5'],
      ['a US date', '01/15/2026'],
      ['February 30th, date-only', '2026-02-30'],
      ['April 31st, date-only', '2026-04-31'],
      ['February 29th of a common year', '2026-02-29'],
      ['an hour out of range', '2026-01-15T25:00:00Z'],
      ['garbage after a date prefix', '2026-01-15Tnope'],
      ['a short string of digits', '12345'],
      ['null', null],
      ['undefined', undefined],
      ['a boolean', true],
      ['an object', { date: '2026-01-15' }],
      ['an invalid Date', new Date('nope')],
      ['NaN', NaN],
    ])('refuses %s', (_label, value) => {
      expect(toLastmod(value, NOW)).toEqual({ ok: false, reason: 'invalid' });
    });

    // Regression: Date.UTC rolls month 0 back to December and month 13 on to January.
    it.each(['2026-00-10', '2026-13-01', '2025-13-01'])(
      'refuses the date-only %j, whose month is out of range',
      (value) => {
        expect(toLastmod(value, NOW)).toEqual({ ok: false, reason: 'invalid' });
      }
    );

    // Regression: the JS Date parser rolls 2026-02-30T10:00:00Z over to March 2 instead of refusing it.
    it.each(['2026-02-30T10:00:00Z', '2026-02-30 10:00:00', '2026-04-31T00:00:00+02:00'])(
      'refuses the date-time %j, whose day does not exist',
      (value) => {
        expect(toLastmod(value, NOW)).toEqual({ ok: false, reason: 'invalid' });
      }
    );
  });

  describe('future values', () => {
    it('accepts a date-time up to five minutes ahead (clock skew)', () => {
      expect(toLastmod(NOW + 5 * 60_000, NOW)).toMatchObject({ ok: true });
      expect(toLastmod(new Date(NOW + 60_000), NOW)).toMatchObject({ ok: true });
      expect(toLastmod('2026-06-15T12:04:59Z', NOW)).toMatchObject({ ok: true });
    });

    it('refuses a date-time more than five minutes ahead', () => {
      expect(toLastmod(NOW + 5 * 60_000 + 1, NOW)).toEqual({ ok: false, reason: 'future' });
      expect(toLastmod('2026-06-15T12:05:01Z', NOW)).toEqual({ ok: false, reason: 'future' });
      expect(toLastmod('2026-06-15 13:00:00', NOW)).toEqual({ ok: false, reason: 'future' });
      expect(toLastmod('2027-01-01T00:00:00+14:00', NOW)).toEqual({ ok: false, reason: 'future' });
      expect(toLastmod(new Date(Date.UTC(2030, 0, 1)), NOW)).toEqual({
        ok: false,
        reason: 'future',
      });
    });

    it('accepts today and tomorrow date-only values while they can be "today" east of UTC (14 h)', () => {
      expect(toLastmod('2026-06-15', NOW)).toMatchObject({ ok: true, text: '2026-06-15' });
      // Tomorrow's midnight UTC is 12 h after NOW.
      expect(toLastmod('2026-06-16', NOW)).toMatchObject({ ok: true, text: '2026-06-16' });
    });

    it('refuses date-only values beyond the 14 h tolerance', () => {
      expect(toLastmod('2026-06-17', NOW)).toEqual({ ok: false, reason: 'future' });
      expect(toLastmod('2026-06-16', Date.UTC(2026, 5, 15, 9, 59, 59))).toEqual({
        ok: false,
        reason: 'future',
      });
      expect(toLastmod('2026-06-16', Date.UTC(2026, 5, 15, 10, 0, 0))).toMatchObject({ ok: true });
    });
  });
});

describe('formatW3cDateTime over the whole range', () => {
  it('writes what toISOString writes, to the second, for any instant from year 0000 to 9999', () => {
    const min = Date.parse('0000-01-01T00:00:00Z');
    const max = Date.parse('9999-12-31T23:59:59Z');
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const times = [
      0,
      -1,
      1,
      86_399_999,
      86_400_000,
      -86_400_000,
      max,
      Date.UTC(2026, 1, 28, 23, 59, 59, 999),
    ];
    for (let i = 0; i < 20_000; i++) times.push(Math.floor(min + random() * (max - min)));
    // Neighbouring instants too: the day part is cached.
    for (let i = 0; i < 2_000; i++)
      times.push(Date.UTC(2026, 5, 15) + Math.floor(random() * 3 * 86_400_000));
    for (const time of times) {
      const date = new Date(time);
      expect(formatW3cDateTime(date)).toBe(`${date.toISOString().slice(0, 19)}+00:00`);
    }
  });

  it('refuses a Date outside years 0000-9999, and a Date in the future', () => {
    expect(toLastmod(new Date('0000-01-01T00:00:00Z'), NOW)).toMatchObject({
      ok: true,
      text: '0000-01-01T00:00:00+00:00',
    });
    expect(toLastmod(new Date('-000001-12-31T23:59:59Z'), NOW)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(toLastmod(new Date('+010000-01-01T00:00:00Z'), Number.MAX_SAFE_INTEGER)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(toLastmod(new Date(Number.NaN), NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(toLastmod(new Date(NOW + 10 * 60_000), NOW)).toEqual({ ok: false, reason: 'future' });
    expect(toLastmod(new Date(NOW + 60_000), NOW)).toMatchObject({ ok: true });
  });
});
