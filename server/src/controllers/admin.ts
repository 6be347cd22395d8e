/** Admin API: thin handlers, each validating its input and calling one service. */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import type { CatalogType, GenerateResponse, StatusResponse } from '../core/api-types';
import { isTimeZone, TIME_ZONE_HELP } from '../core/time-zone';
import { typeOf } from '../core/mappable';
import { getService, type ServiceName } from '../utils/get-service';

const badRequest = (path: string[], message: string) =>
  new errors.ValidationError('Invalid request', {
    errors: [{ path, message, name: 'ValidationError' }],
  });

/** A type the sitemap may read (core/mappable), looked up as an own property: `constructor` is no type. */
function mappableType(strapi: Core.Strapi, contentType: unknown): string {
  if (
    typeof contentType !== 'string' ||
    !typeOf(getService(strapi, 'settings').catalog(), contentType)
  ) {
    throw badRequest(
      ['contentType'],
      'must be the uid of a content type shown in the content manager'
    );
  }
  return contentType;
}

/** Preview and entry status show entries' values: only to admins who may read them in the content manager. */
function assertCanReadEntries(strapi: Core.Strapi, ctx: Context, uid: string) {
  const checker = strapi
    .plugin('content-manager')
    .service('permission-checker')
    .create({ userAbility: ctx.state.userAbility, model: uid });
  if (checker.cannot.read())
    throw new errors.ForbiddenError(
      `Reading ${uid} in the content manager is not allowed for this user`
    );
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

    async updateSettings(ctx: Context) {
      const before = (await service('settings').get()).settings;
      const saved = await service('settings').update(ctx.request.body);
      ctx.body = saved;
      await service('scheduler').settingsChanged(before, saved.settings);
    },

    /** What an import of strapi-plugin-sitemap's settings would carry over, and what it cannot. */
    async legacyImportPreview(ctx: Context) {
      ctx.body = await service('legacy-import').preview();
    },

    /** Imports strapi-plugin-sitemap's settings once the admin has seen the preview. */
    async legacyImportApply(ctx: Context) {
      const before = (await service('settings').get()).settings;
      const applied = await service('legacy-import').apply();
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

    async contentTypes(ctx: Context) {
      const catalog = service('settings').catalog();
      const displayName = (uid: string) =>
        strapi.contentTypes[uid as keyof typeof strapi.contentTypes]?.info?.displayName ?? uid;
      ctx.body = Object.values(catalog).map(
        (type): CatalogType => ({ ...type, displayName: displayName(type.uid) })
      );
    },

    async preview(ctx: Context) {
      const { contentType, settings, limit } = ctx.request.body ?? {};
      const uid = mappableType(strapi, contentType);
      assertCanReadEntries(strapi, ctx, uid);
      if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 50))
        throw badRequest(['limit'], 'must be a whole number from 1 to 50');
      ctx.body = await service('preview').preview({ contentType: uid, settings, limit });
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

    async status(ctx: Context) {
      ctx.body = {
        ...(await service('dashboard').status()),
        running: service('generator').progress(),
      } satisfies StatusResponse;
    },

    /** Where one entry stands in the sitemap, per locale (the content manager's side panel). */
    async entryStatus(ctx: Context) {
      const { contentType, documentId } = documentInput(strapi, ctx.query);
      assertCanReadEntries(strapi, ctx, contentType);
      ctx.body = await service('entry-status').status(contentType, documentId);
    },

    async listExclusions(ctx: Context) {
      ctx.body = await service('exclusions').list(
        typeof ctx.query.contentType === 'string' ? ctx.query.contentType : undefined
      );
    },

    async addExclusion(ctx: Context) {
      const input = exclusionInput(strapi, ctx.request.body);
      await service('exclusions').add(input);
      await rewriteDocument(input);
      ctx.body = await service('exclusions').list();
    },

    async removeExclusion(ctx: Context) {
      // DELETE bodies are not parsed by Strapi's body parser: the entry comes in the query string.
      const input = exclusionInput(strapi, ctx.query);
      await service('exclusions').remove(input);
      await rewriteDocument(input);
      ctx.body = await service('exclusions').list();
    },
  };
};
