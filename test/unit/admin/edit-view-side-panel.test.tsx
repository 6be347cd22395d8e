/**
 * The side panel's content as a browser gets it: every state in words, links to the URL and the
 * served file, the exclusion checkbox with its label and hint, in English and French.
 */
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { DesignSystemProvider } from '@strapi/design-system';
import en from '../../../admin/src/translations/en.json';
import fr from '../../../admin/src/translations/fr.json';
import { prefixTranslations } from '../../../admin/src/utils/translations';
import type { EntryLocaleStatus, EntryStatus } from '../../../admin/src/api/sitemap';

// The admin's hooks need the whole admin app around them; the content only asks for these two.
jest.mock('@strapi/strapi/admin', () => ({
  useNotification: () => ({ toggleNotification: () => undefined }),
  useAPIErrorHandler: () => ({ formatAPIError: () => '' }),
  useRBAC: () => ({ allowedActions: {}, isLoading: true }),
  useFetchClient: () => ({}),
}));

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { PanelContent } = require('../../../admin/src/components/EditViewSidePanel');

const row = (overrides: Partial<EntryLocaleStatus>): EntryLocaleStatus => ({
  locale: 'en',
  state: 'listed',
  url: 'https://www.example.com/blog/news/hello',
  draftUrl: null,
  file: 'article-2.xml',
  fileUrl: 'https://cms.example.com/api/sitemap/article-2.xml',
  pending: false,
  excludedBy: null,
  reason: null,
  ...overrides,
});

const status = (locales: EntryLocaleStatus[], exclusions: Array<{ locale: string | null }> = []): EntryStatus => ({
  mapped: true,
  contentType: 'api::article.article',
  documentId: 'doc1',
  localized: true,
  draftAndPublish: true,
  exclusions,
  locales,
});

function render(entry: EntryStatus | null, { locale = 'en', canExclude = true, failed = false } = {}) {
  const messages = prefixTranslations(locale === 'fr' ? fr : en);
  const noop = async () => undefined;
  return renderToStaticMarkup(
    <IntlProvider locale={locale} messages={messages} defaultLocale="en">
      <DesignSystemProvider locale={locale}>
        <PanelContent status={entry} failed={failed} currentLocale="en" canExclude={canExclude} reload={noop} exclude={noop} include={noop} />
      </DesignSystemProvider>
    </IntlProvider>
  );
}

const text = (html: string) => html.replace(/<style[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('edit-view side panel content', () => {
  it('shows the URL and the file as links and the state in words', () => {
    const html = render(status([row({}), row({ locale: 'fr', state: 'excluded', excludedBy: 'locale', url: 'https://www.example.com/fr/blog/news/bonjour', file: null, fileUrl: null })], [{ locale: 'fr' }]));
    expect(html).toContain('href="https://www.example.com/blog/news/hello"');
    expect(html).toContain('href="https://cms.example.com/api/sitemap/article-2.xml"');
    expect(text(html)).toMatch(/In the published sitemap, in the file article-2\.xml ?\./);
    expect(text(html)).toContain('Listed');
    expect(text(html)).toContain('Excluded from the sitemap, in this locale only.');
    // The locale being edited comes first.
    expect(text(html).indexOf('English (en)')).toBeLessThan(text(html).indexOf('French (fr)'));
  });

  it('labels the exclusion checkbox, ticked when this locale or the whole entry is excluded', () => {
    const html = render(status([row({})]));
    const checkbox = /<button[^>]*role="checkbox"[^>]*>/.exec(html)![0];
    expect(checkbox).toContain('aria-checked="false"');
    const id = /id="([^"]+)"/.exec(checkbox)![1];
    expect(html).toMatch(new RegExp(`<label[^>]*for="${id}"[^>]*>Exclude from the sitemap</label>`));
    const describedBy = /aria-describedby="([^"]+)"/.exec(checkbox)![1];
    expect(html).toMatch(new RegExp(`id="${describedBy}"[^>]*>Applies to this locale only: English \\(en\\)\\.`));
    const whole = render(status([row({ state: 'excluded', excludedBy: 'document' })], [{ locale: null }]));
    expect(/<button[^>]*role="checkbox"[^>]*>/.exec(whole)![0]).toContain('aria-checked="true"');
    expect(text(whole)).toContain('The whole entry is excluded, in every locale.');
  });

  it('has no checkbox for an admin without the settings permission', () => {
    expect(render(status([row({})]), { canExclude: false })).not.toContain('role="checkbox"');
  });

  it('explains every reason for being left out', () => {
    const html = text(
      render(
        status([
          row({ locale: 'de', state: 'draft-only', url: null, file: null, draftUrl: 'https://www.example.com/blog/news/hallo' }),
          row({ locale: 'en', state: 'pattern-unfilled', url: null, file: null, reason: { rule: 'pattern-unfilled', field: 'category.slug', pattern: '/blog/[category.slug]/[slug]' } }),
          row({ locale: 'es', state: 'filtered-out', file: null }),
          row({ locale: 'it', state: 'pending', file: null, pending: true }),
          row({ locale: 'nl', state: 'not-listed', file: null }),
        ])
      )
    );
    expect(html).toContain('Draft only');
    expect(html).toContain('Once published, it will be listed at https://www.example.com/blog/news/hallo');
    expect(html).toContain('The URL pattern /blog/[category.slug]/[slug] cannot be filled: category.slug is empty');
    expect(html).toContain('does not match the filters');
    expect(html).toContain('Waiting to be written');
    expect(html).toContain('Not listed');
  });

  it('speaks French', () => {
    const html = render(status([row({}), row({ locale: 'fr', state: 'filtered-out', file: null })]), { locale: 'fr' });
    expect(html).toMatch(/<label[^>]*>Exclure du sitemap<\/label>/);
    expect(text(html)).toMatch(/Dans le sitemap publié, dans le fichier article-2\.xml ?\./);
    expect(text(html)).toContain('Listée');
    expect(text(html)).toContain('Filtrée');
  });

  it('offers to try again when the status cannot be loaded', () => {
    const html = render(null, { failed: true });
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain('Try again');
  });
});
