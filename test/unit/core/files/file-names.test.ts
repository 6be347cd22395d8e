import {
  CUSTOM_GROUP,
  hostGroup,
  hostIndexNames,
  blockIndexName,
  seqOf,
  SERVED_NAME,
  textName,
  typeGroup,
  urlsetName,
} from '../../../../server/src/core/files/file-names';

describe('typeGroup', () => {
  it('keeps the plain name of an ordinary API type', () => {
    expect(typeGroup('api::article.article')).toBe('article');
    expect(typeGroup('api::blog-post.blog-post')).toBe('blog-post');
    expect(typeGroup('api::article-fr.article-fr')).toBe('article-fr');
  });

  it.each([
    ['a type named custom, which the custom URLs use', 'api::custom.custom', 'custom'],
    ['another type of the same API', 'api::blog.post', 'post'],
    ['a plugin type', 'plugin::shop.product', 'product'],
    ['a name with other characters', 'api::Foo_Bar.Foo_Bar', 'foo-bar'],
    ['a name that already ends like a hash', 'api::page-1a2b3c4d.page-1a2b3c4d', 'page-1a2b3c4d'],
  ])('hashes the uid of %s', (_label, uid, prefix) => {
    const group = typeGroup(uid);
    expect(group).toMatch(new RegExp(`^${prefix}-[0-9a-f]{8}$`));
    expect(typeGroup(uid)).toBe(group);
  });

  it('tells apart types that share a name in different namespaces', () => {
    const groups = [
      'api::article.article',
      'api::blog.article',
      'api::news.article',
      'plugin::blog.article',
    ].map(typeGroup);
    expect(new Set(groups).size).toBe(4);
  });
});

describe('hostGroup', () => {
  it('is the type group on the main host', () => {
    expect(hostGroup('article', [])).toBe('article');
    expect(hostGroup(CUSTOM_GROUP, [])).toBe('custom');
  });

  it('adds each locale of the host after an underscore, sorted and lower-cased', () => {
    expect(hostGroup('article', ['fr'])).toBe('article_fr');
    expect(hostGroup('article', ['fr-CA', 'de'])).toBe('article_de_fr-ca');
  });

  it("never meets another type's group", () => {
    expect(hostGroup(typeGroup('api::article.article'), ['fr'])).not.toBe(
      hostGroup(typeGroup('api::article-fr.article-fr'), [])
    );
    expect(hostGroup(typeGroup('api::custom.custom'), [])).not.toBe(hostGroup(CUSTOM_GROUP, []));
    expect(hostGroup('article', ['fr', 'ca'])).not.toBe(hostGroup('article', ['fr-ca']));
  });

  it('cuts a long group to 100 characters ending with a hash of the whole', () => {
    const base = typeGroup(`api::${'a'.repeat(150)}.${'a'.repeat(150)}`);
    const long = hostGroup(base, []);
    expect(long).toHaveLength(100);
    expect(long).toMatch(/^a{91}-[0-9a-f]{8}$/);
    expect(hostGroup(base, ['fr'])).toHaveLength(100);
    expect(hostGroup(base, ['fr'])).not.toBe(long);
    expect(hostGroup('a'.repeat(99), [])).toBe('a'.repeat(99));
  });
});

describe('file names', () => {
  it('keeps the numbered series of each group, with its text and block-index twins', () => {
    expect(urlsetName('article', 1)).toBe('article-1.xml');
    expect(textName('article-1.xml')).toBe('article-1.txt');
    expect(blockIndexName('article-1.xml')).toBe('article-1.blocks');
    expect(seqOf('article_fr-12.xml')).toBe(12);
    expect(seqOf(urlsetName(typeGroup('api::custom.custom'), 3))).toBe(3);
  });

  it('gives names that are all different and all served by the public route', () => {
    const uids = [
      'api::article.article',
      'api::article-fr.article-fr',
      'api::custom.custom',
      'api::custom-fr.custom-fr',
      'api::blog.article',
      'plugin::blog.article',
      'api::Weird_Name.Weird_Name',
      `api::${'x'.repeat(300)}.${'x'.repeat(300)}`,
      `api::${'x'.repeat(300)}.${'x'.repeat(299)}`,
    ];
    const bases = [...uids.map(typeGroup), CUSTOM_GROUP];
    const hosts = [[], ['fr'], ['fr', 'ca'], ['fr-ca'], ['de', 'fr']];
    const names = bases.flatMap((base) =>
      hosts.flatMap((locales) =>
        [1, 2, 12, 999_999].map((seq) => urlsetName(hostGroup(base, locales), seq))
      )
    );
    expect(new Set(names).size).toBe(names.length);
    for (const name of [
      ...names,
      ...names.map(textName),
      ...names.map((xml) => `${xml}.gz`),
      'index.xml',
      'sitemap.xsl',
    ]) {
      expect(name).toMatch(SERVED_NAME);
    }
    expect(names).not.toContain('index.xml');
  });
});

describe('hostIndexNames', () => {
  it('names each host’s index after its host', () => {
    expect([...hostIndexNames(['https://www.example.com', 'https://www.example.fr'])]).toEqual([
      ['https://www.example.com', 'index-www-example-com.xml'],
      ['https://www.example.fr', 'index-www-example-fr.xml'],
    ]);
  });

  it('adds the origin’s hash where a name would end like a urlset’s or two hosts would share it', () => {
    const names = hostIndexNames(['http://localhost:3000', 'https://a-b.com', 'https://a.b-com']);
    const withPort = names.get('http://localhost:3000')!;
    expect(withPort).toMatch(/^index-localhost-3000_[0-9a-f]{8}\.xml$/);
    expect(seqOf(withPort)).toBe(0);
    expect(names.get('https://a-b.com')).toMatch(/^index-a-b-com_[0-9a-f]{8}\.xml$/);
    expect(names.get('https://a.b-com')).not.toBe(names.get('https://a-b.com'));
    for (const name of names.values()) expect(name).toMatch(SERVED_NAME);
  });

  it('keeps a long host’s name within what the public route serves', () => {
    const origin = `https://${'sub.'.repeat(40)}example.com`;
    expect(hostIndexNames([origin]).get(origin)).toMatch(SERVED_NAME);
  });
});
