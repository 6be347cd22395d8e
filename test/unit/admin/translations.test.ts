import path from 'path';
import en from '../../../admin/src/translations/en.json';
import fr from '../../../admin/src/translations/fr.json';
import {
  CHANGE_KINDS,
  HEALTH_PROBLEMS,
  RULE_CODES,
  RUN_STATUSES,
  RUN_TRIGGERS,
} from '#sitemap/shared';
import { ENTRY_STATE_LABELS } from '../../../admin/src/utils/entry-states';
import { CHANGEFREQS } from '../../../admin/src/utils/settings-form';
import { EXTRA_COUNT_NAMES } from '../../../admin/src/utils/extra-counts';
import { usedTranslationKeys } from './translation-keys';

const used = usedTranslationKeys(path.resolve(__dirname, '../../../admin/src'));
/** Keys composed at run time from a known list. */
const composed = [
  ...RULE_CODES.flatMap((rule) => ['title', 'why', 'fix'].map((part) => `rules.${rule}.${part}`)),
  ...CHANGEFREQS.map((frequency) => `settings.changefreq.${frequency}`),
  ...RUN_TRIGGERS.map((trigger) => `triggers.${trigger}`),
  ...RUN_STATUSES.map((status) => `runs.status.${status}`),
  ...CHANGE_KINDS.map((kind) => `dashboard.runs.kind.${kind}`),
  ...Object.keys(ENTRY_STATE_LABELS).map((state) => `editView.state.${state}`),
  ...Object.keys(EXTRA_COUNT_NAMES).map((key) => `dashboard.extras.${key}`),
  ...HEALTH_PROBLEMS.map((problem) => `dashboard.health.problem.${problem}`),
];
const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();

describe('admin translations', () => {
  it('finds the keys the admin uses', () => {
    expect(used.size).toBeGreaterThan(100);
    expect(used.get('settings.save')).toBe('Save');
  });

  it.each([
    ['en', en as Record<string, string>],
    ['fr', fr as Record<string, string>],
  ])('%s has every key the admin uses', (_, messages) => {
    const missing = [...used.keys(), ...composed].filter((key) => !(key in messages));
    expect(missing).toEqual([]);
  });

  it('en.json and fr.json hold the same keys, none unused', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    const unused = Object.keys(en).filter((key) => !used.has(key) && !composed.includes(key));
    expect(unused).toEqual([]);
  });

  it('English text matches the defaults written in the code', () => {
    for (const [state, label] of Object.entries(ENTRY_STATE_LABELS))
      used.set(`editView.state.${state}`, label);
    const differing = [...used]
      .filter(([key, text]) => (en as Record<string, string>)[key] !== text)
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('French keeps every placeholder of the English text', () => {
    const broken = Object.keys(en).filter(
      (key) =>
        placeholders((en as Record<string, string>)[key]).join() !==
        placeholders((fr as Record<string, string>)[key]).join()
    );
    expect(broken).toEqual([]);
  });
});
