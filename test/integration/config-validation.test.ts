/** A wrong config/plugins stops Strapi at startup with a message naming each key and its reason. */
import { startTestStrapi } from '../helpers/strapi-app';
import { testConfig } from '../helpers/config';

async function startupError(pluginConfig: object): Promise<string> {
  try {
    const app = await startTestStrapi({ pluginConfig });
    await app.stop();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('Strapi started with an invalid sitemap config');
}

it('refuses values that break the protocol, all at once', async () => {
  const message = await startupError(
    testConfig({
      hostname: '/relative',
      cron: '61 * * * *',
      limits: { urlsPerFile: 50001, bytesPerFile: 60_000_000 },
      contentTypes: {
        'api::category.category': {
          pattern: '/blog/[slug]',
          priority: 1.5,
          changefreq: 'sometimes',
        },
      },
    })
  );
  expect(message).toContain('Invalid sitemap plugin config');
  expect(message).toMatch(/hostname: .*absolute/);
  expect(message).toMatch(/cron: must be a cron expression/);
  expect(message).toMatch(/limits\.urlsPerFile: .*50000/);
  expect(message).toMatch(/limits\.bytesPerFile: .*52428800/);
  expect(message).toMatch(/contentTypes\["api::category\.category"\]\.priority: .*0\.0 to 1\.0/);
  expect(message).toMatch(
    /contentTypes\["api::category\.category"\]\.changefreq: must be one of always, hourly/
  );
});

it('refuses content types and pattern fields the project does not have', async () => {
  const message = await startupError(
    testConfig({
      contentTypes: {
        'api::nope.nope': { pattern: '/[slug]' },
        'api::article.article': { pattern: '/blog/[category]/[missing]', lastmod: 'title' },
        'api::category.category': { pattern: '/[articles.slug]' },
        'api::homepage.homepage': { pattern: '/[locale]/[title]/[title.x]' },
      },
    })
  );
  expect(message).toMatch(/contentTypes\["api::nope\.nope"\]: unknown content type/);
  expect(message).toMatch(/\[category\]: "category" is a relation; name one of its fields/);
  expect(message).toMatch(/\[missing\]: "missing" is not a field of api::article\.article/);
  expect(message).toMatch(/lastmod: "title" is not a date field/);
  expect(message).toMatch(/\[articles\.slug\]: "articles" must be a to-one relation/);
  expect(message).toMatch(/\[title\.x\]: "title" is not a relation/);
});

it('refuses in the config file what no admin may map: admin types, hidden types, private and password fields', async () => {
  const message = await startupError(
    testConfig({
      contentTypes: {
        'admin::user': { pattern: '/[email]/[resetPasswordToken]' },
        'api::internal-page.internal-page': { pattern: '/[slug]' },
        'api::article.article': {
          pattern: '/[editorNote]/[previewPassword]',
          filters: { createdBy: { password: { $startsWith: '$2' } } },
        },
      },
    })
  );
  expect(message).toMatch(/contentTypes\["admin::user"\]: unknown content type/);
  expect(message).toMatch(
    /contentTypes\["api::internal-page\.internal-page"\]: unknown content type/
  );
  expect(message).toMatch(/\[editorNote\]: "editorNote" is not a field of api::article\.article/);
  expect(message).toMatch(
    /\[previewPassword\]: "previewPassword" is not a field of api::article\.article/
  );
  expect(message).toMatch(
    /contentTypes\["api::article\.article"\]\.filters\.createdBy: is not a field/
  );
});

it('refuses external sitemaps it cannot list, naming each entry', async () => {
  const message = await startupError(
    testConfig({
      externalSitemaps: [
        'ftp://files.example.com/sitemap.xml',
        '/relative/sitemap.xml',
        { url: 'https://www.example.com/shop.xml', lastmod: 'yesterday' },
        { url: 'https://www.example.com/a.xml', priority: 1 },
        'https://www.example.com/line\nbreak.xml',
      ],
    })
  );
  expect(message).toContain('Invalid sitemap plugin config');
  expect(message).toMatch(/externalSitemaps\["0"\]: must be an absolute http\(s\) URL/);
  expect(message).toMatch(/externalSitemaps\["1"\]: must be an absolute http\(s\) URL/);
  expect(message).toMatch(/externalSitemaps\["2"\]\.lastmod: must be a W3C date/);
  expect(message).toMatch(/externalSitemaps\["3"\]\.priority: is not an external sitemap field/);
  expect(message).toMatch(/externalSitemaps\["4"\]: must not hold control characters/);
});

it('refuses sites it cannot write, naming each wrong field', async () => {
  const message = await startupError(
    testConfig({
      sites: {
        Shop: {
          hostname: 'https://www.example.com',
          contentTypes: {
            'api::article.article': {},
            'api::tag.tag': {},
          },
        },
      },
    })
  );
  expect(message).toMatch(/sites\.Shop: must be named with lower-case letters/);
  expect(message).toMatch(
    /sites\.Shop\.hostname: https:\/\/www\.example\.com is already the host of the main hostname/
  );
  expect(message).toMatch(
    /sites\.Shop\.contentTypes\["api::tag\.tag"\]: is not a mapped content type/
  );
});

it('refuses a site filter naming a field the type has not, once the schema is known', async () => {
  const message = await startupError(
    testConfig({
      sites: {
        shop: {
          hostname: 'https://shop.example.com',
          contentTypes: { 'api::article.article': { filters: { colour: 'red' } } },
        },
      },
    })
  );
  expect(message).toMatch(/sites\.shop\.contentTypes\["api::article\.article"\]\.filters\.colour/);
});
