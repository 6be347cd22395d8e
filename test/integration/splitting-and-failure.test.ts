/**
 * Splitting at small limits (by URL count and by bytes), key ranges recorded per file, and a run
 * that fails in the middle leaving the last good set served.
 */
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { addLocale, ARTICLE, createArticle, createCategory } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fetchSitemapSet, fileUrl } from '../helpers/sitemap-http';

let app: TestStrapi;
const ARTICLES = 14;

const settings = () => app.strapi.plugin('sitemap').service('settings');
const generate = () => app.strapi.plugin('sitemap').service('generator').generate('manual');
const liveFiles = () => app.strapi.plugin('sitemap').service('file-store').listLive();

beforeAll(async () => {
  app = await startTestStrapi({ pluginConfig: testConfig({ customUrls: [] }) });
  const news = await createCategory(app.strapi, { name: 'News', slug: 'news' });
  for (let i = 0; i < ARTICLES; i++) {
    const article = await createArticle(app.strapi, {
      title: `A${i}`,
      slug: `article-${i}`,
      categoryDocumentId: news.documentId,
    });
    if (i % 2 === 0) {
      await addLocale(app.strapi, {
        documentId: article.documentId,
        locale: 'fr',
        data: { title: `F${i}`, slug: `article-fr-${i}`, categoryDocumentId: news.documentId },
      });
    }
  }
});

afterAll(async () => {
  await app?.stop();
});

const ARTICLE_URLS = ARTICLES + Math.ceil(ARTICLES / 2);

describe('splitting', () => {
  it('rolls to a new file at urlsPerFile, keeping a document’s locales together', async () => {
    await settings().update({ limits: { urlsPerFile: 3 } });
    expect((await generate()).status).toBe('success');
    const { files } = await fetchSitemapSet(app.baseUrl);
    const articleFiles = files.filter((file) => file.name.startsWith('article-'));
    expect(articleFiles.length).toBeGreaterThanOrEqual(Math.ceil(ARTICLE_URLS / 3));
    for (const file of files) expect(file.urls.length).toBeLessThanOrEqual(3);
    expect(articleFiles.reduce((sum, file) => sum + file.urls.length, 0)).toBe(ARTICLE_URLS);
    // hreflang partners always share a file.
    for (const file of articleFiles) {
      for (const url of file.urls)
        for (const link of url.alternates) expect(file.urls.map((u) => u.loc)).toContain(link.href);
    }
  });

  it('records contiguous document-id key ranges for each group of files', async () => {
    const rows = (await liveFiles()).filter(
      (file: any) => file.format === 'urlset' && file.groupKey === 'article'
    );
    rows.sort((a: any, b: any) => (a.rangeStart < b.rangeStart ? -1 : 1));
    expect(rows[0].rangeStart).toBe('');
    for (let i = 1; i < rows.length; i++) expect(rows[i].rangeStart).toBe(rows[i - 1].rangeEnd);
    expect(rows[rows.length - 1].rangeEnd).toBeNull();
    // Every document id listed in a file lies inside its range.
    const published = (await app.strapi.db
      .query(ARTICLE as any)
      .findMany({ select: ['documentId'], where: { publishedAt: { $notNull: true } } })) as any[];
    for (const { documentId } of published) {
      const holders = rows.filter(
        (row: any) =>
          documentId > row.rangeStart && (row.rangeEnd === null || documentId <= row.rangeEnd)
      );
      expect(holders).toHaveLength(1);
    }
  });

  it('rolls to a new file before bytesPerFile would be passed, counting every byte', async () => {
    await settings().update({ limits: { urlsPerFile: 50000, bytesPerFile: 1500 } });
    expect((await generate()).status).toBe('success');
    const { files } = await fetchSitemapSet(app.baseUrl);
    expect(files.filter((file) => file.name.startsWith('article-')).length).toBeGreaterThan(2);
    for (const file of files) expect(file.bytes).toBeLessThanOrEqual(1500);
    expect(
      files
        .filter((file) => file.name.startsWith('article-'))
        .reduce((sum, file) => sum + file.urls.length, 0)
    ).toBe(ARTICLE_URLS);
    await settings().update({ limits: null });
  });
});

describe('a generation that fails in the middle', () => {
  it('leaves the last good set served and records the error', async () => {
    expect((await generate()).status).toBe('success');
    const before = await fetchSitemapSet(app.baseUrl);
    const beforeIndex = await fetch(fileUrl(app.baseUrl, 'index.xml'));
    await beforeIndex.arrayBuffer();

    // A real database error half-way: the homepage type is read last, after the article and
    // category files of the new generation were already stored as pending.
    const knex = app.strapi.db.connection;
    await knex.schema.renameTable('homepages', 'homepages_away');
    try {
      const result = await generate();
      expect(result.status).toBe('failed');
      expect(result.error).toBeTruthy();
    } finally {
      await knex.schema.renameTable('homepages_away', 'homepages');
    }

    const after = await fetchSitemapSet(app.baseUrl);
    expect(after.indexXml).toBe(before.indexXml);
    expect(after.files.map((file) => file.xml)).toEqual(before.files.map((file) => file.xml));
    const afterIndex = await fetch(fileUrl(app.baseUrl, 'index.xml'));
    expect(afterIndex.headers.get('etag')).toBe(beforeIndex.headers.get('etag'));

    const [run] = await app.strapi.plugin('sitemap').service('runs').recent(1);
    expect(run).toMatchObject({ status: 'failed', trigger: 'manual' });
    expect(run.error.length).toBeGreaterThan(0);
    // Nothing of the failed generation is left behind.
    const pending = await app.strapi.db
      .query('plugin::sitemap.sitemap-file' as any)
      .count({ where: { state: 'pending' } });
    expect(pending).toBe(0);

    expect((await generate()).status).toBe('success');
  });
});

describe('a file whose save fails while the next one is written', () => {
  it('fails the run, leaves the last good set served, and the next run cleans up', async () => {
    await settings().update({ limits: { urlsPerFile: 4 } });
    try {
      expect((await generate()).status).toBe('success');
      const before = await fetchSitemapSet(app.baseUrl);
      expect(before.files.length).toBeGreaterThan(3);

      // Other files (cut at 5 URLs), whose parts' inserts all fail (a real database error); the
      // files' rows go in before their parts.
      await settings().update({ limits: { urlsPerFile: 5 } });
      const knex = app.strapi.db.connection;
      await knex.schema.renameTable('sitemap_file_parts', 'sitemap_file_parts_away');
      try {
        const result = await generate();
        expect(result.status).toBe('failed');
        expect(result.error).toMatch(/sitemap_file_parts/);
      } finally {
        await knex.schema.renameTable('sitemap_file_parts_away', 'sitemap_file_parts');
      }

      const after = await fetchSitemapSet(app.baseUrl);
      expect(after.indexXml).toBe(before.indexXml);
      expect(after.files.map((file) => file.xml)).toEqual(before.files.map((file) => file.xml));

      await settings().update({ limits: { urlsPerFile: 4 } });
      expect((await generate()).status).toBe('success');
      const pending = await app.strapi.db
        .query('plugin::sitemap.sitemap-file' as any)
        .count({ where: { state: 'pending' } });
      expect(pending).toBe(0);
      expect((await fetchSitemapSet(app.baseUrl)).indexXml).toBe(before.indexXml);
    } finally {
      await settings().update({ limits: null });
    }
  });
});
