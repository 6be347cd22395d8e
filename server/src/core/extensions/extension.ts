/**
 * A URL extension: what a `<url>` lists beyond its location (its alternates, images, video, news
 * entry, and whatever comes next), declared in one module. The settings' checks, the plan, the
 * reader, the URL builder, the writer, the hooks' checks, the dashboard and the preview loop over
 * the list of extensions (core/extensions/index.ts) and name none of them. Every member is
 * optional: an extension declares only the steps it takes part in. Pure.
 */
import type { RuleCode } from '../../../../shared/rules';
import type { ContentTypeInfo, SchemaCatalog, UrlRecord } from '../../../../shared/types';

/** What an extension reads of an entry through the query engine (media and components need it). */
export interface ExtensionSelection {
  select: string[];
  populate: Record<string, { select?: string[]; populate?: ExtensionSelection['populate'] }>;
}

/** What compiling a type's setting may need beyond the setting itself. */
export interface CompileContext {
  uid: string;
  type: ContentTypeInfo;
  /** The origin an uploaded file's path URL (`/uploads/…`) is joined to. */
  mediaOrigin: string;
  /** Every mapped type, in the settings' order. */
  mappedTypes: string[];
}

/** Something to report of a URL the extension filled only in part, with the rule it falls under. */
export interface ExtensionFinding {
  rule: RuleCode;
  detail: string;
}

/** A version's URL once listed, with its locale: what an extension across versions sees. */
export interface ListedUrl {
  locale?: string;
  record: UrlRecord;
}

export interface UrlExtension<Compiled = unknown, Value = unknown> {
  /**
   * Its one name: the key of its setting in a type's settings (when it takes one), of its compiled
   * setting in the plan and of its value on a version read.
   */
  name: string;
  /** Its XML namespace, declared on every urlset. */
  namespace?: { prefix: string; uri: string };
  /** Field errors of its setting (`contentTypes[uid][name]`), as [path under the setting, message]. */
  check?(
    value: unknown,
    type: ContentTypeInfo | undefined,
    catalog: SchemaCatalog
  ): Array<[string[], string]>;
  /** What a type's valid setting (undefined when unset) compiles into; undefined: nothing to do. */
  compile?(setting: unknown, context: CompileContext): Compiled | undefined;
  /** Plain fields it reads from the entry, joined like a pattern's (and followed for changes). */
  fields?(compiled: Compiled): string[][];
  /** Its media fields: a page is marked when a file they link is replaced or deleted. */
  mediaPaths?(compiled: Compiled): string[][];
  /** What it reads per row through the query engine (media, components), beside the joined read. */
  selection?(compiled: Compiled): ExtensionSelection;
  /** Its value for a version, from the row the query engine read with `selection`. */
  read?(row: Record<string, unknown>, compiled: Compiled): Value;
  /**
   * Whether it leaves a version's URL out (the page asks not to be listed), with the rule and why;
   * asked before `apply`, with the URL the pattern gave.
   */
  leavesOut?(
    loc: string,
    value: Value | undefined,
    entry: Record<string, unknown>,
    compiled: Compiled
  ): ExtensionFinding | null;
  /** Puts what it lists on a version's record (value: what `read` gave); returns what to report. */
  apply?(
    record: UrlRecord,
    value: Value | undefined,
    entry: Record<string, unknown>,
    compiled: Compiled
  ): ExtensionFinding[] | void;
  /** Once a document's versions are listed: what each lists of the others (hreflang). */
  acrossVersions?(listed: ListedUrl[], compiled: Compiled, defaultLocale?: string): void;
  /** Its elements inside `<url>`, from the record ('' when it lists none). */
  render?(record: UrlRecord): string;
  /** What the dashboard counts of it: per record, and in a stored file by its opening tag. */
  count?: { key: string; tag: string; of(record: UrlRecord): number };
  /** Takes its value from what a url hook returned (`returned`), checked as its own values are. */
  fromHook?(returned: Record<string, unknown>, record: UrlRecord, mediaOrigin: string): void;
  /** Fields only the settings preview reads, to show what it would list. */
  previewFields?(compiled: Compiled): string[][];
  /**
   * What the settings preview shows of it for a version: its part of the record, or computed.
   * Asked of every extension (a hook may add images to a type that lists none): `compiled` is
   * undefined for a type that does not use it.
   */
  preview?(
    record: UrlRecord,
    version: { entry: Record<string, unknown>; locale?: string },
    compiled: Compiled | undefined,
    now: number
  ): Record<string, unknown>;
}

/** An extension with what it compiled for one type: the plan holds these per type. */
export interface TypeExtension {
  extension: UrlExtension;
  compiled: unknown;
}

/** What extension `name` compiled for a type, if the type uses it. */
export const compiledOf = <T>(extensions: TypeExtension[], name: string): T | undefined =>
  extensions.find((use) => use.extension.name === name)?.compiled as T | undefined;
