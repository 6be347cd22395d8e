/**
 * `node test/bench/bare-node.js`: the serving baseline without Strapi. A bare Node server answers
 * an empty response and a 1 MB body (the size of a 50,000-URL gzip file) to the bench's own load
 * client, to tell what a body of that size costs on this machine from what the plugin costs.
 */
'use strict';
const http = require('http');
const crypto = require('crypto');
const { execFile } = require('child_process');
const body = crypto.randomBytes(1024 * 1024);
const server = http.createServer((req, res) => {
  if (req.url === '/health') {
    res.statusCode = 204;
    return res.end();
  }
  res.writeHead(200, {
    'content-type': 'application/xml',
    'content-encoding': 'gzip',
    'content-length': body.length,
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', async () => {
  const port = server.address().port;
  const load = (url) =>
    new Promise((resolve, reject) =>
      execFile(
        process.execPath,
        [require('path').join(__dirname, 'load.js'), url, '5', '10', '{}'],
        (e, out) => (e ? reject(e) : resolve(JSON.parse(out)))
      )
    );
  const health = await load(`http://127.0.0.1:${port}/health`);
  const file = await load(`http://127.0.0.1:${port}/file`);
  console.log(
    'bare node: empty',
    Math.round(health.rps),
    'req/s; 1 MB body',
    Math.round(file.rps),
    'req/s',
    Math.round((100 * file.rps) / health.rps) + '%'
  );
  server.close();
  process.exit(0);
});
