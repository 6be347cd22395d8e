/** Conditional GETs answered by a Koa controller (see core/serving/conditional-request). */
import type { Context } from 'koa';
import { isNotModified as notModified } from '../core/serving/conditional-request';

export const isNotModified = (ctx: Context, etags: string[], lastModified: Date) =>
  notModified(
    { ifNoneMatch: ctx.get('If-None-Match'), ifModifiedSince: ctx.get('If-Modified-Since') },
    etags,
    lastModified
  );
