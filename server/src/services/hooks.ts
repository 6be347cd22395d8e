/**
 * The extension API for code: `strapi.plugin('sitemap').service('hooks').register({ … })`.
 * - `url(entry, record, source)` changes a URL's record (return it), drops it (return null) or
 *   leaves it (return undefined). Synchronous: it runs once per URL, a million times in a big run.
 * - `customUrls()` yields URLs to add (a front end's own routes), read on every full run.
 * A hook that throws, or returns what is not a record, is reported in the run report with its
 * name (rule hook-error); the URL goes on unchanged and the run never fails because of a hook.
 * - `extend(extension)` adds a URL extension (core/extensions/extension.ts): an element, or a
 *   change to each URL, computed from what the entry holds; it takes part in the reads, the
 *   records, the files and the dashboard as the built-in ones do, from the next run on.
 * What a hook returns gets the checks of core/urls/hook-records (loc, host, and each extension's own).
 */
import type { UrlSource, UrlTransform } from '../core/urls/document-urls';
import { checkHookRecord } from '../core/urls/hook-records';
import { URL_EXTENSIONS } from '../core/extensions';
import type { UrlExtension } from '../core/extensions/extension';
import type { Changefreq, UrlRecord } from '../../../shared/types';
import type { ValidationReport } from '../core/urls/url-checks';

/** A URL a hook adds: absolute, or a path on the main hostname. */
export interface HookUrl {
  url: string;
  lastmod?: string | Date;
  changefreq?: Changefreq;
  priority?: number;
  alternates?: Array<{ hreflang: string; href: string }>;
  images?: string[];
}

export interface SitemapHook {
  /** Names the hook in run reports; defaults to `hook-<n>`. */
  name?: string;
  url?(
    entry: Record<string, unknown>,
    record: UrlRecord,
    source: UrlSource & { contentType: string }
  ): UrlRecord | null | undefined;
  customUrls?(): AsyncIterable<HookUrl> | Iterable<HookUrl>;
}

/** What extend() accepts: an extension whose name no other one has. */
function checkExtension(extension: UrlExtension, known: readonly UrlExtension[]) {
  if (typeof extension !== 'object' || extension === null || typeof extension.name !== 'string')
    throw new TypeError('a sitemap URL extension is an object with a name (see UrlExtension)');
  if (known.some((other) => other.name === extension.name))
    throw new TypeError(`a sitemap URL extension named "${extension.name}" is already there`);
}

export default () => {
  const hooks: Array<SitemapHook & { name: string }> = [];
  const added: UrlExtension[] = [];
  const extensions = (): readonly UrlExtension[] =>
    added.length === 0 ? URL_EXTENSIONS : [...URL_EXTENSIONS, ...added];

  return {
    /** Adds a URL extension after the built-in ones; returns a function that removes it. */
    extend(extension: UrlExtension) {
      checkExtension(extension, [...URL_EXTENSIONS, ...added]);
      added.push(extension);
      return () => {
        const at = added.indexOf(extension);
        if (at >= 0) added.splice(at, 1);
      };
    },

    /** Every URL extension: the built-in ones, then those added from code. */
    extensions,

    /** Adds a hook; returns a function that removes it. */
    register(hook: SitemapHook) {
      if (typeof hook !== 'object' || hook === null || (!hook.url && !hook.customUrls))
        throw new TypeError('a sitemap hook is an object with url() and/or customUrls()');
      const named = { ...hook, name: hook.name || `hook-${hooks.length + 1}` };
      hooks.push(named);
      return () => {
        const at = hooks.indexOf(named);
        if (at >= 0) hooks.splice(at, 1);
      };
    },

    /** Whether a url hook is registered (a type's URLs then pass through code of the app's). */
    hasUrlHooks() {
      return hooks.some((hook) => hook.url);
    },

    /**
     * The url hooks as one transform for documentUrls; undefined when none is registered. Image paths
     * a hook lists are joined to `mediaOrigin`, as field images are.
     */
    urlTransform(
      contentType: string,
      report: ValidationReport,
      mediaOrigin: string
    ): UrlTransform | undefined {
      const urlHooks = hooks.filter((hook) => hook.url);
      if (urlHooks.length === 0) return undefined;
      const all = extensions();
      return (record, source) => {
        let current = record;
        for (const hook of urlHooks) {
          const fail = (detail: string) =>
            report.add({
              rule: 'hook-error',
              contentType,
              documentId: source.documentId,
              locale: source.locale,
              url: current.loc,
              detail: `${hook.name}: ${detail}`,
            });
          try {
            const result = hook.url!(source.entry, current, { ...source, contentType });
            if (result === null) return null;
            if (result === undefined) continue;
            const checked = checkHookRecord(result, current, mediaOrigin, all);
            if ('problem' in checked) fail(checked.problem);
            else current = checked.record;
          } catch (error) {
            fail((error as Error)?.message ?? String(error));
          }
        }
        return current;
      };
    },

    /** Every URL the hooks add, each with the hook that gave it; a hook that fails is reported. */
    async *customUrls(report: ValidationReport): AsyncGenerator<{ hook: string; url: HookUrl }> {
      for (const hook of hooks.filter((candidate) => candidate.customUrls)) {
        try {
          for await (const url of hook.customUrls!()) yield { hook: hook.name, url };
        } catch (error) {
          report.add({
            rule: 'hook-error',
            contentType: 'custom',
            detail: `${hook.name}: ${(error as Error)?.message ?? String(error)}`,
          });
        }
      }
    },
  };
};
