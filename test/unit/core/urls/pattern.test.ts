import {
  encodeLiteral,
  encodeSegmentValue,
  parsePattern,
  PatternSyntaxError,
  resolvePattern,
} from '../../../../server/src/core/urls/pattern';

const fill = (source: string, entry: Record<string, unknown>, locale?: string) =>
  resolvePattern(parsePattern(source), entry, locale);

describe('parsePattern', () => {
  it('splits a pattern into literal, field and locale tokens', () => {
    const parsed = parsePattern('/[locale]/blog/[category.slug]/[slug]');
    expect(parsed.source).toBe('/[locale]/blog/[category.slug]/[slug]');
    expect(parsed.tokens).toEqual([
      { kind: 'literal', text: '/' },
      { kind: 'locale' },
      { kind: 'literal', text: '/blog/' },
      { kind: 'field', path: ['category', 'slug'] },
      { kind: 'literal', text: '/' },
      { kind: 'field', path: ['slug'] },
    ]);
  });

  it('lists the fields read, [locale] excluded, each once', () => {
    expect(parsePattern('/[locale]/[category.slug]/[slug]/[slug]').fields).toEqual([
      ['category', 'slug'],
      ['slug'],
    ]);
  });

  it('accepts nested relation paths', () => {
    expect(parsePattern('/[a.b.c]').tokens).toEqual([
      { kind: 'literal', text: '/' },
      { kind: 'field', path: ['a', 'b', 'c'] },
    ]);
  });

  it('accepts literal text around a placeholder in one segment', () => {
    expect(parsePattern('/news-[slug].html').tokens).toEqual([
      { kind: 'literal', text: '/news-' },
      { kind: 'field', path: ['slug'] },
      { kind: 'literal', text: '.html' },
    ]);
  });

  it('accepts a pattern without placeholders, such as the root', () => {
    expect(parsePattern('/').tokens).toEqual([{ kind: 'literal', text: '/' }]);
    expect(parsePattern('/about').fields).toEqual([]);
  });

  it('trims spaces inside a placeholder', () => {
    expect(parsePattern('/[ slug ]').fields).toEqual([['slug']]);
  });

  it('percent-encodes literal text once, keeping escapes already present', () => {
    expect(parsePattern('/caf%C3%A9/über uns/[slug]').tokens[0]).toEqual({
      kind: 'literal',
      text: '/caf%C3%A9/%C3%BCber%20uns/',
    });
  });

  describe('syntax errors', () => {
    it.each([
      ['blog/[slug]', 'starts with "/"'],
      ['', 'starts with "/"'],
      ['https://example.com/[slug]', 'starts with "/"'],
    ])('refuses %j without a leading slash', (source, message) => {
      expect(() => parsePattern(source)).toThrow(PatternSyntaxError);
      expect(() => parsePattern(source)).toThrow(message);
    });

    it('refuses a value that is not a string', () => {
      expect(() => parsePattern(42 as unknown as string)).toThrow(PatternSyntaxError);
      expect(() => parsePattern(undefined as unknown as string)).toThrow(PatternSyntaxError);
    });

    it.each(['/blog/[slug', '/blog/slug]', '/blog/[[slug]]', '/[a]]', '/[a[b]]'])(
      'refuses unbalanced brackets in %j',
      (source) => {
        expect(() => parsePattern(source)).toThrow(PatternSyntaxError);
        expect(() => parsePattern(source)).toThrow('unbalanced');
      }
    );

    it.each(['/blog/[slug]?page=1', '/blog/[slug]#top', '/?x'])(
      'refuses "?" and "#" in %j',
      (source) => {
        expect(() => parsePattern(source)).toThrow(PatternSyntaxError);
        expect(() => parsePattern(source)).toThrow('must not contain "?" or "#"');
      }
    );

    it.each([
      '/[]',
      '/[ ]',
      '/[1slug]',
      '/[my-slug]',
      '/[a..b]',
      '/[.slug]',
      '/[slug.]',
      '/[a b]',
      '/[sl?ug]',
      '/[sl#ug]',
    ])('refuses the invalid placeholder name in %j', (source) => {
      expect(() => parsePattern(source)).toThrow(PatternSyntaxError);
      expect(() => parsePattern(source)).toThrow('invalid placeholder');
    });

    it('accepts names with underscores and digits after the first character', () => {
      expect(parsePattern('/[_my_slug2].[Category.Slug_1]').fields).toEqual([
        ['_my_slug2'],
        ['Category', 'Slug_1'],
      ]);
    });
  });
});

