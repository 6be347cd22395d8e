/**
 * What the admin asking may read in the content manager: its Read permission per content type,
 * from Strapi's own permission checker. The sitemap shows and publishes entries, so every route
 * that shows a type's entries, or changes what is listed of a type, asks here first.
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';

export type CanRead = (uid: string) => boolean;

/** The caller's content-manager Read, per type (asked once per type and request). */
export function contentReader(strapi: Core.Strapi, ctx: Context): CanRead {
  const answers = new Map<string, boolean>();
  const checkers = strapi.plugin('content-manager').service('permission-checker');
  return (uid) => {
    let answer = answers.get(uid);
    if (answer === undefined) {
      const checker = checkers.create({ userAbility: ctx.state.userAbility, model: uid });
      answers.set(uid, (answer = !checker.cannot.read()));
    }
    return answer;
  };
}

/** Throws 403 unless the caller may read every type of `uids` in the content manager. */
export function assertCanRead(canRead: CanRead, uids: Iterable<string>) {
  const refused = [...uids].filter((uid) => !canRead(uid));
  if (refused.length > 0)
    throw new errors.ForbiddenError(
      `Reading ${refused.join(', ')} in the content manager is not allowed for this user`
    );
}
