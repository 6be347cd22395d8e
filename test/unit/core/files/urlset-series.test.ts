import {
  forEachSeriesBlock,
  UrlsetSeries,
  type FilledFile,
} from '../../../../server/src/core/files/urlset-series';
import {
  MemorySink,
  renderBlock,
  type UrlBlock,
} from '../../../../server/src/core/files/urlset-writer';
import { URL_EXTENSIONS } from '../../../../server/src/core/extensions';
import { alternatesExtension } from '../../../../server/src/core/extensions/alternates';
import { ValidationReport } from '../../../../server/src/core/urls/url-checks';
import type { UrlRecord } from '../../../../shared/types';

/** A memory sink whose compression "catches up" only when the test says so. */
class SlowSink extends MemorySink {
  private release: () => void = () => undefined;
  private readonly caughtUp = new Promise<void>((resolve) => (this.release = resolve));
  drained() {
    return this.caughtUp;
  }
  catchUp() {
    this.release();
  }
}

const block = (key: string, paths: string[]): UrlBlock => ({
  key,
  records: paths.map((path) => ({ loc: `https://example.com/${path}`, priority: 0.5 })),
});

function seriesOf(urlsPerFile: number, bytesPerFile = 52_428_800) {
  const report = new ValidationReport();
  const counted: UrlRecord[][] = [];
  const sinks: SlowSink[] = [];
  const series = new UrlsetSeries({
    limits: { urlsPerFile, bytesPerFile },
    extensions: [],
    report,
    contentType: 'api::article.article',
    newSink: () => {
      const sink = new SlowSink();
      sinks.push(sink);
      return sink;
    },
    counted: (records) => counted.push(records),
  });
  return { series, report, counted, sinks };
}

const keysOf = (files: Array<FilledFile<SlowSink>>) =>
  files.map(({ groupKey, file }) => `${groupKey}:${file.firstKey}-${file.lastKey}`);

describe('UrlsetSeries', () => {
  it('keeps one numbered series per group and hands over the files as they fill', () => {
    const { series, counted } = seriesOf(2);
    series.add('article', block('a', ['a']));
    series.add('article-fr', block('a', ['fr/a']));
    series.add('article', block('b', ['b']));
    expect(series.takeFilled()).toEqual([]);
    // The third article URL does not fit: the first file closes with a and b.
    series.add('article', block('c', ['c']));
    expect(keysOf(series.takeFilled())).toEqual(['article:a-b']);
    expect(series.takeFilled()).toEqual([]);
    expect(keysOf(series.close())).toEqual(['article:c-c', 'article-fr:a-a']);
    expect(counted.map((records) => records.map((record) => record.loc))).toEqual([
      ['https://example.com/a'],
      ['https://example.com/fr/a'],
      ['https://example.com/b'],
      ['https://example.com/c'],
    ]);
  });

  it('writes what it was given into the sinks, whole blocks per file', () => {
    const { series, sinks } = seriesOf(3);
    series.add('article', block('a', ['a1', 'a2']));
    series.add('article', block('b', ['b1', 'b2']));
    const [first] = series.takeFilled();
    expect(first.file.urlCount).toBe(2);
    expect(first.file.sink).toBe(sinks[0]);
    expect(sinks[0].xml).toContain('<loc>https://example.com/a2</loc>');
    expect(sinks[0].xml).not.toContain('b1');
    const [last] = series.close();
    expect(last.file.sink).toBe(sinks[1]);
    expect(sinks[1].xml).toContain('<loc>https://example.com/b1</loc>');
  });

  it('leaves out and reports a block no file can hold, without counting it', () => {
    const { series, report, counted } = seriesOf(2);
    expect(series.add('article', block('big', ['1', '2', '3']))).toBeNull();
    expect(series.add('article', block('small', ['s']))).not.toBeNull();
    expect(counted).toHaveLength(1);
    const { counts, samples } = report.summary();
    expect(counts['file-limit']).toBe(1);
    expect(samples[0]).toMatchObject({
      rule: 'file-limit',
      contentType: 'api::article.article',
      documentId: 'big',
      url: 'https://example.com/1',
      detail: '3 URLs',
    });
  });

  it('renders with the extensions it is told the records carry, the header declaring them all', () => {
    const sinks: SlowSink[] = [];
    const series = new UrlsetSeries({
      limits: { urlsPerFile: 10, bytesPerFile: 52_428_800 },
      extensions: URL_EXTENSIONS,
      rendered: [alternatesExtension],
      report: new ValidationReport(),
      newSink: () => {
        const sink = new SlowSink();
        sinks.push(sink);
        return sink;
      },
      counted: () => undefined,
    });
    const alternates = [{ hreflang: 'fr', href: 'https://example.com/fr/a' }];
    // An image no hook could have set here: left unrendered and uncounted.
    const records = [
      { loc: 'https://example.com/a', alternates, images: ['https://example.com/i.png'] },
    ];
    const rendered = series.add('article', { key: 'a', records });
    expect(rendered?.xml).toBe(
      renderBlock({ key: 'a', records: [{ ...records[0], images: undefined }] }).xml
    );
    expect(rendered?.xml).toContain('hreflang="fr"');
    expect(rendered?.counts).toBeUndefined();
    series.close();
    for (const { namespace } of URL_EXTENSIONS)
      if (namespace) expect(sinks[0].xml).toContain(`xmlns:${namespace.prefix}="${namespace.uri}"`);
  });

  it('waits for every open file to catch up with its compression', async () => {
    const { series, sinks } = seriesOf(10);
    series.add('article', block('a', ['a']));
    series.add('article-fr', block('a', ['fr/a']));
    let drained = false;
    const waiting = series.drained().then(() => (drained = true));
    sinks[0].catchUp();
    await new Promise((resolve) => setImmediate(resolve));
    expect(drained).toBe(false);
    sinks[1].catchUp();
    await waiting;
    expect(drained).toBe(true);
  });
});

describe('forEachSeriesBlock', () => {
  it("keys each origin's block by the document, in its host's group", () => {
    const taken: Array<[string, UrlBlock]> = [];
    forEachSeriesBlock(
      'doc1',
      [
        {
          origin: 'https://example.com',
          records: [{ loc: 'https://example.com/a' }],
          locales: ['en'],
          lastmodTime: 5,
          times: [5],
        },
        {
          origin: 'https://example.fr',
          records: [{ loc: 'https://example.fr/a' }],
          locales: ['fr'],
          times: [undefined],
        },
      ],
      (origin) => (origin.endsWith('.fr') ? 'article-fr' : 'article'),
      (groupKey, urlBlock) => taken.push([groupKey, urlBlock])
    );
    expect(taken).toEqual([
      [
        'article',
        {
          key: 'doc1',
          records: [{ loc: 'https://example.com/a' }],
          lastmodTime: 5,
          locales: ['en'],
        },
      ],
      [
        'article-fr',
        {
          key: 'doc1',
          records: [{ loc: 'https://example.fr/a' }],
          lastmodTime: undefined,
          locales: ['fr'],
        },
      ],
    ]);
  });
});
