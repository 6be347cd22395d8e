/**
 * Two Strapi instances as separate processes on one PostgreSQL (or MariaDB) database: one
 * generation at a time whatever the triggers, identical files served by both, and a takeover of
 * the lease when the instance holding it is killed in the middle of a run.
 * SQLite is a single-process database here, so this file runs on the server databases only.
 */
import { until } from '../helpers/admin-api';
import { spawn, type ChildProcess } from 'child_process';
import path from 'path';
import { createDatabase, databaseClient, type TestDatabase } from '../helpers/strapi-app';
import { testConfig } from '../helpers/config';
import { fileUrl } from '../helpers/sitemap-http';
import { ADMIN_PASSWORD, loginAdmin } from '../helpers/admin-auth';

const serverDatabase = databaseClient() !== 'sqlite';
const describeOnServerDb = serverDatabase ? describe : describe.skip;

interface Instance {
  child: ChildProcess;
  baseUrl: string;
  owner: string;
}

const SCRIPT = path.resolve(__dirname, '../scripts/instance.js');
let db: TestDatabase;
const instances: Instance[] = [];

function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, [SCRIPT], {
    env: {
      ...process.env,
      ...db.env,
      ...env,
      DATABASE_CLIENT: databaseClient(),
      STRAPI_LOG_LEVEL: 'error',
      STRAPI_TELEMETRY_DISABLED: 'true',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const ready = /READY (\d+) (\S+)/.exec(output);
      if (ready) {
        const instance = { child, baseUrl: `http://127.0.0.1:${ready[1]}`, owner: ready[2] };
        instances.push(instance);
        resolve(instance);
      }
    });
    child.once('exit', (code) =>
      reject(new Error(`instance exited with ${code} before it was ready`))
    );
  });
}

async function adminToken(instance: Instance) {
  await fetch(`${instance.baseUrl}/admin/register-admin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      firstname: 'Ada',
      lastname: 'Admin',
      email: 'ada@example.com',
      password: ADMIN_PASSWORD,
    }),
  });
  return loginAdmin(instance.baseUrl, 'ada@example.com');
}

const api = async (instance: Instance, token: string, method: string, route: string) => {
  const response = await fetch(`${instance.baseUrl}/sitemap${route}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: await response.json() };
};

/** Other instances are child processes: they take longer to boot and to answer. */
const waitFor = <T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 120_000) =>
  until(probe, timeoutMs);

/** A statement on the test database, as another client of it would run. */
async function sql(statement: string) {
  const name = db.env.DATABASE_NAME;
  if (databaseClient() === 'postgres') {
    const { Client } = require('pg');
    const client = new Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: name });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
    return;
  }
  const mysql = require('mysql2/promise');
  const connection = await mysql.createConnection({
    host: '127.0.0.1',
    port: 3306,
    user: 'root',
    password: '',
    database: name,
  });
  try {
    await connection.query(statement);
  } finally {
    await connection.end();
  }
}

async function servedSet(instance: Instance) {
  const index = await (await fetch(fileUrl(instance.baseUrl, 'index.xml'))).text();
  const names = [...index.matchAll(/<loc>[^<]*\/([^/<]+)<\/loc>/g)].map((match) => match[1]);
  const files: Record<string, string> = { 'index.xml': index };
  for (const name of names)
    files[name] = await (await fetch(fileUrl(instance.baseUrl, name))).text();
  return files;
}

