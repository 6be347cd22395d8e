/** `<lastmod>` values: W3C Datetime from real data, never "now". */

export type LastmodResult =
  | { ok: true; text: string; time: number }
  | { ok: false; reason: 'invalid' | 'future' };

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// A date without a time may already be "today" somewhere east of UTC.
const DATE_ONLY_TOLERANCE_MS = 14 * 3600_000;
// Clocks of the database and of Strapi may differ a little.
const CLOCK_SKEW_TOLERANCE_MS = 5 * 60_000;

const DAY_MS = 86_400_000;
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
// The day part of recent dates, by day number modulo the size: a million lastmods mostly fall on
// a few thousand days, and toISOString per value is a third of formatting a URL's <lastmod>.
const DAY_SLOTS = 4096;
const dayNumbers = new Float64Array(DAY_SLOTS).fill(NaN);
const dayTexts: string[] = new Array(DAY_SLOTS).fill('');

/** W3C Datetime in UTC, seconds precision; years outside 0000-9999 are refused before this is called. */
export function formatW3cDateTime(date: Date): string {
  const time = date.getTime();
  const day = Math.floor(time / DAY_MS);
  const slot = day & (DAY_SLOTS - 1);
  if (dayNumbers[slot] !== day) {
    dayNumbers[slot] = day;
    dayTexts[slot] = new Date(day * DAY_MS).toISOString().slice(0, 11);
  }
  const seconds = Math.floor((time - day * DAY_MS) / 1000);
  return `${dayTexts[slot]}${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}+00:00`;
}

// Epoch milliseconds of 0000-01-01 and 10000-01-01 (UTC): the years W3C Datetime can write.
const MIN_TIME = -62_167_219_200_000;
const MAX_TIME = 253_402_300_800_000;

/** Date.UTC rolls 2026-02-30 over to March: a real day survives the round trip. */
function isRealDay(time: number, [, year, month, day]: RegExpExecArray | string[]) {
  const date = new Date(time);
  return (
    !Number.isNaN(time) &&
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() + 1 === Number(month) &&
    date.getUTCDate() === Number(day)
  );
}

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;

/** Normalises a Date, epoch milliseconds or an ISO/W3C string into W3C Datetime (UTC). */
export function toLastmod(value: unknown, now: number): LastmodResult {
  if (typeof value === 'string') {
    const dateOnly = DATE_ONLY.exec(value);
    if (dateOnly) {
      const time = Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]));
      if (!isRealDay(time, dateOnly)) return { ok: false, reason: 'invalid' };
      if (time > now + DATE_ONLY_TOLERANCE_MS) return { ok: false, reason: 'future' };
      return { ok: true, text: value, time };
    }
  }
  let date: Date;
  if (value instanceof Date) {
    // The common case (datetime columns): no parsing, no calendar fields.
    const time = value.getTime();
    if (!(time >= MIN_TIME && time < MAX_TIME)) return { ok: false, reason: 'invalid' };
    if (time > now + CLOCK_SKEW_TOLERANCE_MS) return { ok: false, reason: 'future' };
    return { ok: true, text: formatW3cDateTime(value), time };
  }
  if (typeof value === 'number') date = new Date(value);
  else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value)) {
    // SQLite returns "YYYY-MM-DD HH:MM:SS" strings without a zone: Strapi writes them in UTC.
    const iso = value.includes('T') ? value : value.replace(' ', 'T');
    const written = DATE_PREFIX.exec(value)!;
    if (
      !isRealDay(Date.UTC(Number(written[1]), Number(written[2]) - 1, Number(written[3])), written)
    )
      return { ok: false, reason: 'invalid' };
    date = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(iso) ? iso : `${iso}Z`);
  } else if (typeof value === 'string' && /^\d{10,}$/.test(value)) date = new Date(Number(value));
  else return { ok: false, reason: 'invalid' };
  const time = date.getTime();
  if (Number.isNaN(time) || date.getUTCFullYear() < 0 || date.getUTCFullYear() > 9999)
    return { ok: false, reason: 'invalid' };
  if (time > now + CLOCK_SKEW_TOLERANCE_MS) return { ok: false, reason: 'future' };
  return { ok: true, text: formatW3cDateTime(date), time };
}
