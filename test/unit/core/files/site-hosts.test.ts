import {
  allOrigins,
  localesOn,
  originOf,
  siteFinder,
  siteOfOrigin,
} from '../../../../server/src/core/files/file-layout';
import { hostIndexes } from '../../../../server/src/core/files/host-indexes';
import {
  FEED_NAME,
  feedNameOf,
  hostGroup,
  localeFeedName,
  SERVED_NAME,
  siteGroup,
} from '../../../../server/src/core/files/file-names';

const HOSTS = {
  hostname: 'https://www.example.com',
  hostnames: { fr: 'https://www.example.fr' },
  sites: {
    shop: {
      hostname: 'https://shop.example.com',
      hostnames: { fr: 'https://boutique.example.fr', de: 'https://boutique.example.fr' },
      contentTypes: {},
    },
  },
};
const groupOf = (origin: string) => {
  const site = siteOfOrigin(origin, HOSTS);
  return hostGroup(site ? siteGroup('article', site) : 'article', localesOn(origin, HOSTS));
};

describe('sites as hosts', () => {
  it('lists every host once, the main ones first', () => {
    expect(allOrigins(HOSTS)).toEqual([
      'https://www.example.com',
      'https://www.example.fr',
      'https://shop.example.com',
      'https://boutique.example.fr',
    ]);
  });

  it("names each host's file series, a site's with its name, and finds the host back", () => {
    expect(allOrigins(HOSTS).map(groupOf)).toEqual([
      'article',
      'article_fr',
      'article__shop',
      'article__shop_de_fr',
    ]);
    expect(originOf('article__shop_de_fr', groupOf, HOSTS)).toBe('https://boutique.example.fr');
    expect(originOf('article__blog', groupOf, HOSTS)).toBeUndefined();
  });

  it('gives each host an index of its own', () => {
    expect(hostIndexes(HOSTS).map((index) => index.origin)).toEqual(allOrigins(HOSTS));
  });

  it('finds the site of an origin once per origin', () => {
    const siteOf = siteFinder(HOSTS);
    expect(siteOf('https://boutique.example.fr')).toBe('shop');
    expect(siteOf('https://www.example.fr')).toBeNull();
    expect(siteOf('https://boutique.example.fr')).toBe('shop');
  });

  it("names each site's feeds apart from the main site's and from each other's", () => {
    expect(feedNameOf(null)).toBe(FEED_NAME);
    expect(feedNameOf(null, 'fr')).toBe(localeFeedName('fr'));
    expect(feedNameOf('shop')).toBe('recent__shop.atom');
    expect(feedNameOf('shop', 'fr')).toBe('recent__shop__fr.atom');
    const names = [
      feedNameOf(null),
      feedNameOf(null, 'shop-fr'),
      feedNameOf('shop-fr'),
      feedNameOf('shop', 'fr'),
      feedNameOf('shop'),
    ];
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(SERVED_NAME);
  });
});
