'use strict';
/**
 * Requests every URL of a JSON list at once (up to 50 in flight) and prints, as JSON, the status
 * each got. Run as a child process by the memory tests, so the memory measured in the test's
 * process is Strapi's alone, not also the clients' bodies arriving.
 * Usage: node burst-requests.js <file holding a JSON array of URLs>
 */
const fs = require('fs');
const http = require('http');

const urls = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const IN_FLIGHT = 50;

const get = (url) =>
  new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
      response.on('error', reject);
    });
    req.on('error', reject);
  });

(async () => {
  const statuses = new Array(urls.length);
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const at = next++;
      statuses[at] = await get(urls[at]);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  process.stdout.write(JSON.stringify(statuses));
})().catch((error) => {
  process.stderr.write(String(error.stack ?? error));
  process.exit(1);
});
