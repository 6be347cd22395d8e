/** Admin API: thin handlers, each validating its input and calling one service. */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import type {
  CatalogType,
  FilePage,
  GenerateResponse,
  StatusResponse,
} from '../../../shared/api-types';
import { SERVED_NAME } from '../core/files/file-names';
import type { HealthCheckResponse } from '../../../shared/health';
import { HealthCheckRefused } from '../services/health/health-check';
import { isTimeZone, TIME_ZONE_HELP } from '../../../shared/time-zone';
import { typeOf } from '../core/settings/mappable';
import { getService, type ServiceName } from '../utils/get-service';
import { displayNameOf } from '../utils/display-name';
import { assertCanRead, contentReader } from './content-access';

const badRequest = (path: string[], message: string) =>
  new errors.ValidationError('Invalid request', {
    errors: [{ path, message, name: 'ValidationError' }],
  });

/**
 * A type an admin may map (core/settings/mappable, without types holding credentials the config file does
 * not map), looked up as an own property: `constructor` is no type.
 */
function mappableType(strapi: Core.Strapi, contentType: unknown): string {
  if (
    typeof contentType !== 'string' ||
    !typeOf(getService(strapi, 'settings').adminCatalog(), contentType)
  ) {
    throw badRequest(
      ['contentType'],
      'must be the uid of a content type shown in the content manager'
    );
  }
  return contentType;
}

/** The fields of a request body or query, none trusted yet. */
const fieldsOf = (input: unknown) => (input ?? {}) as Record<string, unknown>;

function documentInput(strapi: Core.Strapi, input: unknown) {
  const { documentId, contentType: uid } = fieldsOf(input);
  const contentType = mappableType(strapi, uid);
  if (typeof documentId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(documentId))
    throw badRequest(['documentId'], 'must be a document id');
  return { contentType, documentId };
}

