/**
 * What the main thread and the run's Worker say to each other (run-worker/index, and
 * services/generation/urlsets/worker-type on the main side). Plain data only: it is copied, or
 * transferred for the buffers.
 */
import type { ClosedFile } from '../core/files/urlset-writer';
import type { TypePlan } from '../core/urls/document-urls';
import type { UrlHashSetState } from '../core/urls/url-hash-set';
import type { BesideRows, RowShape } from '../core/reading/source-rows';
import type { RunPhase } from '../core/runs/phase-clock';
import type { FileLimits, SitemapSettings } from '../../../shared/types';
import type { ValidationSummary } from '../../../shared/rules';

/** Writes one type's urlsets from scratch: its rows read on a connection of the Worker's own. */
export interface TypeJob {
  contentType: string;
  /** The type's plan; its extensions by name (built-in ones only: the Worker has its own copy of each). */
  plan: Omit<TypePlan, 'extensions'> & { extensions: Array<{ name: string; compiled: unknown }> };
  /** What the series' names depend on (core/files/group-keys). */
  settings: SitemapSettings;
  now: number;
  excluded: Set<string>;
  limits: FileLimits;
  xslHref?: string;
  read: {
    sql: string;
    bindings: unknown[];
    batchSize: number;
    shape: RowShape;
    /**
     * SQLite: the SQL reads one slice of row ids, unordered, its bounds two of the bindings; the
     * reading thread copies the slices and sorts them (run-worker/sqlite-reader).
     */
    idSlices?: {
      afterBinding: number;
      upToBinding: number;
      boundsSql: string;
      sliceIds: number;
      sortedBy: string[];
    };
  };
  connection: ConnectionJob;
  /**
   * Whether the query engine reads something beside its rows (its extensions' media and
   * components, its sites' filters): the main thread reads it, asked with `beside`.
   */
  asksBeside: boolean;
  /** The run's duplicate check so far, handed back in `done`. */
  seen: UrlHashSetState;
}

/** What the Worker starts with: its job, and the ring its bytes go through (run-worker/byte-ring). */
export interface WorkerStart extends TypeJob {
  byteRing: SharedArrayBuffer;
}

export interface ConnectionJob {
  client: 'postgres' | 'mysql' | 'sqlite';
  /**
   * Where the app's driver (`pg`, `mysql2`, `better-sqlite3`) is: the Worker loads the same driver
   * Strapi uses.
   */
  driverPath: string;
  /**
   * The settings Strapi's pool connects with (knex's `connectionSettings`), but for the type cast
   * Strapi's MySQL dialect sets (a function: the Worker has its own, core/reading/mysql-row-types);
   * on SQLite only the database file's absolute path.
   */
  settings: Record<string, unknown>;
  /** PostgreSQL: knex's `searchPath` (Strapi's `connection.schema`), set on the connection first. */
  searchPath?: string | string[];
}

/** A closed urlset's figures, its bytes alongside. */
export type FileFigures = Omit<ClosedFile, 'sink'>;

/** The two streams of a urlset's content. */
export type FilePart = 'xml' | 'blockIndex';

export type FromWorker =
  /** A file's next bytes (UTF-8, uncompressed), for the main thread to compress. */
  | { kind: 'bytes'; sink: number; part: FilePart; bytes: Uint8Array }
  /** The same, written in a slot of the ring: its first `length` bytes. */
  | { kind: 'slot'; sink: number; part: FilePart; slot: number; length: number }
  | {
      kind: 'file';
      groupKey: string;
      file: FileFigures;
      /** The sink whose bytes it is: all of them were sent before. */
      sink: number;
      /** Whether it is the series' last file (its key range is open-ended). */
      isLast: boolean;
    }
  /** What the query engine reads beside these rows (core/reading/source-rows), for a `request`. */
  | { kind: 'beside'; request: number; rowIds: number[] }
  /** URLs written since the last progress message. */
  | { kind: 'progress'; urls: number }
  | {
      kind: 'done';
      report: ValidationSummary;
      seen: UrlHashSetState;
      priorities: Array<number | undefined>;
      phases: Partial<Record<RunPhase, number>>;
    }
  | { kind: 'failed'; message: string; stack?: string };

export type ToWorker =
  /** The main thread took the last file (its save started): the Worker may send the next. */
  | { kind: 'taken' }
  /** The main thread compressed that many of the bytes sent; their slot, if any, is free. */
  | { kind: 'consumed'; bytes: number; slot?: number }
  /** What the query engine reads beside the rows a `request` named, by row id. */
  | { kind: 'beside'; request: number; reads: Array<[number, BesideRows]> };
