/**
 * The URL extension seam on its own: an extension declared in one object takes part in the plan,
 * the records, the files (namespace, element, counts, split) and the hooks' checks, with no other
 * module naming it.
 */
import {
  compileExtensions,
  renderedForType,
  URL_EXTENSIONS,
  zeroCounts,
} from '../../../../server/src/core/extensions';
import type { UrlExtension } from '../../../../server/src/core/extensions/extension';
import { documentUrls, type TypePlan } from '../../../../server/src/core/urls/document-urls';
import { parsePattern } from '../../../../server/src/core/urls/pattern';
import { UrlHashSet } from '../../../../server/src/core/urls/url-hash-set';
import { ValidationReport } from '../../../../server/src/core/urls/url-checks';
import {
  MemorySink,
  renderBlock,
  splitFile,
  UrlsetWriter,
  type BlockIndexEntry,
} from '../../../../server/src/core/files/urlset-writer';
import { checkHookRecord } from '../../../../server/src/core/urls/hook-records';
import { mergedSelection } from '../../../../server/src/services/reading/extension-reads';
import type { ContentTypeInfo, UrlRecord } from '../../../../shared/types';

const NOW = Date.UTC(2026, 5, 15, 12, 0, 0);
const TYPE: ContentTypeInfo = {
  uid: 'api::recipe.recipe',
  kind: 'collectionType',
  localized: false,
  draftAndPublish: true,
  attributes: { slug: { type: 'string' }, minutes: { type: 'integer' } },
};

/** `<cook:time>` from a number field: what a site's own code might add. */
type Timed = UrlRecord & { minutes?: number };
const cookingTime: UrlExtension<{ field: string }, number> = {
  name: 'cookingTime',
  namespace: { prefix: 'cook', uri: 'https://schemas.example.com/cook/1.0' },
  compile: (setting, { type }) =>
    typeof setting === 'string' && type.attributes[setting] ? { field: setting } : undefined,
  fields: ({ field }) => [[field]],
  apply(record, _value, entry, { field }) {
    const minutes = Number(entry[field]);
    if (!Number.isInteger(minutes) || minutes <= 0)
      return [{ rule: 'video-value-invalid', detail: `${field} = ${String(entry[field])}` }];
    (record as Timed).minutes = minutes;
  },
  render: (record) =>
    (record as Timed).minutes ? `<cook:time>${(record as Timed).minutes}</cook:time>` : '',
  count: { key: 'timed', tag: '<cook:time>', of: (record) => ((record as Timed).minutes ? 1 : 0) },
  fromHook(returned, record) {
    if (typeof returned.minutes === 'number') (record as Timed).minutes = returned.minutes;
    else delete (record as Timed).minutes;
  },
};
const EXTENSIONS = [...URL_EXTENSIONS, cookingTime];

const compiled = compileExtensions(
  { cookingTime: 'minutes' },
  { uid: TYPE.uid, type: TYPE, mediaOrigin: 'https://cms.example.com', mappedTypes: [TYPE.uid] },
  EXTENSIONS
);
const plan: TypePlan = {
  uid: TYPE.uid,
  localized: false,
  pattern: parsePattern('/recipes/[slug]'),
  localePatterns: {},
  hostname: 'https://www.example.com',
  hostnames: {},
  extensions: compiled,
};
const context = () => ({
  now: NOW,
  report: new ValidationReport(),
  seen: new UrlHashSet(),
  excluded: new Set<string>(),
});

it('compiles only the extensions a type uses, and counts every counted key at zero', () => {
  expect(compiled.map(({ extension }) => extension.name)).toEqual(['cookingTime']);
  expect(zeroCounts(EXTENSIONS)).toEqual({ images: 0, videos: 0, news: 0, timed: 0 });
});

