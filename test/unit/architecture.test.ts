/**
 * The services call each other one way. No import tool sees that graph (a service is reached by a
 * string, `getService(strapi, 'file-store')`), so this test reads every such call in server/src,
 * finds the service the calling file belongs to, and checks the call against the map below.
 * A plain module belongs to the one service of the nearest folder above it that holds one
 * (services/generation/outputs/feed.ts to the generator). Entry points (register, bootstrap,
 * destroy, controllers) may call any service.
 */
import fs from 'node:fs';
import path from 'node:path';

const SERVER = path.join(__dirname, '../../server/src');
const SERVICES = path.join(SERVER, 'services');

/** Who may call whom. Read-only views never reach the generator; nothing below the run calls back up. */
const ALLOWED: Record<string, string[]> = {
  // Changes flow: change feed → scheduler → generator.
  'media-changes': ['settings', 'change-feed'],
  'change-feed': ['settings', 'dirty-marks', 'scheduler'],
  scheduler: ['settings', 'clock', 'dirty-marks', 'runs', 'file-store', 'generator'],
  generator: [
    'settings',
    'clock',
    'hooks',
    'exclusions',
    'lease',
    'runs',
    'file-store',
    'indexnow',
  ],
  indexnow: ['settings'],
  // The check of listed URLs reads the live files, beside the runs (its own lease).
  'health-check': ['settings', 'lease', 'file-store'],
  // Views read the settings' plan and the store.
  dashboard: ['settings', 'dirty-marks', 'scheduler', 'runs', 'file-store', 'indexnow'],
  'entry-status': ['settings', 'hooks', 'exclusions', 'dirty-marks', 'file-store'],
  preview: ['settings', 'hooks', 'exclusions'],
  'file-browser': ['settings', 'file-store', 'runs'],
  'visitor-pages': ['settings', 'file-store'],
  // Stored files for anyone: through Koa's controller or the listener in front of it.
  'public-files': ['settings', 'file-store'],
  'direct-serving': ['public-files'],
  // Settings and what everything rests on.
  'legacy-import': ['settings', 'exclusions'],
  settings: ['hooks'],
  exclusions: [],
  hooks: [],
  'dirty-marks': [],
  'file-store': [],
  lease: [],
  runs: [],
  clock: [],
};

const ENTRY_POINTS = ['register.ts', 'bootstrap.ts', 'destroy.ts', 'controllers'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** services/index.ts: each registered service's key by the file that defines it. */
function serviceModules(): Map<string, string> {
  const index = fs.readFileSync(path.join(SERVICES, 'index.ts'), 'utf8');
  const fileOf = new Map<string, string>();
  for (const [, name, spec] of index.matchAll(/^import (\w+) from '(\.[^']+)';$/gm))
    fileOf.set(name, path.join(SERVICES, `${spec}.ts`));
  const body = index.slice(index.indexOf('export default {'));
  const modules = new Map<string, string>();
  for (const [, quoted, bare, value] of body.matchAll(
    /^\s+(?:'([a-z-]+)'|(\w+))(?:: (\w+))?,$/gm
  )) {
    const file = fileOf.get(value ?? bare);
    if (file) modules.set(file, quoted ?? bare);
  }
  return modules;
}

/** The service a file under services/ belongs to. */
function ownerOf(file: string, modules: Map<string, string>): string {
  if (modules.has(file)) return modules.get(file)!;
  for (let dir = path.dirname(file); dir.startsWith(SERVICES); dir = path.dirname(dir)) {
    const here = [...modules].filter(([module]) => path.dirname(module) === dir);
    if (here.length === 1) return here[0][1];
    if (here.length > 1)
      throw new Error(`${path.relative(SERVER, file)} calls services from a folder of several`);
  }
  throw new Error(`${path.relative(SERVER, file)} belongs to no service`);
}

/** `getService(strapi, 'x')`, and the admin controller's `service('x')` shorthand. */
function calledServices(source: string): string[] {
  const calls = source.matchAll(
    /(?:\bgetService\(\s*[\w.]+\s*,|(?<![.\w])service\()\s*'([a-z-]+)'/g
  );
  return [...calls].map((match) => match[1]);
}

describe('service calls', () => {
  const modules = serviceModules();

  it('finds every registered service and knows its place in the map', () => {
    expect(modules.size).toBeGreaterThan(10);
    expect([...modules.values()].sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it('go one way: every call a service makes is in the allowed map', () => {
    const outside: string[] = [];
    let checked = 0;
    for (const file of sourceFiles(SERVICES)) {
      const calls = calledServices(fs.readFileSync(file, 'utf8'));
      if (calls.length === 0) continue;
      const owner = ownerOf(file, modules);
      for (const callee of calls) {
        checked++;
        if (callee !== owner && !ALLOWED[owner].includes(callee))
          outside.push(`${path.relative(SERVER, file)} (${owner}) → ${callee}`);
      }
    }
    expect(checked).toBeGreaterThan(30);
    expect(outside).toEqual([]);
  });

  it('the allowed map itself has no cycle', () => {
    const state = new Map<string, 'open' | 'done'>();
    const visit = (name: string, trail: string[]): void => {
      if (state.get(name) === 'done') return;
      if (state.get(name) === 'open') throw new Error(`cycle: ${[...trail, name].join(' → ')}`);
      state.set(name, 'open');
      for (const callee of ALLOWED[name]) visit(callee, [...trail, name]);
      state.set(name, 'done');
    };
    for (const name of Object.keys(ALLOWED)) expect(() => visit(name, [])).not.toThrow();
  });

  it('entry points call only registered services', () => {
    const known = new Set(modules.values());
    const unknown: string[] = [];
    const entryFiles = ENTRY_POINTS.flatMap((entry) => {
      const full = path.join(SERVER, entry);
      return fs.statSync(full).isDirectory() ? sourceFiles(full) : [full];
    });
    for (const file of entryFiles) {
      for (const callee of calledServices(fs.readFileSync(file, 'utf8')))
        if (!known.has(callee)) unknown.push(`${path.relative(SERVER, file)} → ${callee}`);
    }
    expect(unknown).toEqual([]);
  });
});
