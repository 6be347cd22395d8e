/** The admin's English and French translations are complete, agree on placeholders, and cover the keys the code uses. */
import fs from 'fs';
import path from 'path';
import en from '../../admin/src/translations/en.json';
import fr from '../../admin/src/translations/fr.json';

const ADMIN_SRC = path.resolve(__dirname, '../../admin/src');
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('admin translations', () => {
  it('have the same keys in English and French', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, message] of Object.entries(en)) expect([key, placeholders((fr as Record<string, string>)[key])]).toEqual([key, placeholders(message)]);
  });

  it('hold every literal key the admin code asks for, with the English default as written in the code', () => {
    const used = sourceFiles(ADMIN_SRC).flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.-]+)',\s*'((?:[^'\\]|\\.)*)'/g)]);
    expect(used.length).toBeGreaterThan(20);
    for (const [, key, defaultMessage] of used) expect([key, (en as Record<string, string>)[key]]).toEqual([key, defaultMessage]);
  });

  it('name every state of the edit-view panel', () => {
    for (const state of ['listed', 'pending', 'not-listed', 'draft-only', 'filtered-out', 'excluded', 'pattern-unfilled']) {
      expect(en).toHaveProperty([`editView.state.${state}`]);
    }
  });
});
