import http from 'http';
import type { AddressInfo } from 'net';
import { isPrivateAddress } from '../../../server/src/core/net/private-address';
import { guardedRequest, type Resolver } from '../../../server/src/utils/guarded-request';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    'fd00::1',
    'fc00::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a00:1',
    'not an address',
  ])('%s is private or local', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    }
  );
});

describe('guardedRequest', () => {
  let server: http.Server;
  let port: number;
  const hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url === '/moved') {
        response.statusCode = 307;
        response.setHeader('Location', `http://127.0.0.1:${port}/secret`);
      }
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    hits.length = 0;
  });

  const toLoopback: Resolver = (_host, _options, callback) =>
    callback(null, [{ address: '127.0.0.1', family: 4 }]);
  const options = (trusted: boolean, resolve?: Resolver) => ({
    method: 'POST' as const,
    body: '{}',
    trusted,
    timeoutMs: 5_000,
    resolve,
  });

  it('reaches this machine when the address is the site owner’s (trusted)', async () => {
    const response = await guardedRequest(`http://127.0.0.1:${port}/ping`, options(true));
    expect(response).toMatchObject({ status: 200, body: 'ok' });
    expect(hits).toEqual(['/ping']);
  });

  it.each(['127.0.0.1', '[::1]', '2130706433', '0x7f.1'])(
    'refuses the IP literal %s before connecting',
    async (host) => {
      await expect(guardedRequest(`http://${host}:${port}/x`, options(false))).rejects.toThrow(
        /^refused: /
      );
      expect(hits).toEqual([]);
    }
  );

  it('refuses a name that resolves to a private address, in the socket’s own lookup', async () => {
    await expect(
      guardedRequest(`http://api.indexnow.org:${port}/indexnow`, options(false, toLoopback))
    ).rejects.toThrow('refused: api.indexnow.org is 127.0.0.1, a private or local address');
    expect(hits).toEqual([]);
  });

  it('refuses when any of the addresses a name resolves to is private', async () => {
    const mixed: Resolver = (_host, _options, callback) =>
      callback(null, [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ]);
    await expect(
      guardedRequest(`http://www.bing.com:${port}/indexnow`, options(false, mixed))
    ).rejects.toThrow(/10\.0\.0\.5/);
  });

  it('answers a redirect as it comes, without following it', async () => {
    const response = await guardedRequest(`http://127.0.0.1:${port}/moved`, options(true));
    expect(response.status).toBe(307);
    expect(hits).toEqual(['/moved']);
  });
});
