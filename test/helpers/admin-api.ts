/** Calls to the plugin's admin routes, and waiting on a condition, as the integration tests share them. */

export interface AdminResponse {
  status: number;
  /** The raw body, for checks that a value does not appear anywhere in it. */
  text: string;
  body: any;
}

/**
 * Calls `/sitemap<path>` on a running test Strapi as the admin holding `token` (none: anonymous).
 * Node's fetch may reuse a keep-alive socket the server is closing (ECONNRESET): a GET, which is safe
 * to send again, is retried once.
 */
export async function callAdmin(
  baseUrl: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown
): Promise<AdminResponse> {
  const request = () =>
    fetch(`${baseUrl}/sitemap${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let response: Response;
  try {
    response = await request();
  } catch (error) {
    if (method !== 'GET') throw error;
    response = await request();
  }
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : null };
}

/**
 * Reads until `check` accepts what was read, or fails after `timeoutMs` saying what never happened
 * and the last value seen. A read that throws counts as not yet.
 */
export async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 60_000
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value: T | undefined;
  while (Date.now() < deadline) {
    value = await read().catch(() => undefined);
    if (value !== undefined && check(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} never happened; last seen: ${JSON.stringify(value)?.slice(0, 2000)}`);
}

/** Waits for `probe` to give a truthy value and returns it. */
export async function until<T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 60_000,
  what = 'the condition'
): Promise<T> {
  return (await waitFor(what, probe, Boolean, timeoutMs)) as T;
}
