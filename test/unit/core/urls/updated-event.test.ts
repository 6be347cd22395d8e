import { updatedEvent } from '../../../../server/src/core/urls/updated-event';
import { UrlChanges } from '../../../../server/src/core/urls/url-changes';

const BASE = 'https://example.com/api/sitemap';
const block = (key: string, urls: string[], size = 1) => ({
  key,
  urls,
  signature: `${size}|${urls.join(',')}`,
});
const done = (changes: UrlChanges | null, rewritten: string[], replaced: string[]) => ({
  id: 4,
  trigger: 'publish',
  scope: 'documents',
  base: BASE,
  rewritten,
  replaced: new Set(replaced),
  changes,
});

describe('updatedEvent', () => {
  it('names the served files rewritten and removed, never the internal ones', () => {
    const event = updatedEvent(
      done(
        null,
        ['article-1.xml', 'article-1.txt', 'article-1.blocks', 'index.xml'],
        ['article-1.xml', 'article-2.xml', 'article-2.blocks', 'visitors-article-1.json']
      )
    );
    expect(event).toEqual({
      run: { id: 4, trigger: 'publish', scope: 'documents' },
      files: {
        rewritten: [`${BASE}/article-1.xml`, `${BASE}/article-1.txt`, `${BASE}/index.xml`],
        removed: [`${BASE}/article-2.xml`],
      },
      urls: null,
    });
  });

  it('lists the URLs of each kind up to the cap, with whole counts', () => {
    const changes = new UrlChanges();
    for (let i = 0; i < 5; i++) changes.compare(undefined, block(`k${i}`, [`/p${i}`]));
    changes.compare(block('r', ['/r']), undefined);
    const event = updatedEvent(done(changes, ['article-1.xml'], []), 3);
    expect(event?.urls).toEqual({
      counts: { added: 5, changed: 0, removed: 1 },
      added: ['/p0', '/p1', '/p2'],
      changed: [],
      removed: ['/r'],
      truncated: true,
    });
  });

  it('is not sent for a run that changed no served file', () => {
    expect(updatedEvent(done(new UrlChanges(), ['recent.json'], []))).toBeNull();
  });
});
