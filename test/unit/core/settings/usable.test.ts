import { usableSettings } from '../../../../server/src/core/settings/usable';
import type { SchemaCatalog } from '../../../../shared/types';

const PAGE = 'api::page.page';
const POST = 'api::post.post';

const catalog: SchemaCatalog = {
  [PAGE]: {
    uid: PAGE,
    kind: 'collectionType',
    localized: false,
    draftAndPublish: true,
    attributes: { slug: { type: 'string' } },
  },
  [POST]: {
    uid: POST,
    kind: 'collectionType',
    localized: false,
    draftAndPublish: true,
    attributes: { slug: { type: 'string' } },
  },
};

const fileConfig = {
  hostname: 'https://www.example.com',
  contentTypes: { [PAGE]: { pattern: '/[slug]' } },
};

describe('usableSettings', () => {
  it('returns valid settings untouched', () => {
    const result = usableSettings(fileConfig, { gzip: false }, catalog);
    expect(result.skipped).toEqual([]);
    expect(result.settings).toMatchObject({
      gzip: false,
      contentTypes: { [PAGE]: { pattern: '/[slug]' } },
    });
  });

  it('leaves out a type whose field or type no longer exists, and keeps the others', () => {
    const saved = {
      contentTypes: {
        [PAGE]: { pattern: '/[slug]' },
        [POST]: { pattern: '/[removed]' },
        'api::gone.gone': { pattern: '/[slug]' },
      },
    };
    const result = usableSettings(fileConfig, saved, catalog);
    expect(Object.keys(result.settings!.contentTypes)).toEqual([PAGE]);
    expect(result.skipped.map((item) => item.setting).sort()).toEqual([
      'contentTypes["api::gone.gone"]',
      'contentTypes["api::post.post"]',
    ]);
    const post = result.skipped.find((item) => item.setting === 'contentTypes["api::post.post"]')!;
    expect(post.message).toContain('"removed" is not a field');
  });

  it('leaves out a custom URL that no longer validates, naming its place in the saved list', () => {
    const saved = {
      customUrls: [{ url: '/a' }, { url: 'nope' }, { url: '/b', priority: 3 }, { url: '/c' }],
    };
    const result = usableSettings(fileConfig, saved, catalog);
    expect(result.settings!.customUrls.map((custom) => custom.url)).toEqual(['/a', '/c']);
    expect(result.skipped.map((item) => item.setting)).toEqual(['customUrls[1]', 'customUrls[2]']);
    expect(result.skipped[1].message).toContain('customUrls[2].priority');
  });

  it('falls back to the config file for another admin value that no longer validates', () => {
    const result = usableSettings(
      fileConfig,
      { hostname: 'not a url', limits: { urlsPerFile: 0 } },
      catalog
    );
    expect(result.settings!.hostname).toBe('https://www.example.com');
    expect(result.settings!.limits.urlsPerFile).toBe(10_000); // the default
    expect(result.skipped.map((item) => item.setting).sort()).toEqual(['hostname', 'limits']);
  });

  it('gives the errors when what remains is unusable', () => {
    const result = usableSettings(
      {},
      { contentTypes: { [PAGE]: { pattern: '/[slug]' } } },
      catalog
    );
    expect(result.settings).toBeUndefined();
    expect(result.errors.map((error) => error.path)).toEqual([['hostname']]);
  });
});
