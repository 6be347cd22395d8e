/**
 * Which listed URLs a check fetches: `count` positions drawn at random, without repeats, over the
 * files' URLs taken end to end (each file's share in proportion to its URLs), given per file in
 * order, so each file is read once. Every URL when `count` covers them all. Pure: the caller gives
 * the random source.
 */
export function samplePositions(
  files: Array<{ name: string; urlCount: number }>,
  count: number,
  random: () => number = Math.random
): Map<string, number[]> {
  const total = files.reduce((sum, file) => sum + file.urlCount, 0);
  const chosen = new Set<number>();
  if (count >= total) for (let at = 0; at < total; at++) chosen.add(at);
  // Floyd's algorithm: `count` distinct positions in `count` draws.
  else
    for (let j = total - count; j < total; j++) {
      const pick = Math.floor(random() * (j + 1));
      chosen.add(chosen.has(pick) ? j : pick);
    }
  const sorted = [...chosen].sort((a, b) => a - b);
  const byFile = new Map<string, number[]>();
  let start = 0;
  let at = 0;
  for (const file of files) {
    const end = start + file.urlCount;
    const positions: number[] = [];
    while (at < sorted.length && sorted[at] < end) positions.push(sorted[at++] - start);
    if (positions.length > 0) byFile.set(file.name, positions);
    start = end;
  }
  return byFile;
}
