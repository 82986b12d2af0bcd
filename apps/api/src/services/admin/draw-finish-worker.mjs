/**
 * Draws a finish's eight frame images off the main thread (started by services/admin/finish-images.ts): the drawing
 * is pure JavaScript arithmetic, up to a second or two for the widest moulding, which would otherwise stall every
 * request of the server meanwhile. The thread starts without the server's `--import tsx` (whose ESM hooks would keep
 * the main thread busy serving the thread's imports) and loads the TypeScript drawing code through tsx's in-thread
 * CommonJS hook instead.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/cjs/api';

register();
const require = createRequire(import.meta.url);
const { renderFinishImages } = require('../../catalogue/frame-art.ts');
const images = await renderFinishImages(workerData.set, workerData.finish);
parentPort.postMessage(images);
