/**
 * Public, unauthenticated: the visitors' site map as JSON (for a front end to render) and as HTML
 * (for a site that proxies it). Only what the runs stored is shown; the query is checked before
 * anything is read, and a page is answered 304 while the live parts are the same.
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { VISITOR_ORDERS, type VisitorOrder } from '../core/visitors/entries';
import { pageLinks, pageOf } from '../core/visitors/pages';
import { renderVisitorHtml } from '../core/visitors/html';
import {
  PLAN_STYLESHEET,
  PLAN_STYLESHEET_NAME,
  PLAN_STYLESHEET_VERSION,
} from '../core/visitors/stylesheet';
import { SITE_NAME } from '../core/settings/sites';
import { isNotModified } from './conditional';
import { getService } from '../utils/get-service';

const LOCALE = /^[A-Za-z0-9_-]{1,35}$/;
const PAGE = /^[1-9][0-9]{0,6}$/;

interface MapQuery {
  /** One of the `sites` (none: the main site). */
  site?: string;
  locale?: string;
  order: VisitorOrder;
  section?: string;
  page: number;
}

/** The query, or the list of what is wrong with it. */
function parseQuery(query: Record<string, unknown>): MapQuery | { errors: string[] } {
  const errors: string[] = [];
  const one = (name: string) => {
    const value = query[name];
    if (Array.isArray(value)) errors.push(`${name} is given more than once`);
    return typeof value === 'string' ? value : undefined;
  };
  const site = one('site');
  const locale = one('locale');
  const order = one('order') ?? 'tree';
  const section = one('section');
  const page = one('page') ?? '1';
  if (site !== undefined && !SITE_NAME.test(site)) errors.push('site is not a site name');
  if (locale !== undefined && !LOCALE.test(locale)) errors.push('locale is not a locale code');
  if (!VISITOR_ORDERS.includes(order as VisitorOrder))
    errors.push(`order must be ${VISITOR_ORDERS.join(' or ')}`);
  if (section !== undefined && (section === '' || section.length > 100))
    errors.push('section must be a section key from the index');
  if (!PAGE.test(page)) errors.push('page must be a whole number from 1');
  if (errors.length > 0) return { errors };
  return { site, locale, order: order as VisitorOrder, section, page: Number(page) };
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  async function answer(ctx: Context, format: 'json' | 'html') {
    const query = parseQuery(ctx.query as Record<string, unknown>);
    if ('errors' in query) return ctx.badRequest(query.errors.join('; '));
    const found = await getService(strapi, 'visitor-pages').view(
      query.site ?? null,
      query.locale,
      query.order
    );
    if (!found) return ctx.notFound('no site map for visitors of this site or locale');
    // Only the leaves this page stands in are read.
    const page = await pageOf(found.view, { section: query.section, page: query.page }, found.load);
    if (!page) return ctx.notFound('no such section or page');

    // The JSON is data for a front end; the HTML is the page people read, and may be indexed.
    if (format === 'json') ctx.set('X-Robots-Tag', 'noindex');
    const etag = `"${found.etag}"`;
    ctx.set('ETag', etag);
    ctx.set('Last-Modified', found.lastModified.toUTCString());
    ctx.set('Cache-Control', 'public, max-age=60, must-revalidate');
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (isNotModified(ctx, [etag], found.lastModified)) {
      ctx.status = 304;
      return;
    }
    const { publicUrl, settings } = await getService(strapi, 'settings').plan();
    const endpoint = `${publicUrl}/plan.${format}`;
    if (format === 'json') {
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = { ...page, locales: found.locales, links: pageLinks(endpoint, page) };
      return;
    }
    const hosts = query.site ? settings.sites![query.site] : settings;
    const origin = (page.locale && hosts.hostnames?.[page.locale]) || hosts.hostname;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = renderVisitorHtml(
      endpoint,
      page,
      new URL(origin).host,
      `${publicUrl}/${PLAN_STYLESHEET_NAME}`
    );
  }

  /** plan.css: the same bytes for every request, built into the plugin. */
  const stylesheetEtag = `"${PLAN_STYLESHEET_VERSION}"`;
  const loadedAt = new Date();
  function stylesheet(ctx: Context) {
    ctx.set('ETag', stylesheetEtag);
    ctx.set('Last-Modified', loadedAt.toUTCString());
    // plan.html links it with its version: a new look comes with a new URL.
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (isNotModified(ctx, [stylesheetEtag], loadedAt)) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'text/css; charset=utf-8';
    ctx.body = PLAN_STYLESHEET;
  }

  return {
    json: (ctx: Context) => answer(ctx, 'json'),
    html: (ctx: Context) => answer(ctx, 'html'),
    css: stylesheet,
  };
};
