import { changesLiveContent } from '../../../../server/src/core/changes/live-content';

const UID = 'api::article.article';

describe('changesLiveContent', () => {
  it('sees publish, unpublish, delete and discarding a draft on draft & publish types', () => {
    for (const action of ['publish', 'unpublish', 'delete', 'discardDraft'])
      expect(changesLiveContent({ uid: UID, action }, true)).toBe(true);
  });

  it('ignores saving a draft, unless the call publishes it too', () => {
    expect(changesLiveContent({ uid: UID, action: 'update' }, true)).toBe(false);
    expect(
      changesLiveContent({ uid: UID, action: 'create', params: { status: 'draft' } }, true)
    ).toBe(false);
    expect(
      changesLiveContent({ uid: UID, action: 'create', params: { status: 'published' } }, true)
    ).toBe(true);
    expect(
      changesLiveContent({ uid: UID, action: 'update', params: { status: 'published' } }, true)
    ).toBe(true);
  });

  it('sees create, update and delete on types without drafts, and no read', () => {
    for (const action of ['create', 'update', 'delete'])
      expect(changesLiveContent({ uid: UID, action }, false)).toBe(true);
    for (const action of ['findMany', 'findOne', 'count', 'publish'])
      expect(changesLiveContent({ uid: UID, action }, false)).toBe(false);
  });
});
