import { describeCron } from '../../../admin/src/utils/cron';

describe('describeCron', () => {
  it('describes the default schedule in English and French', () => {
    expect(describeCron('0 3 * * *', 'en')).toBe('At 03:00');
    expect(describeCron('0 3 * * *', 'fr')).toBe('À 03:00');
  });

  it('reads a seconds field and weekday ranges', () => {
    expect(describeCron('*/30 * * * * *', 'en')).toBe('Every 30 seconds');
    expect(describeCron('0 2 * * 1-5', 'en')).toBe('At 02:00, Monday through Friday');
  });

  it('falls back to English for a language it does not know, and uses the language of a regional locale', () => {
    expect(describeCron('0 3 * * *', 'xx')).toBe('At 03:00');
    expect(describeCron('0 3 * * *', 'fr-CA')).toBe('À 03:00');
  });

  it('returns null for an expression it cannot read', () => {
    expect(describeCron('', 'en')).toBeNull();
    expect(describeCron('every day', 'en')).toBeNull();
  });
});
