/**
 * The schedule in words, in the admin's language. cronstrue does this well for many languages
 * (node-cron's syntax, seconds field included); the next run times come from the server, which
 * runs the schedule in its own time zone.
 */
import cronstrue from 'cronstrue/i18n';

/** Returns the description, or null when the expression cannot be read. */
export function describeCron(expression: string, locale: string): string | null {
  if (!expression.trim()) return null;
  const language = locale.split('-')[0];
  try {
    return cronstrue.toString(expression, {
      locale: cronstrue.locales?.[language] ? language : 'en',
      use24HourTimeFormat: true,
      throwExceptionOnParseError: true,
      verbose: false,
    });
  } catch {
    return null;
  }
}
