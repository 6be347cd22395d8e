import {
  allOrigins,
  localesOn,
  originOf,
  siteOfOrigin,
} from '../../../../server/src/core/files/file-layout';
import { hostIndexes } from '../../../../server/src/core/files/host-indexes';
import { hostGroup, siteGroup } from '../../../../server/src/core/files/file-names';

const HOSTS = {
  hostname: 'https://www.example.com',
  hostnames: { fr: 'https://www.example.fr' },
  sites: {
    shop: {
      hostname: 'https://shop.example.com',
      hostnames: { fr: 'https://boutique.example.fr', de: 'https://boutique.example.fr' },
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
});
