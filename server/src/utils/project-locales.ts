import type { Core } from '@strapi/strapi';

/** The project's locale codes, from the i18n plugin (none without it). */
export async function projectLocales(strapi: Core.Strapi): Promise<string[]> {
  const locales = strapi.plugin('i18n')?.service('locales');
  return locales
    ? ((await locales.find()) as Array<{ code: string }>).map((locale) => locale.code)
    : [];
}