it('puts its value on the record and reports a version it cannot fill, with the entry', () => {
  const run = context();
  const [block] = documentUrls(
    plan,
    {
      documentId: 'r1',
      versions: [{ entry: { slug: 'soup', minutes: 25 } }],
    },
    run
  );
  expect(block.records).toEqual([{ loc: 'https://www.example.com/recipes/soup', minutes: 25 }]);
  documentUrls(plan, { documentId: 'r2', versions: [{ entry: { slug: 'tea', minutes: 0 } }] }, run);
  expect(run.report.summary().samples).toEqual([
    expect.objectContaining({
      rule: 'video-value-invalid',
      documentId: 'r2',
      url: 'https://www.example.com/recipes/tea',
      detail: 'minutes = 0',
    }),
  ]);
});

it('declares its namespace, writes its element, counts it, and counts it again when a file is split', () => {
  const writer = new UrlsetWriter(
    { urlsPerFile: 10, bytesPerFile: 1_000_000 },
    undefined,
    () => new MemorySink(),
    EXTENSIONS
  );
  const records: Timed[] = [
    { loc: 'https://www.example.com/recipes/soup', minutes: 25 },
    { loc: 'https://www.example.com/recipes/tea' },
  ];
  writer.add(renderBlock({ key: 'r1', records }, EXTENSIONS));
  const file = writer.close()!;
  const { xml, blockIndex } = file.sink;
  expect(xml).toContain('xmlns:cook="https://schemas.example.com/cook/1.0"');
  expect(xml).toContain(
    '<url><loc>https://www.example.com/recipes/soup</loc><cook:time>25</cook:time></url>'
  );
  expect(file.counts).toEqual({ timed: 1 });
  const [split] = splitFile(xml, JSON.parse(blockIndex) as BlockIndexEntry[], EXTENSIONS);
  expect(split.counts).toEqual({ timed: 1 });
});

it('renders a type with the built-ins it compiled and every extension from code, in order', () => {
  const [alternates, images, video] = URL_EXTENSIONS;
  // Code's extension is rendered whether the type compiled it or not (it may render from loc alone).
  expect(renderedForType(EXTENSIONS, compiled)).toEqual([cookingTime]);
  expect(renderedForType(EXTENSIONS, [])).toEqual([cookingTime]);
  const someBuiltIns = [video, alternates].map((extension) => ({ extension, compiled: {} }));
  expect(renderedForType(EXTENSIONS, someBuiltIns)).toEqual([alternates, video, cookingTime]);
  expect(renderedForType(URL_EXTENSIONS, someBuiltIns)).not.toContain(images);
  // What a built-in left out would have rendered for these records: nothing.
  const records: UrlRecord[] = [{ loc: 'https://www.example.com/recipes/soup' }];
  expect(renderBlock({ key: 'r1', records }, renderedForType(EXTENSIONS, someBuiltIns))).toEqual(
    renderBlock({ key: 'r1', records }, EXTENSIONS)
  );
});

it('checks what a url hook lists of it with its own check', () => {
  const given = { loc: 'https://www.example.com/recipes/soup' };
  const checked = checkHookRecord(
    { ...given, minutes: 'twenty' },
    given,
    'https://cms.example.com',
    EXTENSIONS
  );
  expect(checked).toEqual({ record: given });
});

it('merges what the extensions read through the query engine into one select and populate', () => {
  const images = URL_EXTENSIONS.find((extension) => extension.name === 'images')!;
  const video = URL_EXTENSIONS.find((extension) => extension.name === 'video')!;
  const story: ContentTypeInfo = {
    ...TYPE,
    attributes: {
      cover: { type: 'media' },
      body: { type: 'richtext' },
      clip: { type: 'media' },
      title: { type: 'string' },
      summary: { type: 'text' },
      seo: { type: 'component', fields: { image: { type: 'media' } } },
    },
  };
  const uses = compileExtensions(
    {
      images: ['cover', 'body', 'seo.image'],
      video: { field: 'clip', title: 'title', description: 'summary', thumbnail: 'cover' },
    },
    { uid: TYPE.uid, type: story, mediaOrigin: '', mappedTypes: [TYPE.uid] },
    [images, video]
  );
  expect(mergedSelection(uses)).toEqual({
    select: ['id', 'body', 'title', 'summary'],
    populate: {
      cover: { select: ['url', 'mime'] },
      seo: { select: ['id'], populate: { image: { select: ['url', 'mime'] } } },
      clip: { select: ['url', 'mime'] },
    },
  });
});