describeOnServerDb('two instances on one database', () => {
  let token: string;

  beforeAll(async () => {
    db = await createDatabase(databaseClient());
    const contentTypes = { 'api::category.category': { pattern: '/c/[slug]', priority: 0.5 } };
    const config = JSON.stringify(
      testConfig({ cron: false, contentTypes, lease: { ttlMs: 3000 } })
    );
    const first = await startInstance({ SITEMAP_PLUGIN_CONFIG: config, SEED_CATEGORIES: '60000' });
    await startInstance({ SITEMAP_PLUGIN_CONFIG: config });
    token = await adminToken(first);
  }, 300_000);

  afterAll(async () => {
    const running = instances.filter(
      ({ child }) => child.exitCode === null && child.signalCode === null
    );
    await Promise.all(
      running.map(
        ({ child }) => new Promise((resolve) => child.once('exit', resolve).kill('SIGKILL'))
      )
    );
    await db?.drop();
  }, 120_000);

  it('runs one generation at a time for concurrent triggers on both, and both serve the same files', async () => {
    const [a, b] = instances;
    const triggers = await Promise.all(
      [a, b, a, b].map((instance) => api(instance, token, 'POST', '/generate'))
    );
    expect(triggers.map((trigger) => trigger.status)).toEqual([202, 202, 202, 202]);
    const runs = await waitFor(async () => {
      const { body } = await api(a, token, 'GET', '/status');
      const manual = body.runs.filter((run: any) => run.trigger === 'manual');
      return manual.length >= 2 &&
        !body.runs.some((run: any) => run.status === 'running') &&
        body.running === null
        ? body.runs
        : null;
    });
    const finished = runs
      .filter((run: any) => run.status === 'success')
      .sort((x: any, y: any) => x.id - y.id);
    for (let i = 1; i < finished.length; i++) {
      expect(new Date(finished[i].startedAt).getTime()).toBeGreaterThanOrEqual(
        new Date(finished[i - 1].finishedAt).getTime()
      );
    }
    // Each instance reads the list of live files at most once a second (see file-store.ts).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const [fromA, fromB] = await Promise.all([servedSet(a), servedSet(b)]);
    expect(Object.keys(fromA).length).toBeGreaterThan(2);
    expect(fromB).toEqual(fromA);
  }, 300_000);

  it('never lets a run that stalled past its lease replace the newer files of the instance that took over', async () => {
    const [a, b] = instances;
    await api(a, token, 'POST', '/generate');
    const stalled = await waitFor(async () => {
      const { body } = await api(a, token, 'GET', '/status');
      return body.running !== null && body.runs.find((run: any) => run.status === 'running');
    });
    // A stalls (a long GC pause, a frozen VM): it stops renewing its lease.
    a.child.kill('SIGSTOP');
    try {
      // Newer content, written out by B once A's lease has expired by the database's clock.
      await sql(
        `UPDATE categories SET slug = 'newer-content' WHERE document_id = 'seed00000000000000000000'`
      );
      expect((await api(b, token, 'POST', '/generate')).status).toBe(202);
      await waitFor(async () => {
        const { body } = await api(b, token, 'GET', '/status');
        return body.runs.find((run: any) => run.id > stalled.id && run.status === 'success');
      });
    } finally {
      a.child.kill('SIGCONT');
    }
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const newer = await servedSet(b);
    // A resumes: its run ends failed, and switches nothing.
    const ended = await waitFor(async () => {
      const { body } = await api(a, token, 'GET', '/status');
      const run = body.runs.find((candidate: any) => candidate.id === stalled.id);
      return body.running === null && run.status === 'failed' ? run : null;
    });
    expect(ended.error).toMatch(/lease|interrupted/);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const [fromA, fromB] = await Promise.all([servedSet(a), servedSet(b)]);
    expect(fromB).toEqual(newer);
    expect(fromA).toEqual(newer);
    expect(Object.values(newer).some((xml) => xml.includes('/c/newer-content<'))).toBe(true);
  }, 300_000);

  it('lets the other instance take over when the lease holder dies mid-run', async () => {
    const [a, b] = instances;
    await api(a, token, 'POST', '/generate');
    // Wait until instance A holds the lease and is writing.
    await waitFor(async () => {
      const { body } = await api(a, token, 'GET', '/status');
      return body.running !== null;
    });
    a.child.kill('SIGKILL');
    const killedAt = Date.now();
    const trigger = await api(b, token, 'POST', '/generate');
    expect(trigger.status).toBe(202);
    const run = await waitFor(async () => {
      const { body } = await api(b, token, 'GET', '/status');
      return body.runs.find(
        (candidate: any) =>
          candidate.status === 'success' && new Date(candidate.startedAt).getTime() >= killedAt
      );
    });
    expect(run.trigger).toBe('manual');
    const { body } = await api(b, token, 'GET', '/status');
    // The run A never finished is recorded as interrupted, not left running.
    expect(body.runs.some((candidate: any) => candidate.status === 'running')).toBe(false);
    expect(
      body.runs.some(
        (candidate: any) => candidate.status === 'failed' && /interrupted/.test(candidate.error)
      )
    ).toBe(true);
    expect(body.totals.urls).toBe(60_001);
  }, 300_000);
});

if (!serverDatabase) {
  it('needs PostgreSQL or MariaDB (set DATABASE_CLIENT)', () => {
    expect(databaseClient()).toBe('sqlite');
  });
}