function exclusionInput(strapi: Core.Strapi, body: unknown) {
  const { contentType, documentId } = documentInput(strapi, body);
  const { locale } = fieldsOf(body);
  if (
    locale !== undefined &&
    locale !== null &&
    (typeof locale !== 'string' || !/^[A-Za-z0-9-]{1,35}$/.test(locale))
  ) {
    throw badRequest(['locale'], 'must be a locale code');
  }
  return { contentType, documentId, locale: locale ?? null };
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = <Name extends ServiceName>(name: Name) => getService(strapi, name);
  /** After an exclusion changes, the document's file is rewritten like after a publish. */
  const rewriteDocument = ({
    contentType,
    documentId,
  }: {
    contentType: string;
    documentId: string;
  }) =>
    service('change-feed').recordChange([
      { kind: 'document', contentType, documentId, trigger: 'manual' },
    ]);

  return {
    async getSettings(ctx: Context) {
      ctx.body = await service('settings').get();
    },

    /** Saves; a change to the mapping of a type the caller may not read is refused (core/settings/mapping-access). */
    async updateSettings(ctx: Context) {
      const before = (await service('settings').get()).settings;
      const saved = await service('settings').update(ctx.request.body, {
        canRead: contentReader(strapi, ctx),
      });
      ctx.body = saved;
      await service('scheduler').settingsChanged(before, saved.settings);
    },

    /** What an import of strapi-plugin-sitemap's settings would carry over, and what it cannot. */
    async legacyImportPreview(ctx: Context) {
      ctx.body = await service('legacy-import').preview(contentReader(strapi, ctx));
    },

    /** Imports strapi-plugin-sitemap's settings once the admin has seen the preview. */
    async legacyImportApply(ctx: Context) {
      const before = (await service('settings').get()).settings;
      const applied = await service('legacy-import').apply(contentReader(strapi, ctx));
      ctx.body = applied;
      await service('scheduler').settingsChanged(before, applied.settings);
    },

    async cronPreview(ctx: Context) {
      const { expression, timezone } = ctx.request.body ?? {};
      if (typeof expression !== 'string' || expression.length > 200)
        throw badRequest(['expression'], 'must be a cron expression');
      const unset = timezone === undefined || timezone === null || timezone === '';
      if (!unset && !isTimeZone(timezone)) throw badRequest(['timezone'], TIME_ZONE_HELP);
      ctx.body = service('scheduler').previewCron(expression, unset ? undefined : timezone);
    },

    /** The types an admin may map, with their fields, and whether this admin may read each. */
    async contentTypes(ctx: Context) {
      const canRead = contentReader(strapi, ctx);
      ctx.body = Object.values(service('settings').adminCatalog()).map(
        (type): CatalogType => ({
          ...type,
          displayName: displayNameOf(strapi, type.uid),
          readable: canRead(type.uid),
        })
      );
    },

    /** Shows entries of the type and of every type its candidate settings follow: Read on each. */
    async preview(ctx: Context) {
      const { contentType, settings, limit } = ctx.request.body ?? {};
      const uid = mappableType(strapi, contentType);
      const canRead = contentReader(strapi, ctx);
      assertCanRead(canRead, [uid]);
      if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 50))
        throw badRequest(['limit'], 'must be a whole number from 1 to 50');
      ctx.body = await service('preview').preview({ contentType: uid, settings, limit }, canRead);
    },

    /** Starts a run and answers at once; the status shows its progress and result. */
    async generate(ctx: Context) {
      await service('settings').usablePlan();
      service('generator')
        .generate('manual')
        .catch((error: Error) => strapi.log.error(`[sitemap] manual run failed: ${error.message}`));
      ctx.status = 202;
      ctx.body = { accepted: true } satisfies GenerateResponse;
    },

    /** The dashboard, showing entries (samples, counts per type) only of the types the caller may read. */
    async status(ctx: Context) {
      ctx.body = {
        ...(await service('dashboard').status(contentReader(strapi, ctx))),
        running: service('generator').progress(),
      } satisfies StatusResponse;
    },

    /** A page of one live urlset's URLs, searchable; the file's type needs the caller's Read. */
    async browseFile(ctx: Context) {
      const { name } = ctx.params as { name: string };
      const query = ctx.query.q;
      const page = ctx.query.page ?? '1';
      if (!SERVED_NAME.test(name) || !name.endsWith('.xml'))
        throw badRequest(['name'], 'must be the name of a sitemap file');
      if (query !== undefined && (typeof query !== 'string' || query.length > 200))
        throw badRequest(['q'], 'must be a text of at most 200 characters');
      if (typeof page !== 'string' || !/^[1-9][0-9]{0,5}$/.test(page))
        throw badRequest(['page'], 'must be a whole number from 1');
      const found = await service('file-browser').page(
        name,
        { query, page: Number(page) },
        contentReader(strapi, ctx)
      );
      if (found === 'forbidden')
        throw new errors.ForbiddenError(
          'Reading this file’s content type is not allowed for this user'
        );
      if (!found) return ctx.notFound('no such sitemap file');
      ctx.body = found satisfies FilePage;
    },

    /**
     * The last health check: counts whole, the faults of types the caller may not read left out
     * (custom URLs are everyone's), as the dashboard's findings are.
     */
    async healthReport(ctx: Context) {
      const canRead = contentReader(strapi, ctx);
      const { report, running, options } = await service('health-check').report();
      ctx.body = {
        enabled: options !== null,
        checkAllUpTo: options?.checkAllUpTo ?? 0,
        running,
        report: report && {
          ...report,
          faults: report.faults.filter(
            (fault) => fault.contentType === null || canRead(fault.contentType)
          ),
        },
      } satisfies HealthCheckResponse;
    },

    /** Starts a check of a sample (or of every URL, `all`, for a small site) in the background. */
    async startHealthCheck(ctx: Context) {
      const { all = false } = ctx.request.body ?? {};
      if (typeof all !== 'boolean') throw badRequest(['all'], 'must be true or false');
      try {
        await service('health-check').start(all);
      } catch (error) {
        if (error instanceof HealthCheckRefused) throw badRequest(['all'], error.message);
        throw error;
      }
      ctx.status = 202;
      ctx.body = { accepted: true } satisfies GenerateResponse;
    },

    /** Where one entry stands in the sitemap, per locale (the content manager's side panel). */
    async entryStatus(ctx: Context) {
      const { contentType, documentId } = documentInput(strapi, ctx.query);
      assertCanRead(contentReader(strapi, ctx), [contentType]);
      ctx.body = await service('entry-status').status(contentType, documentId);
    },

    /** The entries left out one by one, of the types the caller may read. */
    async listExclusions(ctx: Context) {
      const canRead = contentReader(strapi, ctx);
      const listed = await service('exclusions').list(
        typeof ctx.query.contentType === 'string' ? ctx.query.contentType : undefined
      );
      ctx.body = listed.filter((exclusion) => canRead(exclusion.contentType));
    },

    /** Excluding an entry changes what is listed of its type: Read on that type. */
    async addExclusion(ctx: Context) {
      const input = exclusionInput(strapi, ctx.request.body);
      const canRead = contentReader(strapi, ctx);
      assertCanRead(canRead, [input.contentType]);
      await service('exclusions').add(input);
      await rewriteDocument(input);
      ctx.body = (await service('exclusions').list()).filter((exclusion) =>
        canRead(exclusion.contentType)
      );
    },

    async removeExclusion(ctx: Context) {
      // DELETE bodies are not parsed by Strapi's body parser: the entry comes in the query string.
      const input = exclusionInput(strapi, ctx.query);
      const canRead = contentReader(strapi, ctx);
      assertCanRead(canRead, [input.contentType]);
      await service('exclusions').remove(input);
      await rewriteDocument(input);
      ctx.body = (await service('exclusions').list()).filter((exclusion) =>
        canRead(exclusion.contentType)
      );
    },
  };
};
