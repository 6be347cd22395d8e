import {
  indexNowRequests,
  indexNowSettingErrors,
  MAX_INDEXNOW_URLS,
  retriable,
} from '../../../../server/src/core/feeds/indexnow-protocol';
import { PUBLIC_INDEXNOW_ENDPOINTS } from '../../../../shared/indexnow-endpoints';

describe('indexNowRequests', () => {
  it('groups URLs by host and splits them into requests of at most 10,000', () => {
    const many = Array.from(
      { length: MAX_INDEXNOW_URLS + 1 },
      (_, i) => `https://www.example.com/p/${i}`
    );
    const requests = indexNowRequests({ key: 'abcdefgh' }, [
      ...many,
      'https://www.example.fr/a',
      'not a url',
    ]);
    expect(requests.map((request) => [request.host, request.urlList.length])).toEqual([
      ['www.example.com', MAX_INDEXNOW_URLS],
      ['www.example.com', 1],
      ['www.example.fr', 1],
    ]);
    expect(requests[0]).not.toHaveProperty('keyLocation');
  });

  it('gives each host its key location, on that host', () => {
    const [request] = indexNowRequests({ key: 'abcdefgh', keyLocation: '/keys/indexnow.txt' }, [
      'http://localhost:3000/a',
    ]);
    expect(request).toEqual({
      host: 'localhost:3000',
      key: 'abcdefgh',
      keyLocation: 'http://localhost:3000/keys/indexnow.txt',
      urlList: ['http://localhost:3000/a'],
    });
  });
});

describe('indexNowSettingErrors', () => {
  it('accepts a key, an endpoint and a key location', () => {
    expect(
      indexNowSettingErrors({
        key: 'a-B-3'.repeat(2) + 'x',
        endpoint: 'https://www.bing.com/indexnow',
        keyLocation: '/k.txt',
      })
    ).toEqual([]);
  });

  it('refuses each wrong value, field by field', () => {
    expect(
      indexNowSettingErrors({
        key: 'short',
        endpoint: 'ftp://x',
        keyLocation: 'k.txt',
        extra: true,
      })
    ).toEqual([
      ['extra', 'is not an IndexNow setting'],
      ['key', 'must be 8 to 128 characters: letters, digits and "-"'],
      ['endpoint', 'must be an absolute http(s) URL, such as https://api.indexnow.org/indexnow'],
      ['keyLocation', 'must be a path on each front-end host, such as /sitemap-key.txt'],
    ]);
    expect(indexNowSettingErrors({ key: 'x'.repeat(129) })).toHaveLength(1);
    expect(indexNowSettingErrors('key')).toEqual([
      ['', 'must be an object such as { key: "…" }, or false'],
    ]);
  });

  it('refuses a key shaped like a sitemap file’s name, which it would be served beside', () => {
    expect(indexNowSettingErrors({ key: 'article-12' })).toEqual([
      ['key', 'must not end with "-" and digits, the shape of a sitemap file’s name'],
    ]);
  });

  it('takes from the admin only a public endpoint or the config file’s own', () => {
    const errorsOf = (endpoint: string, configEndpoint: string | null) =>
      indexNowSettingErrors({ key: 'abcdefgh', endpoint }, configEndpoint).map(([key]) => key);
    for (const endpoint of PUBLIC_INDEXNOW_ENDPOINTS) expect(errorsOf(endpoint, null)).toEqual([]);
    expect(errorsOf('http://127.0.0.1:9/indexnow', null)).toEqual(['endpoint']);
    expect(errorsOf('https://www.bing.com.evil.example/indexnow', null)).toEqual(['endpoint']);
    expect(errorsOf('http://127.0.0.1:9/indexnow', 'http://127.0.0.1:9/indexnow')).toEqual([]);
    // The config file itself (no configEndpoint given): any http(s) endpoint is the owner's choice.
    expect(indexNowSettingErrors({ key: 'abcdefgh', endpoint: 'http://10.0.0.1/x' })).toEqual([]);
  });

  it('tries again only after 429 and 5xx', () => {
    expect([200, 400, 403, 422, 429, 500, 503].map(retriable)).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
  });
});
