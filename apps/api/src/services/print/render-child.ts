/**
 * Child-process entry of the print renderer: `node --import tsx render-child.ts '<RenderSpec JSON>'`. Renders, then
 * prints one line `PRINT-RESULT <json>` with the result (or the error) and the process's own peak RSS (VmHWM), so the
 * parent (the job, the benchmark) knows exactly what making the file cost.
 */
import { runAndReport } from '../child-result';
import { renderPrintFile, type RenderSpec } from './render';

const spec = JSON.parse(process.argv[2] ?? '') as RenderSpec;
await runAndReport('PRINT-RESULT', () => renderPrintFile(spec));
