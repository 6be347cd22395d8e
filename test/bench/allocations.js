'use strict';
/**
 * `node test/bench/allocations.js <dir>/<label>.heapprofile [count]`: what a profiled bench step
 * allocated (BENCH_PROFILE_DIR writes the sampling heap profile, objects freed by both collections
 * included), by allocation site: its own bytes, and with what the functions it called allocated.
 */
const fs = require('fs');

const [profilePath, count = '25'] = process.argv.slice(2);
const { head } = JSON.parse(fs.readFileSync(profilePath, 'utf8'));

const frameName = ({ callFrame: { functionName, url, lineNumber } }) =>
  `${functionName || '(anonymous)'} ${url.split('/').slice(-3).join('/')}:${lineNumber + 1}`;

const own = new Map();
const including = new Map();
let total = 0;
// Depth first, with the names on the path (a recursive function is counted once per path).
const stack = [[head, new Set()]];
while (stack.length > 0) {
  const [node, above] = stack.pop();
  const name = frameName(node);
  const path = new Set(above).add(name);
  total += node.selfSize;
  own.set(name, (own.get(name) ?? 0) + node.selfSize);
  for (const frame of path) including.set(frame, (including.get(frame) ?? 0) + node.selfSize);
  for (const child of node.children) stack.push([child, path]);
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(1).padStart(7)} MB`;
const top = (totals) =>
  [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(count))
    .map(([name, bytes]) => `  ${mb(bytes)}  ${name}`)
    .join('\n');
console.log(`allocated ${mb(total).trim()} (sampled)\nown:\n${top(own)}`);
console.log(`including callees:\n${top(including)}`);
