import {
  absoluteUrl,
  imageSourceOf,
  imagesOf,
  MAX_IMAGES_PER_URL,
  type ImageSource,
} from '../../../../server/src/core/extensions/images';
import { renderUrl } from '../../../../server/src/core/files/urlset-writer';
import { validateSettings } from '../../../../server/src/core/settings/validate';
import type { ContentTypeInfo, SchemaCatalog } from '../../../../shared/types';
import { imageFieldNames } from '../../../../shared/field-kinds';

const ORIGIN = 'https://cms.example.com';
const STORY: ContentTypeInfo = {
  uid: 'api::story.story',
  kind: 'collectionType',
  localized: false,
  draftAndPublish: true,
  attributes: {
    title: { type: 'string' },
    cover: { type: 'media' },
    gallery: { type: 'media' },
    body: { type: 'richtext' },
    content: { type: 'blocks' },
    seo: {
      type: 'component',
      fields: { metaTitle: { type: 'string' }, shareImage: { type: 'media' } },
    },
    slides: { type: 'component', fields: { image: { type: 'media' } } },
  },
};
const catalog: SchemaCatalog = { [STORY.uid]: STORY };

const source = (kind: ImageSource['kind'], ...path: string[]): ImageSource => ({ kind, path });
const file = (url: string, mime = 'image/png') => ({ url, mime });

describe('absoluteUrl', () => {
  it('keeps absolute http(s) URLs and joins paths to the origin', () => {
    expect(absoluteUrl('https://cdn.example.net/a.png', ORIGIN)).toBe(
      'https://cdn.example.net/a.png'
    );
    expect(absoluteUrl('/uploads/a.png', ORIGIN)).toBe(`${ORIGIN}/uploads/a.png`);
    expect(absoluteUrl('//cdn.example.net/a.png', ORIGIN)).toBe('https://cdn.example.net/a.png');
  });

  it('percent-encodes what a URL cannot hold, keeps escapes already there, drops fragments', () => {
    expect(absoluteUrl('/uploads/été 1.png', ORIGIN)).toBe(
      `${ORIGIN}/uploads/%C3%A9t%C3%A9%201.png`
    );
    expect(absoluteUrl('/uploads/a%20b.png#top', ORIGIN)).toBe(`${ORIGIN}/uploads/a%20b.png`);
    expect(absoluteUrl('/uploads/a"<b>.png', ORIGIN)).toBe(`${ORIGIN}/uploads/a%22%3Cb%3E.png`);
  });

  it('refuses what a crawler cannot fetch', () => {
    for (const reference of [
      'uploads/a.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      '',
      null,
      42,
    ])
      expect(absoluteUrl(reference, ORIGIN)).toBeNull();
    expect(absoluteUrl(`/${'a'.repeat(2100)}.png`, ORIGIN)).toBeNull();
  });
});

