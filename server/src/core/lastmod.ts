/** `<lastmod>` values: W3C Datetime from real data, never "now". */

export type LastmodResult = { ok: true; text: string; time: number } | { ok: false; reason: 'invalid' | 'future' };

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// A date without a time may already be "today" somewhere east of UTC.
const DATE_ONLY_TOLERANCE_MS = 14 * 3600_000;
// Clocks of the database and of Strapi may differ a little.
const CLOCK_SKEW_TOLERANCE_MS = 5 * 60_000;

const pad = (n: number) => String(n).padStart(2, '0');

export const formatW3cDateTime = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(
    date.getUTCMinutes()
  )}:${pad(date.getUTCSeconds())}+00:00`;

/** Normalises a Date, epoch milliseconds or an ISO/W3C string into W3C Datetime (UTC). */
export function toLastmod(value: unknown, now: number): LastmodResult {
  if (typeof value === 'string') {
    const dateOnly = DATE_ONLY.exec(value);
    if (dateOnly) {
      const time = Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]));
      if (Number.isNaN(time) || new Date(time).getUTCDate() !== Number(dateOnly[3])) return { ok: false, reason: 'invalid' };
      if (time > now + DATE_ONLY_TOLERANCE_MS) return { ok: false, reason: 'future' };
      return { ok: true, text: value, time };
    }
  }
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number') date = new Date(value);
  else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value)) {
    // SQLite returns "YYYY-MM-DD HH:MM:SS" strings without a zone: Strapi writes them in UTC.
    const iso = value.includes('T') ? value : value.replace(' ', 'T');
    date = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(iso) ? iso : `${iso}Z`);
  } else if (typeof value === 'string' && /^\d{10,}$/.test(value)) date = new Date(Number(value));
  else return { ok: false, reason: 'invalid' };
  const time = date.getTime();
  if (Number.isNaN(time)) return { ok: false, reason: 'invalid' };
  if (time > now + CLOCK_SKEW_TOLERANCE_MS) return { ok: false, reason: 'future' };
  return { ok: true, text: formatW3cDateTime(date), time };
}
