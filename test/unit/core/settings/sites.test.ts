import { checkSites } from '../../../../server/src/core/settings/sites';
import { ErrorList } from '../../../../server/src/core/settings/type-checks';
import type { SchemaCatalog } from '../../../../shared/types';

const ARTICLE = 'api::article.article';
const CATALOG: SchemaCatalog = {
  [ARTICLE]: {
    uid: ARTICLE,
    kind: 'collectionType',
    localized: true,
    draftAndPublish: true,
    attributes: {
      slug: { type: 'string' },
      website: { type: 'relation', relation: 'manyToOne', target: 'api::website.website' },
    },
  },
  'api::website.website': {
    uid: 'api::website.website',
    kind: 'collectionType',
    localized: false,
    draftAndPublish: false,
    attributes: { slug: { type: 'string' } },
  },
};
const MAPPED = { [ARTICLE]: { pattern: '/[slug]' } };

const check = (value: unknown) => {
  const errors = new ErrorList();
  const sites = checkSites(errors, value, MAPPED, CATALOG, ['https://www.example.com']);
  return { sites, errors: errors.errors };
};

describe('checkSites', () => {
  it('is one implicit site when unset or empty', () => {
    expect(check(undefined)).toEqual({ sites: undefined, errors: [] });
    expect(check({})).toEqual({ sites: undefined, errors: [] });
  });

  it('keeps sites with normalised origins and a filter per type', () => {
    const { sites, errors } = check({
      shop: {
        hostname: 'https://Shop.example.com/',
        hostnames: { fr: 'https://boutique.example.fr' },
        contentTypes: { [ARTICLE]: { filters: { website: { slug: 'shop' } } } },
      },
      blog: { hostname: 'https://blog.example.com', contentTypes: { [ARTICLE]: {} } },
    });
    expect(errors).toEqual([]);
    expect(sites).toEqual({
      shop: {
        hostname: 'https://shop.example.com',
        hostnames: { fr: 'https://boutique.example.fr' },
        contentTypes: { [ARTICLE]: { filters: { website: { slug: 'shop' } } } },
      },
      blog: {
        hostname: 'https://blog.example.com',
        hostnames: {},
        contentTypes: { [ARTICLE]: {} },
      },
    });
  });

  it('names every wrong field, and keeps nothing then', () => {
    const { sites, errors } = check({
      'Shop!': {
        hostname: 'shop.example.com',
        contentTypes: { 'api::page.page': {}, [ARTICLE]: { filters: { colour: 'red' }, extra: 1 } },
        robots: true,
      },
      blog: { hostname: 'https://blog.example.com', contentTypes: {} },
    });
    expect(sites).toBeUndefined();
    expect(errors.map((error) => error.path.join('.'))).toEqual([
      'sites.Shop!',
      'sites.Shop!.robots',
      'sites.Shop!.hostname',
      'sites.Shop!.contentTypes.api::page.page',
      `sites.Shop!.contentTypes.${ARTICLE}.extra`,
      `sites.Shop!.contentTypes.${ARTICLE}.filters.colour`,
      'sites.blog.contentTypes',
    ]);
  });
});

it('gives each host to one site only, the main hostname included', () => {
  const { errors } = check({
    shop: { hostname: 'https://www.example.com', contentTypes: { [ARTICLE]: {} } },
    blog: {
      hostname: 'https://blog.example.com',
      hostnames: { fr: 'https://shop.example.com' },
      contentTypes: { [ARTICLE]: {} },
    },
    news: { hostname: 'https://shop.example.com', contentTypes: { [ARTICLE]: {} } },
  });
  expect(errors).toEqual([
    {
      path: ['sites', 'shop', 'hostname'],
      message: 'https://www.example.com is already the host of the main hostname',
    },
    {
      path: ['sites', 'news', 'hostname'],
      message: 'https://shop.example.com is already the host of blog',
    },
  ]);
});
