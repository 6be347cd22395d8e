'use strict';
/**
 * `node test/bench/profile-gaps.js <dir>/<label>.cpuprofile [count]`: for the longest times the
 * event loop was held during a profiled bench step (BENCH_PROFILE_DIR writes <label>.gaps.json
 * beside the profile), what ran: the profile's samples inside each gap, by function, self time and
 * time including callees.
 */
const fs = require('fs');

const [profilePath, count = '5'] = process.argv.slice(2);
const profile = JSON.parse(fs.readFileSync(profilePath, 'utf8'));
const gaps = JSON.parse(
  fs.readFileSync(profilePath.replace(/\.cpuprofile$/, '.gaps.json'), 'utf8')
);

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id);
const frameName = (id) => {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  return `${functionName || '(anonymous)'} ${url.split('/').slice(-3).join('/')}:${lineNumber + 1}`;
};
const sampleTimes = [];
let at = profile.startTime;
for (const delta of profile.timeDeltas) sampleTimes.push((at += delta));

const top = (totals, limit) =>
  [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, us]) => `    ${(us / 1000).toFixed(1)} ms  ${name}`)
    .join('\n');

for (const [from, to] of gaps.slice(0, Number(count))) {
  const self = new Map();
  const inclusive = new Map();
  for (let i = 0; i < profile.samples.length - 1; i++) {
    if (sampleTimes[i] < from || sampleTimes[i] >= to) continue;
    const spent = sampleTimes[i + 1] - sampleTimes[i];
    let id = profile.samples[i];
    self.set(frameName(id), (self.get(frameName(id)) ?? 0) + spent);
    const seen = new Set();
    for (; id !== undefined; id = parentOf.get(id)) {
      const name = frameName(id);
      if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + spent);
      seen.add(name);
    }
  }
  console.log(
    `\nloop held ${((to - from) / 1000).toFixed(1)} ms, ${((from - profile.startTime) / 1e6).toFixed(2)} s into the profile`
  );
  console.log(`  self:\n${top(self, 8)}\n  including callees:\n${top(inclusive, 20)}`);
}