describe('imagesOf', () => {
  it('reads media, components, Markdown and blocks in the listed order, without duplicates', () => {
    const entry = {
      cover: file('/uploads/cover.png'),
      gallery: [
        file('/uploads/one.png'),
        file('/uploads/cover.png'),
        file('/uploads/doc.pdf', 'application/pdf'),
      ],
      body: 'Intro ![first](/uploads/md.png "Title") and <img alt="x" src="https://cdn.example.net/html.jpg"> then ![](<https://cdn.example.net/angle.png>)',
      content: [
        { type: 'paragraph', children: [{ type: 'text', text: 'hello' }] },
        { type: 'image', image: file('/uploads/block.webp', 'image/webp'), children: [] },
        {
          type: 'list',
          children: [{ type: 'image', image: file('/uploads/nested.png'), children: [] }],
        },
      ],
      seo: { shareImage: file('/uploads/share.png') },
      slides: [
        { image: file('/uploads/s1.png') },
        { image: null },
        { image: file('/uploads/s2.png') },
      ],
    };
    const sources = [
      source('media', 'cover'),
      source('media', 'gallery'),
      source('richtext', 'body'),
      source('blocks', 'content'),
      source('media', 'seo', 'shareImage'),
      source('media', 'slides', 'image'),
    ];
    expect(imagesOf(entry, sources, ORIGIN)).toEqual({
      urls: [
        `${ORIGIN}/uploads/cover.png`,
        `${ORIGIN}/uploads/one.png`,
        `${ORIGIN}/uploads/md.png`,
        'https://cdn.example.net/html.jpg',
        'https://cdn.example.net/angle.png',
        `${ORIGIN}/uploads/block.webp`,
        `${ORIGIN}/uploads/nested.png`,
        `${ORIGIN}/uploads/share.png`,
        `${ORIGIN}/uploads/s1.png`,
        `${ORIGIN}/uploads/s2.png`,
      ],
      dropped: 0,
    });
  });

  it('gives nothing for empty fields', () => {
    const sources = [
      source('media', 'cover'),
      source('richtext', 'body'),
      source('media', 'seo', 'shareImage'),
    ];
    expect(imagesOf({ cover: null, body: null, seo: null }, sources, ORIGIN)).toEqual({
      urls: [],
      dropped: 0,
    });
  });

  it(`keeps the first ${MAX_IMAGES_PER_URL} and counts the rest`, () => {
    const body = Array.from(
      { length: MAX_IMAGES_PER_URL + 5 },
      (_, i) => `![](/uploads/${i}.png)`
    ).join(' ');
    const { urls, dropped } = imagesOf(
      { body: `${body} ![](/uploads/0.png)` },
      [source('richtext', 'body')],
      ORIGIN
    );
    expect(urls).toHaveLength(MAX_IMAGES_PER_URL);
    expect(urls[MAX_IMAGES_PER_URL - 1]).toBe(`${ORIGIN}/uploads/${MAX_IMAGES_PER_URL - 1}.png`);
    expect(dropped).toBe(5);
  });

  it('escapes image URLs in the XML', () => {
    const [url] = imagesOf(
      { body: "![](/uploads/a&b'.png)" },
      [source('richtext', 'body')],
      ORIGIN
    ).urls;
    expect(renderUrl({ loc: 'https://www.example.com/a', images: [url] })).toBe(
      `<url><loc>https://www.example.com/a</loc><image:image><image:loc>${ORIGIN}/uploads/a&amp;b&apos;.png</image:loc></image:image></url>\n`
    );
  });
});

describe('image fields in the settings', () => {
  it('offers media, rich text and blocks fields, also one level inside a component', () => {
    expect(imageFieldNames(STORY)).toEqual([
      'cover',
      'gallery',
      'body',
      'content',
      'seo.shareImage',
      'slides.image',
    ]);
    expect(imageSourceOf(STORY, 'seo.shareImage')).toEqual({
      source: source('media', 'seo', 'shareImage'),
    });
  });

  it('refuses other fields, field by field', () => {
    const input = {
      hostname: 'https://www.example.com',
      hostnames: {},
      contentTypes: {
        [STORY.uid]: {
          pattern: '/stories/[title]',
          images: [
            'cover',
            'title',
            'seo.metaTitle',
            'nope',
            'title.cover',
            'a.b.c',
            'cover',
            '__proto__',
          ],
        },
      },
      customUrls: [],
      limits: {},
      gzip: true,
      xsl: true,
      cron: false,
      autoGenerate: true,
      debounceMs: 500,
    };
    const { errors } = validateSettings(input, catalog);
    expect(errors.map((error) => error.path.slice(3).join('.'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    expect(errors[0].message).toBe(
      '"title" is not a media, rich text or blocks field of api::story.story (nor one inside a component)'
    );
    expect(errors[3].message).toBe('"title" is not a component field of api::story.story');
    expect(errors[5].message).toBe('"cover" is listed twice');
    expect(
      validateSettings(
        { ...input, contentTypes: { [STORY.uid]: { pattern: '/s/[title]', images: 'cover' } } },
        catalog
      ).errors
    ).toEqual([
      {
        path: ['contentTypes', STORY.uid, 'images'],
        message:
          'must be a list of at most 20 field names, such as ["cover", "gallery", "seo.image"]',
      },
    ]);
  });
});
