/**
 * What a run changed of the listed URLs: added (a URL no live file held), changed (a document's URLs
 * whose entry in the file differs: another lastmod, alternates, images…) and removed (a URL no file
 * holds any more). A run compares, document by document in key order, the blocks it writes with the
 * blocks of the live files it replaces, so whatever kind of run made a URL live, change or leave, it
 * is seen once. Kept capped: a hostname change on a site of millions changes every URL, and what
 * reads the changes (IndexNow, a webhook) takes a sample and the counts. Pure.
 */
import type { ChangeSample, RunChanges } from '../../../../shared/api-types';

/** What the comparison needs of a block: its key, its URLs and what its entry looks like. */
export interface ComparedBlock {
  key: string;
  urls: string[];
  /** Equal for two blocks whose written entry is the same (its size, its lastmod and its URLs). */
  signature: string;
}

/** A block's signature from what the writer and the block index both know of it. */
export const blockSignature = (
  xmlLength: number,
  lastmodTime: number | null | undefined,
  text: string
) => `${xmlLength}|${lastmodTime ?? ''}|${text}`;

/** The URLs of a block's text twin (one per line). */
export const urlsOfText = (text: string) => text.split('\n').filter((line) => line !== '');

export type ChangeKind = ChangeSample['kind'];

/** URLs most kept per kind: IndexNow takes at most 10,000 a request, a push of ten requests. */
export const MAX_KEPT_CHANGES = 100_000;

/** URLs kept per type and kind for the run history, which shows each admin the types they may read. */
export const SAMPLES_PER_TYPE = 5;

/** The changes of a run, each kind counted whole and kept up to `cap` URLs. */
export class UrlChanges {
  readonly counts: Record<ChangeKind, number> = { added: 0, changed: 0, removed: 0 };
  private readonly kept: Record<ChangeKind, Set<string>> = {
    added: new Set(),
    changed: new Set(),
    removed: new Set(),
  };
  /** Per type (custom URLs under ''), a few URLs of each kind. */
  private readonly samples = new Map<string, ChangeSample[]>();

  constructor(private readonly cap = MAX_KEPT_CHANGES) {}

  add(kind: ChangeKind, url: string, contentType: string | null = null) {
    const set = this.kept[kind];
    if (set.has(url)) return;
    this.counts[kind]++;
    if (set.size < this.cap) set.add(url);
    const ofType = this.samples.get(contentType ?? '') ?? [];
    if (ofType.filter((sample) => sample.kind === kind).length < SAMPLES_PER_TYPE) {
      ofType.push({ kind, url, contentType });
      this.samples.set(contentType ?? '', ofType);
    }
  }

  /**
   * Compares a document's block before and after the run (either may be missing); `contentType`
   * is the type the document belongs to, null for the custom URLs.
   */
  compare(
    before: ComparedBlock | undefined,
    after: ComparedBlock | undefined,
    contentType: string | null = null
  ) {
    if (before && after && before.signature === after.signature) return;
    const now = new Set(after?.urls ?? []);
    const was = new Set(before?.urls ?? []);
    for (const url of now) this.add(was.has(url) ? 'changed' : 'added', url, contentType);
    for (const url of was) if (!now.has(url)) this.add('removed', url, contentType);
  }

  /** The counts and samples a run report keeps. */
  summary(): RunChanges {
    return { counts: { ...this.counts }, samples: [...this.samples.values()].flat() };
  }

  /** Every URL kept, whatever its kind: what a search engine is told to look at again. */
  urls(): string[] {
    return [...new Set([...this.kept.added, ...this.kept.changed, ...this.kept.removed])];
  }

  list(kind: ChangeKind): string[] {
    return [...this.kept[kind]];
  }

  get total() {
    return this.counts.added + this.counts.changed + this.counts.removed;
  }
}

/**
 * Walks a group's live blocks in key order beside the blocks a run writes for the group, in the
 * same order: every live block whose key the run passes without writing it left, one with the same
 * key is compared. `next` gives the live blocks, file by file, until it gives null.
 */
export class GroupComparison {
  private pending: ComparedBlock[] = [];
  private at = 0;
  private exhausted = false;

  constructor(
    private readonly changes: UrlChanges,
    private readonly next: () => Promise<ComparedBlock[] | null>,
    private readonly contentType: string | null = null
  ) {}

  /** The live block of `key`, if any, after the live blocks before it have been counted removed. */
  private async liveBlock(key: string | null): Promise<ComparedBlock | undefined> {
    for (;;) {
      while (this.at < this.pending.length) {
        const live = this.pending[this.at];
        if (key !== null && live.key > key) return undefined;
        this.at++;
        if (live.key === key) return live;
        this.changes.compare(live, undefined, this.contentType);
      }
      if (this.exhausted) return undefined;
      const loaded = await this.next();
      if (loaded === null) this.exhausted = true;
      else {
        this.pending = loaded;
        this.at = 0;
      }
    }
  }

  /** The run wrote `block` (its keys come in increasing order). */
  async written(block: ComparedBlock) {
    this.changes.compare(await this.liveBlock(block.key), block, this.contentType);
  }

  /** The run is done with the group: whatever live block is left was removed. */
  async finish() {
    await this.liveBlock(null);
  }
}
