import { execFile } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';

export const SCHEMAS_DIR = path.resolve(__dirname, '../schemas');

export interface XmlValidation {
  valid: boolean;
  output: string;
}

function schemaFor(xml: string): string {
  // The first element after the XML declaration, doctype and comments.
  const root = /<(?![?!])([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(
    xml.replace(/<!--[\s\S]*?-->/g, '')
  );
  switch (root?.[2]) {
    case 'urlset':
      return path.join(SCHEMAS_DIR, 'all.xsd');
    case 'sitemapindex':
      return path.join(SCHEMAS_DIR, 'siteindex.xsd');
    default:
      throw new Error(`Not a sitemap: root element is ${root ? `<${root[2]}>` : 'missing'}`);
  }
}

/** Validates a sitemap or sitemap index against the official XSDs with xmllint (libxml2-utils). */
export async function validateSitemapXml(xml: string | Buffer): Promise<XmlValidation> {
  const text = Buffer.isBuffer(xml) ? xml.toString('utf8') : xml;
  const schema = schemaFor(text);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-xmllint-'));
  const file = path.join(dir, 'sitemap.xml');
  fs.writeFileSync(file, xml);
  try {
    return await new Promise<XmlValidation>((resolve, reject) => {
      execFile(
        'xmllint',
        ['--noout', '--nonet', '--schema', schema, file],
        { maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          const output = `${stdout}${stderr}`.split(file).join('sitemap.xml');
          if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
            reject(new Error('xmllint not found: apt-get install -y libxml2-utils'));
            return;
          }
          resolve({ valid: !error, output });
        }
      );
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
