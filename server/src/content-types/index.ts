/**
 * The plugin's own tables. Hidden from the content manager and the content-type builder; numbers
 * and strings only (no relations), so reads and writes stay single-table queries.
 */
const hidden = {
  'content-manager': { visible: false },
  'content-type-builder': { visible: false },
};

const define = (
  singularName: string,
  pluralName: string,
  collectionName: string,
  displayName: string,
  attributes: object
) => ({
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
  /** One stored sitemap document (urlset, text twin, index, stylesheet) written by one run. */
  'sitemap-file': define('sitemap-file', 'sitemap-files', 'sitemap_files', 'Sitemap file', {
    name: { type: 'string', required: true },
    /** pending (being written), live (served), retired (replaced, kept one run longer for readers in flight). */
    state: { type: 'string', required: true },
    runId: { type: 'integer', required: true },
    retiredIn: { type: 'integer' },
    /** When it stopped being served (epoch ms): kept a while for readers holding an older snapshot. */
    retiredAt: { type: 'biginteger' },
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
    /** URLs per locale in this file, summed by the status page. */
    localeCounts: { type: 'json' },
    /** What the URL extensions count in this file (`images`, `videos`, `news`…), summed by the status page. */
    counts: { type: 'json' },
    /** `<image:image>` and `<video:video>` entries, as versions before `counts` stored them (read when it is empty). */
    imageCount: { type: 'integer' },
    videoCount: { type: 'integer' },
    /** News files: when the oldest entry of the series leaves the 48-hour window (epoch ms). */
    expiresAt: { type: 'biginteger' },
  }),
  /** Gzip bytes of a file in base64 slices, so a 50 MB sitemap fits MariaDB's default packet size. */
  'sitemap-file-part': define(
    'sitemap-file-part',
    'sitemap-file-parts',
    'sitemap_file_parts',
    'Sitemap file part',
    {
      fileId: { type: 'integer', required: true },
      seq: { type: 'integer', required: true },
      data: { type: 'text', required: true },
    }
  ),
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
  /**
   * A change not yet written into the served files, persisted so a crash or a restart loses
   * nothing: `document` (one document of a type), `type` (every file of a type) or `full`.
   */
  'sitemap-dirty-mark': define(
    'sitemap-dirty-mark',
    'sitemap-dirty-marks',
    'sitemap_dirty_marks',
    'Sitemap dirty mark',
    {
      kind: { type: 'string', required: true },
      contentType: { type: 'string' },
      target: { type: 'string' },
      trigger: { type: 'string', required: true },
    }
  ),
  /** Who may generate now: one row, taken by the instance whose lease has not expired. */
  'sitemap-lease': define('sitemap-lease', 'sitemap-leases', 'sitemap_leases', 'Sitemap lease', {
    name: { type: 'string', required: true },
    owner: { type: 'string' },
    /** Epoch ms by the database's clock. */
    expiresAt: { type: 'biginteger' },
    /** Incremented by each take: a run switches its files only while the row still holds its take. */
    token: { type: 'integer' },
  }),
  /** Entries an editor left out of the sitemap one by one, without touching their content type. */
  'sitemap-exclusion': define(
    'sitemap-exclusion',
    'sitemap-exclusions',
    'sitemap_exclusions',
    'Sitemap exclusion',
    {
      contentType: { type: 'string', required: true },
      target: { type: 'string', required: true },
      locale: { type: 'string' },
    }
  ),
};
