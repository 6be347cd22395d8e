'use strict';
/**
 * Sends N requests at once to a URL and prints, as JSON, what each received: status, headers, body
 * size and SHA-1. Run as a child process by serving-memory.test.ts, so the memory measured in the
 * test's process is Strapi's alone, not also the clients' 200 bodies arriving.
 * Usage: node concurrent-requests.js <url> <count> <GET|HEAD> <headers as JSON>
 */
const { createHash } = require('crypto');
const http = require('http');

const [url, count, method, headers] = process.argv.slice(2);

function request() {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, headers: JSON.parse(headers), agent: false },
      (response) => {
        const hash = createHash('sha1');
        let bytes = 0;
        response.on('data', (chunk) => {
          hash.update(chunk);
          bytes += chunk.length;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            headers: response.headers,
            sha1: hash.digest('hex'),
            bytes,
          })
        );
        response.on('error', reject);
      }
    );
    req.on('error', reject);
    req.end();
  });
}

Promise.all(Array.from({ length: Number(count) }, request)).then(
  (responses) => process.stdout.write(JSON.stringify(responses)),
  (error) => {
    process.stderr.write(String(error && error.stack ? error.stack : error));
    process.exit(1);
  }
);
