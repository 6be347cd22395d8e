import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import ts from 'typescript';

/** A thread's nice value, from the kernel's own record of it (field 19 of its stat line). */
const niceOf = (tid: number) =>
  Number(
    fs.readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]
  );

const linux = fs.existsSync('/proc/thread-self');

(linux ? describe : describe.skip)('lowerThisThreadsPriority (the run Worker gives way)', () => {
  it("lowers the calling thread's priority to nice 10 (never raising it) and leaves the process's main thread alone", async () => {
    // The module as the Worker's bundle has it: compiled from source, run in a real Worker thread.
    const source = fs.readFileSync(
      path.resolve(__dirname, '../../../server/src/run-worker/thread-priority.ts'),
      'utf8'
    );
    const compiled = ts.transpileModule(source, {
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
      },
    }).outputText;
    const code = `
      const { parentPort } = require('node:worker_threads');
      const module = { exports: {} };
      new Function('exports', 'require', 'module', ${JSON.stringify(compiled)})(module.exports, require, module);
      module.exports.lowerThisThreadsPriority();
      const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
      parentPort.postMessage(tid);
      parentPort.once('message', () => process.exit(0));
    `;
    const worker = new Worker(code, { eval: true });
    try {
      const tid = await new Promise<number>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      expect(tid).not.toBe(process.pid);
      expect(niceOf(tid)).toBe(Math.max(niceOf(process.pid), 10));
    } finally {
      worker.postMessage('stop');
      await worker.terminate();
    }
  });
});
