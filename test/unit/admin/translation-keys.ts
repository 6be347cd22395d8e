/**
 * Finds the translation keys the admin code uses with their English default text:
 * `t('key', 'Default')` calls and `{ id: 'key', defaultMessage: 'Default' }` descriptors.
 * Keys built at run time (`rules.${rule}.title`) are listed by the tests that know their parts.
 */
import fs from 'fs';
import path from 'path';

const QUOTED = String.raw`'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"`;
const CALL = new RegExp(String.raw`\bt\(\s*'([\w.-]+)'\s*,\s*(?:${QUOTED})`, 'g');
const DESCRIPTOR = new RegExp(
  String.raw`\bid:\s*(?:'|\x60\$\{PLUGIN_ID\}\.)([\w.-]+)(?:'|\x60)\s*,\s*defaultMessage:\s*(?:${QUOTED})`,
  'g'
);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

export function usedTranslationKeys(adminSrc: string): Map<string, string> {
  const keys = new Map<string, string>();
  for (const file of sourceFiles(adminSrc)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const pattern of [CALL, DESCRIPTOR]) {
      for (const match of text.matchAll(pattern)) {
        const id = match[1];
        keys.set(id, (match[2] ?? match[3]).replace(/\\(.)/g, '$1'));
      }
    }
  }
  return keys;
}
