'use strict';
/**
 * `node test/bench/load.js <url> <seconds> <connections> [headers-json]`: requests per second over
 * keep-alive connections, bodies read and dropped; prints one JSON line. Run in its own process so
 * the client does not share the server's event loop. Not autocannon: its parser tops out at ~44
 * requests/s for a 1 MB body on this machine (a bare Node server answering 1 MB), which hid the
 * server's own rate.
 */
const http = require('http');

const [url, seconds = '5', connections = '10', headersJson = '{}'] = process.argv.slice(2);
const headers = JSON.parse(headersJson);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });
const statuses = {};
let requests = 0;
let bytes = 0;

const once = () =>
  new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', resolve);
        res.on('error', reject);
      })
      .on('error', reject);
  });

(async () => {
  const started = Date.now();
  const end = started + Number(seconds) * 1000;
  await Promise.all(
    Array.from({ length: Number(connections) }, async () => {
      while (Date.now() < end) {
        await once();
        requests++;
      }
    })
  );
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  console.log(JSON.stringify({ rps: requests / elapsed, requests, bytes, statuses }));
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
