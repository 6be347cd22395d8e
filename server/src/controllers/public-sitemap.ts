/**
 * Public, unauthenticated reads of the stored files through Strapi's middleware: the answer is
 * the public-files service's, shaped here for Koa. Anything it does not serve is Strapi's 404.
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { getService } from '../utils/get-service';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async serve(ctx: Context) {
    const answer = await getService(strapi, 'public-files').answer({
      name: String(ctx.params.name ?? ''),
      method: ctx.method,
      prefersGzip: () => ctx.acceptsEncodings('gzip', 'identity') === 'gzip',
      ifNoneMatch: ctx.get('If-None-Match'),
      ifModifiedSince: ctx.get('If-Modified-Since'),
    });
    if (!answer) return ctx.notFound();
    ctx.status = answer.status;
    if (answer.body !== undefined) ctx.body = answer.body;
    // After the body, whose setter guesses a type and drops a length set before it.
    for (const [name, value] of Object.entries(answer.headers)) {
      // Vary is added to (another middleware may vary on Origin), never replaced.
      if (name === 'Vary') ctx.vary(value);
      else ctx.set(name, value);
    }
  },
});
