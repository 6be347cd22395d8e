import fs from 'fs';
import os from 'os';
import path from 'path';
import crypto from 'crypto';
import type { AddressInfo } from 'net';
import { createStrapi } from '@strapi/strapi';
import type { Core } from '@strapi/strapi';

export const APP_DIR = path.resolve(__dirname, '../app');

export type DatabaseClient = 'sqlite' | 'postgres' | 'mysql';

export interface TestStrapi {
  strapi: Core.Strapi;
  baseUrl: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  pluginConfig?: object;
  publicUrl?: string;
  /** Serve the built admin panel of test/app (browser tests; build it with ensureAdminBuild first). */
  serveAdminPanel?: boolean;
}

// The few calls we make on a pg or mysql2 connection (pg has no types installed).
interface SqlClient {
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}

export function databaseClient(): DatabaseClient {
  const client = process.env.DATABASE_CLIENT || 'sqlite';
  if (client !== 'sqlite' && client !== 'postgres' && client !== 'mysql') {
    throw new Error(`DATABASE_CLIENT must be sqlite, postgres or mysql, got "${client}"`);
  }
  return client;
}

async function adminConnection(client: 'postgres' | 'mysql'): Promise<SqlClient> {
  if (client === 'postgres') {
    const { Client } = require('pg');
    const pg = new Client({
      host: '127.0.0.1',
      port: 5432,
      user: 'postgres',
      database: 'postgres',
    });
    await pg.connect();
    return pg;
  }
  const mysql = require('mysql2/promise');
  return mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', password: '' });
}

async function runAdminSql(client: 'postgres' | 'mysql', sql: string): Promise<void> {
  const conn = await adminConnection(client);
  try {
    await conn.query(sql);
  } finally {
    await conn.end();
  }
}

export interface TestDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function createDatabase(client: DatabaseClient): Promise<TestDatabase> {
  if (client === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-test-'));
    return {
      env: { DATABASE_FILENAME: path.join(dir, 'data.db') },
      async drop() {
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `sitemap_t_${crypto.randomBytes(6).toString('hex')}`;
  if (client === 'postgres') {
    await runAdminSql(client, `CREATE DATABASE "${name}"`);
    return {
      env: { DATABASE_NAME: name },
      drop: () => runAdminSql(client, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    };
  }
  await runAdminSql(
    client,
    `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`
  );
  return {
    env: { DATABASE_NAME: name },
    drop: () => runAdminSql(client, `DROP DATABASE IF EXISTS \`${name}\``),
  };
}

function setEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/**
 * Boots the test app in this process on a fresh, empty database and an ephemeral port.
 * Only one instance may run at a time: Strapi keeps itself in `global.strapi`.
 */
export async function startTestStrapi(options: StartOptions = {}): Promise<TestStrapi> {
  if ((global as { strapi?: unknown }).strapi) {
    throw new Error('A test Strapi is already running in this process: stop() it first');
  }
  const db = await createDatabase(databaseClient());
  try {
    return await boot(db, options);
  } catch (error) {
    await db.drop().catch(() => undefined);
    throw error;
  }
}

export interface RestartableStrapi extends TestStrapi {
  /** Stops Strapi without dropping its database and boots a new one on it (a process restart). */
  restart(): Promise<RestartableStrapi>;
}

/**
 * Strapi loads plugins and the app's APIs in parallel; when the plugins throw (an invalid
 * plugin config, say) the API loader goes on requiring files. Wait for it: a require after
 * jest has torn the test file down sets jest's exit code to 1 even when every test passed.
 */
async function settleLoading(strapi: Core.Strapi): Promise<void> {
  const apiCount = fs.readdirSync(path.join(APP_DIR, 'src/api')).length;
  for (let waited = 0; waited < 10_000; waited += 20) {
    if (Object.keys(strapi.apis).length >= apiCount) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * How long a stop waits for Strapi's destroy. On PostgreSQL it has been seen, rarely, never to end
 * (after the plugin's own destroy had, in 21 ms): the database is then dropped anyway, which ends
 * its connections, and what was still held is printed so the cause can be found.
 */
const DESTROY_WAIT_MS = 60_000;

async function destroyWithin(strapi: Core.Strapi, waitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), waitMs);
  });
  try {
    if ((await Promise.race([strapi.destroy(), late])) !== 'late') return;
  } finally {
    clearTimeout(timer);
  }
  const pool = (strapi.db?.connection as any)?.client?.pool;
  const held = pool
    ? `pool: ${pool.numUsed()} used, ${pool.numFree()} free, ${pool.numPendingAcquires()} waiting, ${pool.numPendingCreates()} being created`
    : 'no pool';
  const server = strapi.server?.httpServer;
  const listening = server ? `HTTP server listening: ${server.listening}` : 'no HTTP server';
  process.stderr.write(
    `[test helper] Strapi's destroy did not end within ${waitMs / 1000} s (${held}; ${listening}); dropping the database anyway\n`
  );
}

async function boot(db: TestDatabase, options: StartOptions): Promise<RestartableStrapi> {
  setEnv('DATABASE_CLIENT', databaseClient());
  for (const [key, value] of Object.entries(db.env)) setEnv(key, value);
  setEnv(
    'SITEMAP_PLUGIN_CONFIG',
    options.pluginConfig ? JSON.stringify(options.pluginConfig) : undefined
  );
  setEnv('PUBLIC_URL', options.publicUrl);
  setEnv('STRAPI_LOG_LEVEL', process.env.STRAPI_LOG_LEVEL || 'warn');
  process.env.STRAPI_TELEMETRY_DISABLED = 'true';
  process.env.STRAPI_DISABLE_EE = 'true';

  let strapi: Core.Strapi | undefined;
  try {
    strapi = createStrapi({
      appDir: APP_DIR,
      distDir: APP_DIR,
      autoReload: false,
      serveAdminPanel: options.serveAdminPanel ?? false,
    });
    await strapi.load();
    const server = strapi.server;
    await new Promise<void>((resolve, reject) => {
      server.httpServer.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    if (strapi) await settleLoading(strapi);
    if (strapi) await strapi.destroy().catch(() => undefined);
    // A Strapi that failed to load may not get as far as removing itself from the global scope.
    delete (global as { strapi?: unknown }).strapi;
    throw error;
  }

  const { port } = strapi.server.httpServer.address() as AddressInfo;
  const started = strapi;
  let stopped = false;
  return {
    strapi: started,
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await destroyWithin(started, DESTROY_WAIT_MS);
      } finally {
        await db.drop();
      }
    },
    async restart() {
      stopped = true;
      await started.destroy();
      return boot(db, options);
    },
  };
}
