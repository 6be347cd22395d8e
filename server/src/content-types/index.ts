/**
 * The plugin's own tables. Hidden from the content manager and the content-type builder; numbers
 * and strings only (no relations), so reads and writes stay single-table queries.
 */
const hidden = { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } };

const define = (singularName: string, pluralName: string, collectionName: string, displayName: string, attributes: object) => ({
  schema: {
    kind: 'collectionType',
    collectionName,
    info: { singularName, pluralName, displayName },
    options: { draftAndPublish: false },
    pluginOptions: hidden,
    attributes,
  },
});

export default {
  /** One stored sitemap document (urlset, text twin, index, stylesheet) of one generation. */
  'sitemap-file': define('sitemap-file', 'sitemap-files', 'sitemap_files', 'Sitemap file', {
    name: { type: 'string', required: true },
    /** pending (being written), live (served), retired (replaced, kept one generation for readers in flight). */
    state: { type: 'string', required: true },
    generation: { type: 'integer', required: true },
    retiredIn: { type: 'integer' },
    format: { type: 'string', required: true },
    groupKey: { type: 'string' },
    contentType: { type: 'string' },
    /** Key range (document ids) the file covers: (rangeStart, rangeEnd]; '' and null mean open ends. */
    rangeStart: { type: 'string' },
    rangeEnd: { type: 'string' },
    urlCount: { type: 'integer' },
    byteSize: { type: 'integer' },
    compressedSize: { type: 'integer' },
    etag: { type: 'string' },
    lastmod: { type: 'string' },
    partCount: { type: 'integer' },
  }),
  /** Gzip bytes of a file in base64 slices, so a 50 MB sitemap fits MariaDB's default packet size. */
  'sitemap-file-part': define('sitemap-file-part', 'sitemap-file-parts', 'sitemap_file_parts', 'Sitemap file part', {
    fileId: { type: 'integer', required: true },
    seq: { type: 'integer', required: true },
    data: { type: 'text', required: true },
  }),
  'sitemap-run': define('sitemap-run', 'sitemap-runs', 'sitemap_runs', 'Sitemap run', {
    trigger: { type: 'string', required: true },
    status: { type: 'string', required: true },
    startedAt: { type: 'datetime' },
    finishedAt: { type: 'datetime' },
    durationMs: { type: 'integer' },
    urlCount: { type: 'integer' },
    filesWritten: { type: 'integer' },
    error: { type: 'text' },
    report: { type: 'json' },
  }),
  /** Entries an editor left out of the sitemap one by one, without touching their content type. */
  'sitemap-exclusion': define('sitemap-exclusion', 'sitemap-exclusions', 'sitemap_exclusions', 'Sitemap exclusion', {
    contentType: { type: 'string', required: true },
    target: { type: 'string', required: true },
    locale: { type: 'string' },
  }),
};
