import {
  changedMappings,
  credentialErrors,
  readAccessErrors,
  typesFollowed,
} from '../../../../server/src/core/settings/mapping-access';
import { validateSettings } from '../../../../server/src/core/settings/validate';
import type { SchemaCatalog } from '../../../../shared/types';

const ARTICLE = 'api::article.article';
const CATEGORY = 'api::category.category';
const AUTHOR = 'api::author.author';
const USER = 'plugin::users-permissions.user';

const type = (
  uid: string,
  attributes: SchemaCatalog[string]['attributes'],
  credentials = false
) => ({
  uid,
  kind: 'collectionType' as const,
  localized: false,
  draftAndPublish: true,
  credentials,
  attributes,
});
const CATALOG: SchemaCatalog = {
  [ARTICLE]: type(ARTICLE, {
    slug: { type: 'uid' },
    title: { type: 'string' },
    category: { type: 'relation', relation: 'manyToOne', target: CATEGORY },
    author: { type: 'relation', relation: 'manyToOne', target: AUTHOR },
    member: { type: 'relation', relation: 'manyToOne', target: USER },
  }),
  [CATEGORY]: type(CATEGORY, {
    slug: { type: 'uid' },
    name: { type: 'string' },
    parent: { type: 'relation', relation: 'manyToOne', target: CATEGORY },
  }),
  [AUTHOR]: type(AUTHOR, { name: { type: 'string' } }),
  [USER]: type(USER, { username: { type: 'string' }, email: { type: 'email' } }, true),
};

describe('typesFollowed', () => {
  it('follows patterns (every locale), groupBy and filters through relations', () => {
    expect(
      [
        ...typesFollowed(
          ARTICLE,
          {
            pattern: '/[slug]',
            locales: { fr: { pattern: '/[category.parent.slug]/[slug]' } },
            visitorMap: { groupBy: 'author.name' },
            filters: { $or: [{ member: { username: { $eq: 'x' } } }] },
          },
          CATALOG
        ),
      ].sort()
    ).toEqual([ARTICLE, AUTHOR, CATEGORY, USER].sort());
  });

  it('reads only the type itself through own fields, and survives a pattern that does not parse', () => {
    expect([
      ...typesFollowed(ARTICLE, { pattern: '/[slug', titleField: 'title' }, CATALOG),
    ]).toEqual([ARTICLE]);
  });
});

describe('changedMappings', () => {
  it('lists added, changed and removed mappings, not reordered keys', () => {
    const before = {
      [ARTICLE]: { pattern: '/a/[slug]', priority: 0.5 },
      [CATEGORY]: { pattern: '/c/[slug]' },
    };
    const after = {
      [ARTICLE]: { priority: 0.5, pattern: '/a/[slug]' },
      [AUTHOR]: { pattern: '/[name]' },
    };
    expect(changedMappings(before, after).sort()).toEqual([AUTHOR, CATEGORY].sort());
  });
});

describe('readAccessErrors', () => {
  const canRead = (uid: string) => uid === ARTICLE;

  it('needs Read on the type and every type its new mapping follows', () => {
    const errors = readAccessErrors(
      { [ARTICLE]: { pattern: '/[slug]' } },
      { [ARTICLE]: { pattern: '/[category.slug]/[slug]' }, [AUTHOR]: { pattern: '/[name]' } },
      CATALOG,
      canRead
    );
    expect(errors).toEqual([
      {
        path: ['contentTypes', ARTICLE],
        message: `needs content-manager Read on ${CATEGORY}: a save changes only the mappings of types you may read`,
      },
      {
        path: ['contentTypes', AUTHOR],
        message: `needs content-manager Read on ${AUTHOR}: a save changes only the mappings of types you may read`,
      },
    ]);
  });

  it('needs Read on a type to remove it, and nothing for mappings left as they were', () => {
    const before = { [ARTICLE]: { pattern: '/[slug]' }, [CATEGORY]: { pattern: '/c/[slug]' } };
    expect(
      readAccessErrors(before, { [ARTICLE]: { pattern: '/[slug]' } }, CATALOG, canRead)
    ).toHaveLength(1);
    expect(
      readAccessErrors(
        before,
        { ...before, [ARTICLE]: { pattern: '/posts/[slug]' } },
        CATALOG,
        canRead
      )
    ).toEqual([]);
  });
});

describe('credentialErrors', () => {
  it('refuses an admin mapping that lists or reads through users, unless the config file maps them', () => {
    const mapped = {
      [USER]: { pattern: '/u/[username]' },
      [ARTICLE]: { pattern: '/[member.username]/[slug]' },
    };
    expect(credentialErrors(mapped, {}, CATALOG).map((error) => error.path)).toEqual([
      ['contentTypes', USER],
      ['contentTypes', ARTICLE],
    ]);
    expect(
      credentialErrors(mapped, { [USER]: { pattern: '/members/[username]' } }, CATALOG)
    ).toEqual([]);
    // The config file's own mapping, as it is, is the site owner's choice.
    expect(credentialErrors(mapped, mapped, CATALOG)).toEqual([]);
  });

  it('makes validateSettings refuse it when the settings hold admin values', () => {
    const settings = {
      hostname: 'https://www.example.com',
      hostnames: {},
      contentTypes: { [USER]: { pattern: '/u/[username]' } },
      customUrls: [],
      limits: { urlsPerFile: 100, bytesPerFile: 52428800 },
      gzip: true,
      xsl: true,
      cron: false,
      autoGenerate: true,
      debounceMs: 0,
    };
    expect(validateSettings(settings, CATALOG).settings).toBeDefined();
    const { errors } = validateSettings(settings, CATALOG, { configFile: {} });
    expect(errors.map((error) => error.path)).toEqual([['contentTypes', USER]]);
  });
});
