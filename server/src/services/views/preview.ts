/**
 * Preview of a type's pattern on a few real entries: the URLs it gives, the entries it leaves out
 * and why, and how many URLs it would produce. Reads only; nothing is stored.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { documentUrls } from '../../core/urls/document-urls';
import { hasOwn } from '../../core/settings/mappable';
import { validateSettings } from '../../core/settings/validate';
import { typesFollowed } from '../../core/settings/mapping-access';
import type { PreviewRequest, PreviewResponse } from '../../../../shared/api-types';
import type { ContentTypeSettings, SitemapSettings } from '../../../../shared/types';
import { UrlHashSet } from '../../core/urls/url-hash-set';
import { ValidationReport } from '../../core/urls/url-checks';
import { compiledOf } from '../../core/extensions/extension';
import { entryIn, readDocuments } from '../reading/entry-source';
import { getService } from '../../utils/get-service';
import { displayNameOf } from '../../utils/display-name';
import { sectionLabel, visitorFieldsOf } from '../../core/visitors/entries';
import { siteFinder } from '../../core/files/file-layout';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * The preview of `request`; `canRead` (an admin's request) must allow every type the candidate
   * settings read, since their values are shown (a pattern through `[author.name]` shows authors).
   */
  async preview(
    { contentType: uid, settings: override, limit = 10 }: PreviewRequest,
    canRead: (uid: string) => boolean = () => true
  ): Promise<PreviewResponse> {
    const settingsService = getService(strapi, 'settings');
    const { settings: current } = (await settingsService.get()) as { settings: SitemapSettings };
    const saved = hasOwn(current.contentTypes, uid) ? current.contentTypes[uid] : {};
    const typeSettings = { ...saved, ...(override ?? {}) } as ContentTypeSettings;
    const candidate = {
      ...current,
      hostname: current.hostname || 'https://www.example.com',
      contentTypes: { [uid]: typeSettings },
    };
    const catalog = settingsService.catalog();
    const { settings, errors: fieldErrors } = validateSettings(candidate, catalog, {
      configFile: settingsService.fileSettings(),
    });
    if (!settings) {
      throw new errors.ValidationError('Invalid preview settings', {
        errors: fieldErrors.map((error) => ({
          path: error.path,
          message: error.message,
          name: 'ValidationError',
        })),
      });
    }
    const unreadable = [...typesFollowed(uid, typeSettings, catalog)].filter(
      (type) => !canRead(type)
    );
    if (unreadable.length > 0)
      throw new errors.ForbiddenError(
        `Reading ${unreadable.join(', ')} in the content manager is not allowed for this user`
      );
    await settingsService.assertFiltersRun(settings);

    const candidatePlan = await settingsService.planOf(settings);
    const { plan, query, visitorMap } = candidatePlan.types.get(uid)!;
    const report = new ValidationReport(Math.min(limit, 50));
    const context = {
      now: Date.now(),
      report,
      seen: new UrlHashSet(),
      excluded: await getService(strapi, 'exclusions').keysFor(uid),
      transform: getService(strapi, 'hooks').urlTransform(uid, report, candidatePlan.mediaOrigin),
    };
    const urls: PreviewResponse['urls'] = [];
    const now = Date.now();
    const siteOf = siteFinder(settings);
    // Some extensions show what they would list from fields the run does not read (a news entry).
    const previewFields = plan.extensions.flatMap(
      ({ extension, compiled }) => extension.previewFields?.(compiled) ?? []
    );
    for await (const page of readDocuments(strapi, {
      ...query,
      fields: [...query.fields, ...previewFields],
      pageSize: 200,
      maxDocuments: Math.max(1, Math.min(limit, 50)),
    })) {
      for (const doc of page) {
        for (const block of documentUrls(plan, doc, context)) {
          const site = siteOf(block.origin);
          block.records.forEach((record, i) => {
            const locale = block.locales[i];
            const entry = entryIn(doc, locale)!;
            const version = { entry, locale: locale ?? plan.defaultLocale };
            const shown = {};
            // Every extension: a hook may give a URL images its type does not list.
            for (const extension of candidatePlan.extensions)
              if (extension.preview) {
                const compiled = compiledOf(plan.extensions, extension.name);
                Object.assign(shown, extension.preview(record, version, compiled, now));
              }
            const visitor =
              visitorMap && visitorFieldsOf(entry, plan.titleField, visitorMap.groupBy);
            urls.push({
              documentId: doc.documentId,
              locale,
              url: record.loc,
              ...(site !== null && { site }),
              ...shown,
              ...(visitor
                ? {
                    visitor: {
                      section: sectionLabel(visitorMap.labels, locale, displayNameOf(strapi, uid)),
                      group: visitor.group,
                      title: visitor.title ?? record.loc,
                    },
                  }
                : {}),
            });
          });
        }
      }
    }

    const where = {
      $and: [
        ...(query.draftAndPublish ? [{ publishedAt: { $notNull: true } }] : []),
        ...(typeSettings.filters ? [typeSettings.filters] : []),
      ],
    };
    const matching = await strapi.db.query(uid as any).count({ where });
    return { urls, leftOut: report.summary().samples, estimatedUrlCount: matching };
  },
});
