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

/**
 * What a type's URLs are rendered with, in `all`'s order: a built-in extension only when the type
 * compiled it (each renders and counts only what its own `apply` set, and asking the others for
 * nothing cost a third of rendering), any other always (code may render from the location alone).
 * Exact for records no URL hook touched: a hook may set any extension's fields.
 */
export const renderedForType = (all: readonly UrlExtension[], compiled: TypeExtension[]) =>
  all.filter(
    (extension) =>
      !URL_EXTENSIONS.includes(extension) || compiled.some((used) => used.extension === extension)
  );

/** Each count key of the extensions, at zero: what the dashboard shows of a type listing none. */
export const zeroCounts = (extensions: readonly UrlExtension[]) =>
  Object.fromEntries(
    extensions.flatMap((extension) => (extension.count ? [[extension.count.key, 0]] : []))
  ) as Record<string, number>;
