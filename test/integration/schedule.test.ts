/**
 * The full-regeneration schedule: a schedule change replaces node-cron's task (the old one is
 * destroyed, not only stopped, so none piles up in node-cron's registry), and `cronTimezone` sets
 * the zone the expression is read in, for the schedule and for the settings page's preview.
 */
import { callAdmin } from '../helpers/admin-api';
import cron from 'node-cron';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { createSuperAdmin } from '../helpers/admin-auth';
import { testConfig } from '../helpers/config';

let app: TestStrapi;
let token: string;

const api = (method: string, path: string, body?: unknown) =>
  callAdmin(app.baseUrl, method, path, token, body);

/** The patterns of every task node-cron holds in its registry (this process: the plugin's only). */
const registered = () => [...cron.getTasks().values()].map((task) => task.getPattern());

/** Wall-clock time of an instant in a zone, e.g. "03:00". */
const clockIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

const SERVER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
// A zone whose 03:00 differs from the server's: the test proves the zone is applied.
const ZONE = SERVER_ZONE === 'Asia/Tokyo' ? 'America/New_York' : 'Asia/Tokyo';

beforeAll(async () => {
  app = await startTestStrapi({ pluginConfig: testConfig({ cron: '0 3 * * *' }) });
  token = (await createSuperAdmin(app.strapi, app.baseUrl)).token;
});

afterAll(async () => {
  await app?.stop();
});

it('destroys the task a schedule change replaces', async () => {
  expect(registered()).toEqual(['0 3 * * *']);
  for (const expression of ['*/5 * * * *', '0 4 * * *', '15 2 * * 1']) {
    expect((await api('PUT', '/settings', { cron: expression })).status).toBe(200);
    expect(registered()).toEqual([expression]);
  }
  expect((await api('PUT', '/settings', { cronTimezone: ZONE })).status).toBe(200);
  expect(registered()).toEqual(['15 2 * * 1']);
  expect((await api('PUT', '/settings', { cron: false })).status).toBe(200);
  expect(registered()).toEqual([]);
  expect((await api('PUT', '/settings', { cron: null, cronTimezone: null })).status).toBe(200);
  expect(registered()).toEqual(['0 3 * * *']);
});

it('previews the next runs in the time zone asked for, else in the server’s', async () => {
  const zoned = await api('POST', '/cron-preview', { expression: '0 3 * * *', timezone: ZONE });
  expect(zoned.status).toBe(200);
  expect(zoned.body.timezone).toBe(ZONE);
  expect(zoned.body.nextRuns).toHaveLength(5);
  expect(zoned.body.nextRuns.map((iso: string) => clockIn(iso, ZONE))).toEqual(
    Array(5).fill('03:00')
  );

  const server = await api('POST', '/cron-preview', { expression: '0 3 * * *' });
  expect(server.body.timezone).toBe(SERVER_ZONE);
  expect(server.body.nextRuns.map((iso: string) => clockIn(iso, SERVER_ZONE))).toEqual(
    Array(5).fill('03:00')
  );
  expect(server.body.nextRuns[0]).not.toBe(zoned.body.nextRuns[0]);

  const wrong = await api('POST', '/cron-preview', {
    expression: '0 3 * * *',
    timezone: 'Mars/Olympus_Mons',
  });
  expect(wrong.status).toBe(400);
  expect(wrong.body.error.details.errors.map((error: any) => error.path)).toEqual([['timezone']]);
  // Only names: an offset does not follow daylight saving time.
  expect(
    (await api('POST', '/cron-preview', { expression: '0 3 * * *', timezone: '+09:00' })).status
  ).toBe(400);
});

it('runs the schedule in the saved cronTimezone, and refuses an unknown zone with nothing saved', async () => {
  const saved = await api('PUT', '/settings', { cronTimezone: ZONE });
  expect(saved.status).toBe(200);
  expect(saved.body.settings.cronTimezone).toBe(ZONE);
  expect(saved.body.sources.cronTimezone).toBe('admin');
  const next = (await api('GET', '/status')).body.nextScheduledRun;
  expect(clockIn(next, ZONE)).toBe('03:00');
  expect(next).toBe(
    (await api('POST', '/cron-preview', { expression: '0 3 * * *', timezone: ZONE })).body
      .nextRuns[0]
  );

  const before = await api('GET', '/settings');
  const wrong = await api('PUT', '/settings', { cronTimezone: 'Europe/Atlantis' });
  expect(wrong.status).toBe(400);
  expect(wrong.body.error.details.errors).toEqual([
    expect.objectContaining({ path: ['cronTimezone'] }),
  ]);
  expect(await api('GET', '/settings')).toEqual(before);

  expect((await api('PUT', '/settings', { cronTimezone: null })).status).toBe(200);
  expect(clockIn((await api('GET', '/status')).body.nextScheduledRun, SERVER_ZONE)).toBe('03:00');
  expect(registered()).toEqual(['0 3 * * *']);
});
