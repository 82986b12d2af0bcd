/**
 * Child-process entry of the enhancer: `node --import tsx enhance-child.ts '<EnhanceSpec JSON>'`. Prints
 * `ENHANCE-PROGRESS <0–1>` lines as the model's tiles are done, then one line `ENHANCE-RESULT <json>` with the result
 * (or the error) and the process's own peak RSS (VmHWM).
 */
import { runAndReport } from '../child-result';
import { makeEnhanced, type EnhanceSpec } from './pixels';

const spec = JSON.parse(process.argv[2] ?? '') as EnhanceSpec;
let last = -1;
await runAndReport('ENHANCE-RESULT', () =>
  makeEnhanced(spec, (done) => {
    // At most one line per percent.
    const percent = Math.floor(done * 100);
    if (percent === last) return;
    last = percent;
    process.stdout.write(`ENHANCE-PROGRESS ${done.toFixed(4)}\n`);
  }),
);