describe('resolvePattern', () => {
  it('fills a simple placeholder', () => {
    expect(fill('/blog/[slug]', { slug: 'hello-world' })).toEqual({
      ok: true,
      path: '/blog/hello-world',
    });
  });

  it('fills a relation placeholder', () => {
    expect(
      fill('/blog/[category.slug]/[slug]', { slug: 'post', category: { slug: 'news' } })
    ).toEqual({
      ok: true,
      path: '/blog/news/post',
    });
  });

  it('fills a nested relation placeholder', () => {
    expect(fill('/[a.b.c]', { a: { b: { c: 'deep' } } })).toEqual({ ok: true, path: '/deep' });
  });

  it('fills [locale] from the locale argument', () => {
    expect(fill('/[locale]/news/[slug]', { slug: 'x' }, 'fr')).toEqual({
      ok: true,
      path: '/fr/news/x',
    });
  });

  it('reads [locale] from the argument, never from the entry', () => {
    expect(fill('/[locale]', { locale: 'de' }, 'fr')).toEqual({ ok: true, path: '/fr' });
  });

  it('keeps literal text around the value in one segment', () => {
    expect(fill('/news-[slug].html', { slug: 'a b' })).toEqual({
      ok: true,
      path: '/news-a%20b.html',
    });
  });

  it('fills numbers (integer, float, negative, bigint)', () => {
    expect(fill('/p/[id]', { id: 42 })).toEqual({ ok: true, path: '/p/42' });
    expect(fill('/p/[id]', { id: 0 })).toEqual({ ok: true, path: '/p/0' });
    expect(fill('/p/[id]', { id: 1.5 })).toEqual({ ok: true, path: '/p/1.5' });
    expect(fill('/p/[id]', { id: -3 })).toEqual({ ok: true, path: '/p/-3' });
    expect(fill('/p/[id]', { id: 12345678901234567890n })).toEqual({
      ok: true,
      path: '/p/12345678901234567890',
    });
  });

  describe('percent-encoding of values (as encodeURIComponent does)', () => {
    it.each([
      ['a space', 'hello world', 'hello%20world'],
      ['a slash, kept inside the segment', 'a/b', 'a%2Fb'],
      ['non-ASCII letters', 'café', 'caf%C3%A9'],
      ['an emoji', '🎉', '%F0%9F%8E%89'],
      ['XML-special characters, the apostrophe kept', `<&"'>`, "%3C%26%22'%3E"],
      ['an apostrophe, kept as front-end routers keep it', "it's", "it's"],
      ['an ampersand', 'a&b', 'a%26b'],
      ['a percent sign, once', '100%', '100%25'],
      ['an escape-looking value, once (never left as an escape)', '%C3%A9', '%25C3%25A9'],
      ['? and #', 'a?b#c', 'a%3Fb%23c'],
      ['sub-delims encodeURIComponent leaves alone, kept', "!'()*", "!'()*"],
      ['other sub-delims and gen-delims', '$+,;=:@', '%24%2B%2C%3B%3D%3A%40'],
      ['unreserved characters, unchanged', 'Az09-._~', 'Az09-._~'],
    ])('encodes %s', (_label, value, encoded) => {
      expect(fill('/x/[slug]', { slug: value })).toEqual({ ok: true, path: `/x/${encoded}` });
    });

    it('encodes the locale too', () => {
      expect(fill('/[locale]', {}, 'zh Hans')).toEqual({ ok: true, path: '/zh%20Hans' });
    });

    it('never produces a path that a URL parser rewrites', () => {
      for (const slug of [
        'a b',
        'a/b',
        'é',
        '🎉',
        '<&"\'>',
        '100%',
        '%C3%A9',
        '[x]',
        'a\\b',
        '{}|^`',
      ]) {
        const result = fill('/x/[slug]', { slug });
        expect(result.ok).toBe(true);
        if (result.ok) {
          const url = new URL(`https://example.com${result.path}`);
          expect(url.pathname).toBe(result.path);
          expect(decodeURIComponent(result.path.slice(3))).toBe(slug);
        }
      }
    });

    // A "." or ".." value is a dot-segment (RFC 3986 §5.2.4) that crawlers resolve away: "/blog/.." means "/".
    it.each(['.', '..'])(
      'does not list a path whose %j value is removed as a dot-segment',
      (slug) => {
        const result = fill('/blog/[slug]', { slug });
        if (result.ok)
          expect(new URL(`https://example.com${result.path}`).pathname).toBe(result.path);
      }
    );
  });

  describe('entries that cannot fill the pattern', () => {
    it.each([
      ['a missing field', '/[slug]', {}, 'slug'],
      ['a null field', '/[slug]', { slug: null }, 'slug'],
      ['an empty string', '/[slug]', { slug: '' }, 'slug'],
      ['a whitespace-only string', '/[slug]', { slug: ' \t\n ' }, 'slug'],
      ['a missing relation', '/[category.slug]/[slug]', { slug: 'a' }, 'category.slug'],
      [
        'a null relation',
        '/[category.slug]/[slug]',
        { slug: 'a', category: null },
        'category.slug',
      ],
      ['a relation without the field', '/[category.slug]', { category: {} }, 'category.slug'],
      ['a to-many relation (array)', '/[tags.slug]', { tags: [{ slug: 'a' }] }, 'tags.slug'],
      [
        'a relation that is a plain value',
        '/[category.slug]',
        { category: 'news' },
        'category.slug',
      ],
      ['an array value', '/[slug]', { slug: ['a', 'b'] }, 'slug'],
      ['an object value', '/[slug]', { slug: { text: 'a' } }, 'slug'],
      ['a missing locale', '/[locale]/[slug]', { slug: 'a' }, 'locale'],
      ['a lone surrogate', '/[slug]', { slug: 'a\uD800b' }, 'slug'],
    ])('refuses %s and names the field', (_label, source, entry, field) => {
      const result = fill(source, entry as Record<string, unknown>);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.field).toBe(field);
        expect(result.reason).toEqual(expect.any(String));
      }
    });

    it('reports the first field that cannot be filled', () => {
      expect(fill('/[category.slug]/[slug]', { slug: '' })).toMatchObject({
        ok: false,
        field: 'category.slug',
      });
      expect(
        fill('/[category.slug]/[slug]', { category: { slug: 'c' }, slug: null })
      ).toMatchObject({ ok: false, field: 'slug' });
    });

    it('gives a reason that tells empty from wrong type', () => {
      expect(fill('/[slug]', { slug: null })).toMatchObject({
        reason: 'is empty or its relation is missing',
      });
      expect(fill('/[slug]', { slug: '  ' })).toMatchObject({ reason: 'is empty' });
      expect(fill('/[slug]', { slug: [] })).toMatchObject({
        reason: 'is not a single text or number value',
      });
      expect(fill('/[slug]', { slug: 'a\uDC00' })).toMatchObject({
        reason: 'holds text that is not valid Unicode',
      });
    });

    it('keeps a value with surrounding spaces (encoded), only blank values are refused', () => {
      expect(fill('/[slug]', { slug: ' a ' })).toEqual({ ok: true, path: '/%20a%20' });
    });
  });

  it('can be resolved many times from one parse', () => {
    const parsed = parsePattern('/[slug]');
    expect(resolvePattern(parsed, { slug: 'a' })).toEqual({ ok: true, path: '/a' });
    expect(resolvePattern(parsed, { slug: 'b' })).toEqual({ ok: true, path: '/b' });
  });
});

