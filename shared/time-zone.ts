/**
 * Time zones for the cron schedule. node-cron computes run times with Intl, so a name Intl accepts
 * is one node-cron can schedule in. Offsets (`+01:00`, accepted by newer engines) are refused: the
 * setting is an IANA name, which follows daylight saving time.
 */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '' || /^[+-]/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone a schedule without `cronTimezone` runs in: the server's. */
export const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const TIME_ZONE_HELP =
  'must be an IANA time zone name such as "Europe/Paris", or empty for the server\'s time zone';
