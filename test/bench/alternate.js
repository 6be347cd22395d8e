'use strict';
/**
 * `node test/bench/alternate.js --db postgres --n 1000000 --builds <checkout>,<checkout> [--rounds 3]
 *  [--database <name or SQLite file>] [--keep on] [--worker off] [--images on]`
 * Two builds (or more) timed on one seeded database, alternated: the bench's single runs move with
 * this machine's speed by more than most changes (docs/performance.md), so a change is decided by
 * its builds taking turns in the same minutes. Seeds N URLs' worth once (run.js's seeding; skipped
 * with `--database`, which reuses a seeded database), then each round starts, for every build in
 * turn, a process of that checkout's own (its test/app, its built plugin: run `npm run build` in
 * each) that times two full runs, then the lower bound, and prints them with the CPU they used
 * (this process, all its threads; the database server's processes, all of them: a quiet machine's
 * figure), each full run's peak RSS above the idle Strapi's (the kernel's high-water mark, reset
 * before it) and the runs' phases. The seeding makes the site's first sitemap, so every full run
 * replaces a set as large as its own, as a server's does; the first process's first run may wait
 * on the database's own after-seed work: compare the rounds after it. `--keep on` leaves the
 * database for a next call.
 * `--child` (internal) is that process.
 */
const path = require('path');
const { execFile } = require('child_process');
const { promisify } = require('util');

// run.js reads the command line (`--db` and the rest) as this script takes it.
const bench = require('./run');

const { args, CLIENT } = bench;
const RESULT = 'alternate: ';

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/**
 * One process: two full runs, then the lower bound, on the database the environment names. The
 * bound comes last: read on Strapi's thread, it grows that thread's heap, and a full run after it
 * peaked 30-190 MB higher than the same process's runs before it (2026-12-06, docs/performance.md).
 */
async function child() {
  const { strapi, baseUrl } = await bench.boot();
  try {
    // `--images on` (the parent's, in the environment): the covers listed, as run.js lists them.
    if (bench.IMAGES) await bench.listCovers(strapi);
    await bench.settle();
    const generator = strapi.plugin('sitemap').service('generator');
    const idleRss = await bench.idleRssOf();
    // Wall time, and the CPU this process (all its threads) and the database server used.
    const timed = async (fn) => {
      global.gc?.();
      const cpu = bench.cpuMeter();
      const started = process.hrtime.bigint();
      await fn();
      return { ms: Number(process.hrtime.bigint() - started) / 1e6, cpu: cpu() };
    };
    const fullRun = async () => {
      global.gc?.();
      const peakRss = bench.rssSampler();
      const timing = await timed(() => generator.generate('script'));
      const peakAboveIdle = peakRss() - idleRss;
      const run = await bench.latestRun(strapi);
      if (run.status !== 'success') throw new Error(`full run ended ${run.status}`);
      return { ...timing, peakAboveIdle, phases: run.phases };
    };
    const first = await fullRun();
    const second = await fullRun();
    if (bench.IMAGES) await bench.expectCovers(strapi, baseUrl);
    const bound = await timed(() => bench.lowerBound(strapi));
    process.stdout.write(`${RESULT}${JSON.stringify({ first, bound, second })}\n`);
  } finally {
    await strapi.destroy();
  }
}

async function main() {
  const builds = String(args.builds || path.resolve(__dirname, '../..'))
    .split(',')
    .map((dir) => path.resolve(dir));
  const rounds = Number(args.rounds || 3);
  const n = Number(args.n || 100_000);
  process.env.SITEMAP_PLUGIN_CONFIG = JSON.stringify({
    hostname: 'https://www.example.com',
    contentTypes: { 'api::article.article': bench.ARTICLE_MAPPING },
    cron: false,
    debounceMs: bench.DEBOUNCE_MS,
    // `--worker off`, as run.js takes it: every build writes the type on Strapi's thread.
    ...(args.worker === 'off' ? { worker: false } : {}),
  });
  let drop = null;
  if (args.database) {
    if (CLIENT === 'sqlite') process.env.DATABASE_FILENAME = path.resolve(args.database);
    else process.env.DATABASE_NAME = args.database;
  } else {
    drop = await bench.createDatabase();
    const seeding = await bench.seedInChild(n);
    console.log(`seeded ${n.toLocaleString('en')} URLs in ${seconds(seeding.ms)}`);
  }
  console.log(
    `database: ${process.env.DATABASE_NAME ?? process.env.DATABASE_FILENAME} (${CLIENT})`
  );
  const lines = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      for (const build of builds) {
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [
            '--expose-gc',
            path.join(build, 'test/bench/alternate.js'),
            '--child',
            '1',
            '--db',
            CLIENT,
          ],
          { env: process.env, maxBuffer: 16 * 1024 * 1024 }
        );
        const line = stdout.split('\n').find((text) => text.startsWith(RESULT));
        if (!line) throw new Error(`${build} printed no result:\n${stdout}`);
        const { first, bound, second } = JSON.parse(line.slice(RESULT.length));
        const boundMs = bound.ms;
        const cpu = ({ cpu: used }) => `${seconds(used.processMs)} + ${seconds(used.databaseMs)}`;
        const phases = (run) =>
          Object.entries(run.phases)
            .filter(([, ms]) => ms >= 50)
            .map(([name, ms]) => `${name} ${seconds(ms)}`)
            .join(', ');
        const mb = (bytes) => `${Math.round(bytes / 1024 / 1024)} MB`;
        const row = `| ${round} | ${path.basename(build)} | ${seconds(first.ms)}, ${seconds(second.ms)} | ${seconds(boundMs)} | ${(first.ms / boundMs).toFixed(2)}×, ${(second.ms / boundMs).toFixed(2)}× | ${mb(first.peakAboveIdle)}, ${mb(second.peakAboveIdle)} | ${cpu(second)} | ${cpu(bound)} | ${phases(second)} |`;
        console.log(row);
        lines.push(row);
      }
    }
  } finally {
    if (drop && args.keep !== 'on') await drop();
  }
  console.log(
    [
      `\n${args.database && !args.n ? 'the seeded database' : `${n.toLocaleString('en')} URLs`}, ${CLIENT}, ${rounds} rounds`,
      "| round | build | full runs | lower bound | ratios | peak RSS above idle | CPU of the second run: process + database | CPU of the bound | the second run's phases |",
      '| ---: | --- | --- | ---: | --- | --- | ---: | ---: | --- |',
      ...lines,
    ].join('\n')
  );
}

(args.child ? child() : main()).then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  }
);
