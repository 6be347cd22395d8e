import type { Core } from '@strapi/strapi';

/** A content type as editors know it: its display name, or its uid when it has none. */
export const displayNameOf = (strapi: Core.Strapi, uid: string): string =>
  (strapi.contentTypes as unknown as Record<string, { info?: { displayName?: string } }>)[uid]?.info
    ?.displayName ?? uid;
