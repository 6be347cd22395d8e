import {
  NewestBlocks,
  inNewsWindow,
  newsLanguage,
  newsOf,
  newsSettingErrors,
  NEWS_WINDOW_MS,
} from '../../../../server/src/core/extensions/news';
import { renderUrl } from '../../../../server/src/core/files/urlset-writer';
import {
  videoOf,
  videoPlan,
  videoSettingErrors,
} from '../../../../server/src/core/extensions/video';
import type { ContentTypeInfo, VideoSettings } from '../../../../shared/types';

const ORIGIN = 'https://cms.example.com';
const TYPE: ContentTypeInfo = {
  uid: 'api::episode.episode',
  kind: 'collectionType',
  localized: true,
  draftAndPublish: true,
  attributes: {
    name: { type: 'string' },
    summary: { type: 'text' },
    clip: { type: 'media' },
    poster: { type: 'media' },
    player: { type: 'string' },
    length: { type: 'integer' },
    aired: { type: 'datetime' },
    flag: { type: 'boolean' },
  },
};
const SETTINGS: VideoSettings = {
  field: 'clip',
  title: 'name',
  description: 'summary',
  thumbnail: 'poster',
  duration: 'length',
  publicationDate: 'aired',
};
const plan = videoPlan(SETTINGS, TYPE);
const entry = (values: Record<string, unknown> = {}) => ({
  name: 'Harbour at dawn',
  summary: 'Boats & nets',
  clip: { url: '/uploads/dawn.mp4', mime: 'video/mp4' },
  poster: { url: 'https://cdn.example.net/dawn.jpg', mime: 'image/jpeg' },
  length: 95,
  aired: new Date('2026-03-01T06:30:00Z'),
  ...values,
});

describe('videoOf', () => {
  it('builds every element, in the schema’s order', () => {
    const result = videoOf(entry(), plan, ORIGIN);
    expect(result).toEqual({
      ok: true,
      adjusted: [],
      video: {
        thumbnailLoc: 'https://cdn.example.net/dawn.jpg',
        title: 'Harbour at dawn',
        description: 'Boats & nets',
        contentLoc: `${ORIGIN}/uploads/dawn.mp4`,
        duration: 95,
        publicationDate: '2026-03-01T06:30:00+00:00',
      },
    });
    if (!result.ok) throw new Error('unreachable');
    expect(renderUrl({ loc: 'https://www.example.com/e/1', video: result.video })).toBe(
      '<url><loc>https://www.example.com/e/1</loc><video:video>' +
        '<video:thumbnail_loc>https://cdn.example.net/dawn.jpg</video:thumbnail_loc>' +
        '<video:title>Harbour at dawn</video:title><video:description>Boats &amp; nets</video:description>' +
        `<video:content_loc>${ORIGIN}/uploads/dawn.mp4</video:content_loc><video:duration>95</video:duration>` +
        '<video:publication_date>2026-03-01T06:30:00+00:00</video:publication_date></video:video></url>\n'
    );
  });

  it('names every missing required value, and gives no video then', () => {
    expect(
      videoOf(
        entry({ clip: { url: '/uploads/x.png', mime: 'image/png' }, poster: null, summary: '  ' }),
        plan,
        ORIGIN
      )
    ).toEqual({
      ok: false,
      missing: ['clip (a video file)', 'poster (a thumbnail image)', 'summary (the description)'],
    });
  });

  it('cuts long text to the schema’s limits and leaves out values it cannot use', () => {
    const result = videoOf(
      entry({ name: 'é'.repeat(150), summary: 'x'.repeat(3000), length: 0, aired: 'soon' }),
      plan,
      ORIGIN
    );
    if (!result.ok) throw new Error('expected a video');
    expect([...result.video.title]).toHaveLength(100);
    expect(result.video.title.endsWith('…')).toBe(true);
    expect([...result.video.description]).toHaveLength(2048);
    expect(result.video.duration).toBeUndefined();
    expect(result.video.publicationDate).toBeUndefined();
    expect(result.adjusted).toEqual([
      'name cut to 100 characters',
      'summary cut to 2048 characters',
      'length = 0 left out (1 to 28800 seconds)',
      'aired = soon is not a date: left out',
    ]);
  });

  it('takes a player URL from a text field', () => {
    const playerPlan = videoPlan({ ...SETTINGS, field: 'player' }, TYPE);
    const result = videoOf(
      entry({ player: 'https://player.example.net/e/42' }),
      playerPlan,
      ORIGIN
    );
    expect(result.ok && result.video.playerLoc).toBe('https://player.example.net/e/42');
    expect(videoOf(entry({ player: 'javascript:alert(1)' }), playerPlan, ORIGIN)).toEqual({
      ok: false,
      missing: ['player (a player URL)'],
    });
  });

  it('checks the settings field by field', () => {
    expect(videoSettingErrors(SETTINGS, TYPE)).toEqual([]);
    expect(
      videoSettingErrors({ field: 'flag', title: 'clip', thumbnail: 'length', extra: 1 }, TYPE)
    ).toEqual([
      ['extra', 'is not a video setting'],
      [
        'field',
        '"flag" is not a media field holding the video file, or a text field holding a player URL of api::episode.episode',
      ],
      ['title', '"clip" is not a text field of api::episode.episode'],
      ['description', 'is required: a text field'],
      [
        'thumbnail',
        '"length" is not a media field holding an image, or a text field holding its URL of api::episode.episode',
      ],
    ]);
    expect(videoSettingErrors('clip', TYPE)).toEqual([
      ['', 'must be an object such as { field, title, description, thumbnail }'],
    ]);
  });
});

