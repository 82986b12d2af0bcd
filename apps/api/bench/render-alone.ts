/**
 * The reference for `bench:upload`'s largest photos: the server's own rendition code (format by content, header
 * checks, display rendition and thumbnail) run on a local file in a fresh process, with no upload, queue, database or
 * storage around it. Usage: node --import tsx apps/api/bench/render-alone.ts <photo> <output folder>
 * Prints one line of JSON: {seconds, peakRssMB, peakPrivateMB}.
 */
import fs from 'node:fs';
import path from 'node:path';
import { inspectImage, renderRenditions } from '../src/services/uploads/image';
import { formatOfFile } from '../src/services/uploads/received-file';

const [photo, out] = process.argv.slice(2);
if (!photo || !out) throw new Error('usage: render-alone.ts <photo> <output folder>');

const kb = (status: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
let peakPrivateMB = 0;
// libvips works on its own threads, so the event loop is free to sample private memory while it decodes.
const sampler = setInterval(() => {
  peakPrivateMB = Math.max(peakPrivateMB, kb(fs.readFileSync('/proc/self/status', 'utf8'), 'RssAnon'));
}, 50);

const started = performance.now();
const format = await formatOfFile(photo, fs.statSync(photo).size);
const info = await inspectImage(photo, format);
await renderRenditions(photo, info, null, { display: path.join(out, 'alone-display.jpg'), thumbnail: path.join(out, 'alone-thumb.jpg') });
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const status = fs.readFileSync('/proc/self/status', 'utf8');
console.log(JSON.stringify({ seconds, peakRssMB: kb(status, 'VmHWM'), peakPrivateMB: Math.max(peakPrivateMB, kb(status, 'RssAnon')) }));
