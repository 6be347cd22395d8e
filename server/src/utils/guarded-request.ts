/**
 * Outgoing HTTP requests the plugin sends on settings an admin may edit (IndexNow today). Unless the
 * address comes from the site owner's code (`trusted`), the host must resolve to public addresses
 * only (core/net/private-address): the check runs in the socket's own DNS lookup, so the address
 * checked is the address connected to (no second lookup an attacker's DNS could answer
 * differently). Redirects are never followed: a 3xx is the answer. Node's http, not fetch: fetch
 * takes no lookup of its own without a second HTTP client.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isPrivateAddress } from '../core/net/private-address';

/** A resolver with dns.lookup's shape (tests give one that answers a fixed address). */
export type Resolver = (
  hostname: string,
  options: { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void
) => void;

export class RefusedAddressError extends Error {
  constructor(host: string, address: string) {
    super(`refused: ${host} is ${address}, a private or local address`);
  }
}

export interface GuardedRequest {
  method: 'POST' | 'GET';
  headers?: Record<string, string>;
  body?: string;
  /** The address comes from config/plugins (the site owner's code): any host may be reached. */
  trusted: boolean;
  timeoutMs: number;
  signal?: AbortSignal;
  resolve?: Resolver;
  /** Bytes of the body kept (64 KiB by default); past them the answer stops being read. */
  maxBody?: number;
}

export interface GuardedResponse {
  status: number;
  statusText: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A socket lookup that refuses private answers, for dns.lookup's callers with or without `all`. */
function guardedLookup(resolve: Resolver) {
  return (
    hostname: string,
    options: { all?: boolean },
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number
    ) => void
  ) => {
    resolve(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = addresses.find((entry) => isPrivateAddress(entry.address));
      if (refused || addresses.length === 0)
        return callback(new RefusedAddressError(hostname, refused?.address ?? 'no address'), '');
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

const MAX_BODY = 64 * 1024;

/** Sends one request; rejects on a refused address, a network error, a timeout or an abort. */
export function guardedRequest(url: string, options: GuardedRequest): Promise<GuardedResponse> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // An IP literal (127.0.0.1, [::1], 2130706433 once parsed) is connected to without a lookup.
  if (!options.trusted && isIP(host) && isPrivateAddress(host))
    return Promise.reject(new RefusedAddressError(target.host, host));
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: options.method,
        headers: options.headers,
        signal: options.signal,
        timeout: options.timeoutMs,
        ...(options.trusted ? {} : { lookup: guardedLookup(options.resolve ?? dnsLookup) }),
      },
      (response) => {
        const limit = options.maxBody ?? MAX_BODY;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          resolve({
            status: response.statusCode ?? 0,
            statusText: response.statusMessage ?? '',
            headers: response.headers,
            body: Buffer.concat(chunks).subarray(0, limit).toString('utf8'),
          });
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          // Enough of it: the rest is not read (a page's head is at its start).
          if (size >= limit) {
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', (error) => (size >= limit ? undefined : reject(error)));
      }
    );
    request.on('timeout', () =>
      request.destroy(new Error(`no answer within ${options.timeoutMs} ms`))
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
