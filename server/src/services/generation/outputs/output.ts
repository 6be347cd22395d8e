/**
 * A run output: what a run writes beside the urlsets (a type's news series, the feed, the visitors'
 * site map, the index, the stylesheet, the IndexNow push, and whatever comes next), declared in one
 * module. The run reads each document once, for the urlsets; an output collects from those reads,
 * writes its files once they are done (marking the live files it replaces in `run.files.replaced`,
 * which is what a partial run replaces of it), and acts once the files are live. Every member is
 * optional, and the state it collects is its own. The list is outputs/index.ts.
 */
import type { OriginBlock } from '../../../core/urls/document-urls';
import type { SourceDocument } from '../../reading/entry-source';

/** What an output collects from one read of a type's documents. */
export interface OutputReader {
  /** Each document's URLs on one host, as the urlsets get them. */
  collect(doc: SourceDocument, block: OriginBlock): void;
  /** After each page of a read of the whole type: a chance to save what it completed. */
  afterPage?(): Promise<void>;
  /** After a read of the whole type. */
  close?(): Promise<void>;
}

export interface RunOutput {
  /** Names the output in errors and logs. */
  name: string;
  /**
   * Its reader for a read of `uid` (whole: every document, else some documents or one file's
   * range); null or undefined when it collects nothing of that type.
   */
  reader?(uid: string, whole: boolean): OutputReader | null;
  /** Asks the run to compare the URLs it changes with the live files (run.changes). */
  readsUrlChanges?: boolean;
  /** Writes its files, once every read is done; outputs write in the list's order. */
  write?(): Promise<void>;
  /**
   * Once the run's files are live; `retired`: the files that were live and are not any more.
   * Must not throw: the run has succeeded.
   */
  switched?(retired: ReadonlySet<string>): void;
  /** The run failed, or starts again with another scope: lets go of what it holds. */
  dispose?(): Promise<void>;
}
