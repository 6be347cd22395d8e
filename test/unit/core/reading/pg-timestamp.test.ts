import { parseLocalTimestamp } from '../../../../server/src/core/reading/pg-timestamp';

// The parser the `pg` driver uses for `timestamp` values: the hand-written one must agree with it.
const driverParse: (text: string) => Date | number | null = require('postgres-date');

const pad = (value: number, size: number) => String(value).padStart(size, '0');

function randomTimestamp(random: () => number) {
  const year = 1000 + Math.floor(random() * 9000);
  const fields = [
    `${pad(year, 4)}-${pad(1 + Math.floor(random() * 12), 2)}-${pad(1 + Math.floor(random() * 28), 2)}`,
    `${pad(Math.floor(random() * 24), 2)}:${pad(Math.floor(random() * 60), 2)}:${pad(Math.floor(random() * 60), 2)}`,
  ];
  const digits = Math.floor(random() * 7);
  const fraction = digits === 0 ? '' : `.${pad(Math.floor(random() * 10 ** digits), digits)}`;
  return `${fields[0]} ${fields[1]}${fraction}`;
}

describe('parseLocalTimestamp', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each(['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata'])(
    'gives the same instant as the driver in %s, for every fraction length',
    (tz) => {
      process.env.TZ = tz;
      let seed = 42;
      const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
      const samples = [
        '2026-11-30 12:00:00',
        '2026-11-30 12:00:00.129',
        '2026-11-30 12:00:00.1',
        '2026-11-30 23:59:59.999999',
        '2026-03-08 02:30:00.5', // a local time that does not exist in New York (DST)
        '2026-10-25 02:30:00', // one that exists twice in Paris
        '1000-01-01 00:00:00',
        '9999-12-31 23:59:59.999',
        ...Array.from({ length: 2_000 }, () => randomTimestamp(random)),
      ];
      for (const text of samples) {
        const ours = parseLocalTimestamp(text);
        expect(ours).toBeInstanceOf(Date);
        expect([text, ours!.getTime()]).toEqual([text, (driverParse(text) as Date).getTime()]);
      }
    }
  );

  it.each([
    '2026-11-30 12:00:00+00',
    '2026-11-30 12:00:00.123+02:00',
    '2026-11-30 12:00:00 BC',
    '0099-11-30 12:00:00',
    'infinity',
    '-infinity',
    '2026-11-30',
    '2026-11-30T12:00:00',
    '2026-11-30 12:00:00.1234567',
    '',
  ])('leaves %p to the driver', (text) => {
    expect(parseLocalTimestamp(text)).toBeNull();
  });
});