describe('news', () => {
  const settings = { publicationName: 'The Example Times', titleField: 'name', dateField: 'aired' };
  const now = Date.parse('2026-11-30T12:00:00Z');

  it('writes languages as Google News reads them', () => {
    expect(
      ['en', 'en-GB', 'fr-FR', 'pt_BR', 'zh-Hans', 'zh-TW', 'zh-Hant-HK', 'fil', undefined].map(
        newsLanguage
      )
    ).toEqual(['en', 'en', 'fr', 'pt', 'zh-cn', 'zh-tw', 'zh-tw', 'fil', 'en']);
  });

  it('keeps the last 48 hours, a few minutes of clock skew ahead included', () => {
    expect(inNewsWindow(now - NEWS_WINDOW_MS + 1, now)).toBe(true);
    expect(inNewsWindow(now - NEWS_WINDOW_MS, now)).toBe(false);
    expect(inNewsWindow(now + 60_000, now)).toBe(true);
    expect(inNewsWindow(now + 3600_000, now)).toBe(false);
  });

  it('gives an entry its news element, or says why not', () => {
    const aired = new Date(now - 3600_000);
    expect(newsOf({ name: ' Storm & tide ', aired }, settings, 'fr-FR', now)).toEqual({
      ok: true,
      time: aired.getTime(),
      news: {
        publicationName: 'The Example Times',
        language: 'fr',
        publicationDate: '2026-11-30T11:00:00+00:00',
        title: 'Storm & tide',
      },
    });
    expect(
      newsOf({ name: 'Old', aired: new Date(now - 3 * 86_400_000) }, settings, 'en', now)
    ).toEqual({
      ok: false,
      reason: 'outside',
    });
    expect(newsOf({ name: 'Undated', aired: null }, settings, 'en', now)).toEqual({
      ok: false,
      reason: 'incomplete',
      detail: 'aired is empty or not a date',
    });
    expect(newsOf({ name: '', aired }, settings, 'en', now)).toEqual({
      ok: false,
      reason: 'incomplete',
      detail: 'name is empty',
    });
    expect(newsOf({ name: 'A day', aired: '2026-11-30' }, settings, 'en', now)).toMatchObject({
      ok: true,
      news: { publicationDate: '2026-11-30' },
    });
  });

  it('escapes the publication name and title in the XML', () => {
    const news = {
      publicationName: 'A & B',
      language: 'en',
      publicationDate: '2026-11-30',
      title: '<Breaking> "news"',
    };
    expect(renderUrl({ loc: 'https://www.example.com/n/1', news })).toBe(
      '<url><loc>https://www.example.com/n/1</loc><news:news><news:publication><news:name>A &amp; B</news:name>' +
        '<news:language>en</news:language></news:publication><news:publication_date>2026-11-30</news:publication_date>' +
        '<news:title>&lt;Breaking&gt; &quot;news&quot;</news:title></news:news></url>\n'
    );
  });

  it('checks the settings field by field', () => {
    expect(newsSettingErrors(settings, TYPE)).toEqual([]);
    expect(
      newsSettingErrors({ publicationName: ' ', titleField: 'clip', dateField: 'name' }, TYPE)
    ).toEqual([
      [
        'publicationName',
        'is required: the name of the publication as it appears on news.google.com (at most 256 characters)',
      ],
      ['titleField', '"clip" is not a text field of api::episode.episode'],
      ['dateField', '"name" is not a date field of api::episode.episode'],
    ]);
  });
});

describe('NewestBlocks', () => {
  const block = (key: string, urls = 1) => ({
    key,
    records: Array.from({ length: urls }, () => ({})),
  });

  it('keeps the newest URLs up to its size, in key order, and counts what it left out', () => {
    const newest = new NewestBlocks(3);
    newest.offer(10, block('d'));
    newest.offer(40, block('a'));
    newest.offer(20, block('c', 2));
    newest.offer(30, block('b'));
    // 5 URLs offered: d (the oldest) leaves for c, then c (2 URLs) leaves for b.
    expect(newest.take().map((kept) => kept.key)).toEqual(['a', 'b']);
    expect(newest.dropped).toBe(3);
  });

  it('holds 130,000 offers in a series of 10,000 without spreading them into a call', () => {
    const newest = new NewestBlocks();
    for (let i = 0; i < 130_000; i++) newest.offer(i, block(String(i).padStart(6, '0')));
    const kept = newest.take();
    expect(kept).toHaveLength(10_000);
    expect(kept[0].key).toBe('120000');
    expect(newest.dropped).toBe(120_000);
  });
});
