import { checkHookRecord, hookLocProblem } from '../../../../server/src/core/urls/hook-records';
import { hookImages } from '../../../../server/src/core/extensions/images';
import { hookAlternates } from '../../../../server/src/core/extensions/alternates';

const MEDIA = 'https://cms.example.com';
const given = { loc: 'https://www.example.com/blog/a' };

describe('hookLocProblem', () => {
  it('accepts an absolute http(s) URL on one line', () => {
    expect(hookLocProblem('https://www.example.com/a')).toBeNull();
    expect(hookLocProblem('http://www.example.com/a?b=c')).toBeNull();
  });

  it.each([
    ['https://www.example.com/a\nhttps://evil.example/x', /control characters/],
    ['https://www.example.com/a\tb', /control characters/],
    ['https://www.example.com/a\u0000', /control characters/],
    ['https://www.example.com/a\u007f', /control characters/],
    ['/relative', /absolute http\(s\)/],
    ['javascript:alert(1)', /absolute http\(s\)/],
    [42, /not a string/],
  ])('refuses %j', (loc, reason) => {
    expect(hookLocProblem(loc)).toMatch(reason);
  });
});

describe('checkHookRecord', () => {
  it('keeps a record on the same host, with its images checked like field images', () => {
    const checked = checkHookRecord(
      {
        ...given,
        priority: 0.9,
        images: ['/uploads/a b.png', 'javascript:x', 'https://cdn.example.net/c.png'],
      },
      given,
      MEDIA
    );
    expect(checked).toEqual({
      record: {
        ...given,
        priority: 0.9,
        images: ['https://cms.example.com/uploads/a%20b.png', 'https://cdn.example.net/c.png'],
      },
    });
  });

  it('drops images and alternates that are all unusable', () => {
    const checked = checkHookRecord(
      {
        ...given,
        images: ['data:image/png;base64,AA'],
        alternates: [{ hreflang: 'fr', href: 'not a url' }],
      },
      given,
      MEDIA
    );
    expect(checked).toEqual({ record: given });
  });

  it('refuses a loc with a line break, on another host, a promise or no record', () => {
    expect(checkHookRecord({ loc: `${given.loc}\n/x` }, given, MEDIA)).toEqual({
      problem: 'returned a record whose loc holds control characters (line breaks, tabs, NUL…)',
    });
    expect(checkHookRecord({ loc: 'https://evil.example/a' }, given, MEDIA)).toEqual({
      problem: 'returned a loc on another host than www.example.com: a sitemap lists one host',
    });
    expect(checkHookRecord(Promise.resolve(given), given, MEDIA)).toEqual({
      problem: 'returned a promise: url hooks must return the record itself',
    });
    expect(checkHookRecord('x', given, MEDIA)).toEqual({
      problem: 'returned something that is not a record',
    });
  });

  it('caps images at 1,000 without duplicates', () => {
    const images = Array.from(
      { length: 1200 },
      (_, i) => `https://cdn.example.net/${i % 1100}.png`
    );
    expect(hookImages(images, MEDIA)).toHaveLength(1000);
  });

  it('keeps alternates with a language and an encoded absolute link only', () => {
    expect(
      hookAlternates([
        { hreflang: 'fr', href: 'https://www.example.fr/a' },
        { hreflang: 'de\n', href: 'https://www.example.de/a' },
        { hreflang: 'es', href: 'https://www.example.es/a b' },
        { hreflang: '', href: 'https://www.example.it/a' },
      ])
    ).toEqual([{ hreflang: 'fr', href: 'https://www.example.fr/a' }]);
  });
});
