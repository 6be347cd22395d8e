import { isNotModified } from '../../../../server/src/core/serving/conditional-request';
import { requestedName } from '../../../../server/src/core/serving/requested-name';
import { servingOptions } from '../../../../server/src/core/settings/serving-options';
import config from '../../../../server/src/config';

describe('requestedName', () => {
  const prefix = '/api/sitemap/';

  it('takes one decoded path segment under the prefix, without its query', () => {
    expect(requestedName('/api/sitemap/index.xml', prefix)).toBe('index.xml');
    expect(requestedName('/api/sitemap/article-1.xml.gz?utm=x', prefix)).toBe('article-1.xml.gz');
    expect(requestedName('/api/sitemap/caf%C3%A9.xml', prefix)).toBe('café.xml');
  });

  it('leaves every other path to Koa', () => {
    for (const url of [
      undefined,
      '/api/sitemap/',
      '/api/sitemap',
      '/api/sitemapx/index.xml',
      '/api/sitemap/a/index.xml',
      '/api/sitemap/index.xml/',
      '/api/sitemap/%E0%A4%A.xml',
      '/sitemap/index.xml',
    ])
      expect([url, requestedName(url, prefix)]).toEqual([url, null]);
  });
});

describe('isNotModified', () => {
  const at = new Date('2026-12-02T10:00:00.750Z');

  it('compares entity tags, weak or strong, and * matches anything', () => {
    expect(isNotModified({ ifNoneMatch: '"a"' }, ['"a"', '"a-gz"'], at)).toBe(true);
    expect(isNotModified({ ifNoneMatch: 'W/"b", "a-gz"' }, ['"a"', '"a-gz"'], at)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '*' }, ['"a"'], at)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '"b"' }, ['"a"'], at)).toBe(false);
  });

  it('lets If-None-Match win over If-Modified-Since, a date counted in whole seconds', () => {
    const since = 'Wed, 02 Dec 2026 10:00:00 GMT';
    expect(isNotModified({ ifModifiedSince: since }, ['"a"'], at)).toBe(true);
    expect(isNotModified({ ifModifiedSince: 'Wed, 02 Dec 2026 09:59:59 GMT' }, ['"a"'], at)).toBe(
      false
    );
    expect(isNotModified({ ifNoneMatch: '"b"', ifModifiedSince: since }, ['"a"'], at)).toBe(false);
    expect(isNotModified({ ifModifiedSince: 'not a date' }, ['"a"'], at)).toBe(false);
    expect(isNotModified({}, ['"a"'], at)).toBe(false);
  });
});

describe('servingOptions', () => {
  it('is off when absent, on when asked', () => {
    expect(servingOptions(undefined)).toEqual({ beforeMiddleware: false, errors: [] });
    expect(servingOptions({})).toEqual({ beforeMiddleware: false, errors: [] });
    expect(servingOptions({ beforeMiddleware: true })).toEqual({
      beforeMiddleware: true,
      errors: [],
    });
  });

  it('names every wrong value, and stays off then', () => {
    expect(servingOptions(true).errors.map((error) => error.path)).toEqual([['serving']]);
    const wrong = servingOptions({ beforeMiddleware: 'yes', early: true });
    expect(wrong.beforeMiddleware).toBe(false);
    expect(wrong.errors.map((error) => error.path)).toEqual([
      ['serving', 'early'],
      ['serving', 'beforeMiddleware'],
    ]);
  });

  it('is checked at startup with the settings, without being a setting', () => {
    const base = { hostname: 'https://www.example.com' };
    expect(() => config.validator({ ...base, serving: { beforeMiddleware: true } })).not.toThrow();
    expect(() => config.validator({ ...base, serving: { beforeMiddleware: 1 } })).toThrow(
      /serving\.beforeMiddleware: must be true or false/
    );
  });
});