describe('encodeSegmentValue', () => {
  it('gives exactly what encodeURIComponent gives, for values with and without characters to encode', () => {
    const alphabet = "abcXYZ019-._~ !'()*/é%&😀?#=+";
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5_000; i++) {
      const value = Array.from(
        { length: 1 + Math.floor(random() * 12) },
        () => [...alphabet][Math.floor(random() * [...alphabet].length)]
      ).join('');
      expect(encodeSegmentValue(value)).toBe(encodeURIComponent(value));
    }
  });

  it("encodes everything but unreserved characters and !'()*", () => {
    expect(encodeSegmentValue("a b/c?d#e%f&g=h+i:j@k!l'm(n)o*p~q.r_s-t")).toBe(
      "a%20b%2Fc%3Fd%23e%25f%26g%3Dh%2Bi%3Aj%40k!l'm(n)o*p~q.r_s-t"
    );
  });

  it('encodes UTF-8 bytes with upper-case hex digits', () => {
    expect(encodeSegmentValue('é')).toBe('%C3%A9');
    expect(encodeSegmentValue('日本')).toBe('%E6%97%A5%E6%9C%AC');
    expect(encodeSegmentValue('😀')).toBe('%F0%9F%98%80');
  });

  it('encodes a percent sign once, so nothing is double-encoded', () => {
    expect(encodeSegmentValue('%')).toBe('%25');
    expect(decodeURIComponent(encodeSegmentValue('50% off'))).toBe('50% off');
  });

  it('throws on a lone surrogate (resolvePattern turns that into ok:false)', () => {
    expect(() => encodeSegmentValue('\uD800')).toThrow(URIError);
  });
});

describe('encodeLiteral', () => {
  it('keeps path characters allowed by RFC 3986 (pchar and "/")', () => {
    const allowed = "/AZaz09-._~!$&'()*+,;=:@";
    expect(encodeLiteral(allowed)).toBe(allowed);
  });

  it('encodes spaces, non-ASCII and characters not allowed in a path', () => {
    expect(encodeLiteral('/über uns')).toBe('/%C3%BCber%20uns');
    expect(encodeLiteral('/🎉')).toBe('/%F0%9F%8E%89');
    expect(encodeLiteral('/"<>\\^`{|}')).toBe('/%22%3C%3E%5C%5E%60%7B%7C%7D');
  });

  it('keeps a %XX escape already present, in either case', () => {
    expect(encodeLiteral('/caf%C3%A9')).toBe('/caf%C3%A9');
    expect(encodeLiteral('/caf%c3%a9')).toBe('/caf%c3%a9');
  });

  it('encodes a percent sign that does not start an escape', () => {
    expect(encodeLiteral('/100%')).toBe('/100%25');
    expect(encodeLiteral('/%zz')).toBe('/%25zz');
    expect(encodeLiteral('/%4')).toBe('/%254');
  });

  it('is idempotent', () => {
    const once = encodeLiteral('/café 100% <b>');
    expect(encodeLiteral(once)).toBe(once);
  });
});
