/**
 * The URL extensions, in the order their namespaces are declared and their elements written inside
 * `<url>` (after loc, lastmod, changefreq and priority). A new one is a module beside these and a
 * line here.
 */
import { alternatesExtension } from './alternates';
import { imagesExtension } from './images';
import { newsExtension } from './news';
import { seoExtension } from './seo';
import { videoExtension } from './video';
import type { CompileContext, TypeExtension, UrlExtension } from './extension';

export const URL_EXTENSIONS: readonly UrlExtension[] = [
  alternatesExtension,
  imagesExtension,
  videoExtension,
  newsExtension,
  seoExtension,
];

/** What each extension compiled for a type, from its settings (keyed by extension name). */
export function compileExtensions(
  typeSettings: Record<string, unknown>,
  context: CompileContext,
  extensions: readonly UrlExtension[]
): TypeExtension[] {
  const compiled: TypeExtension[] = [];
  for (const extension of extensions) {
    const value = extension.compile?.(typeSettings[extension.name], context);
    if (value !== undefined) compiled.push({ extension, compiled: value });
  }
  return compiled;
}

/** Each count key of the extensions, at zero: what the dashboard shows of a type listing none. */
export const zeroCounts = (extensions: readonly UrlExtension[]) =>
  Object.fromEntries(
    extensions.flatMap((extension) => (extension.count ? [[extension.count.key, 0]] : []))
  ) as Record<string, number>;
