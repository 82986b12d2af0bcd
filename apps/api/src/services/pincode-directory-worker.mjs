// Reads and indexes the India Post directory off the main thread (services/pincode.ts): JSON.parse of the 34 MB file
// takes about half a second, which would stall every request. Answers with one string table and two typed arrays
// (transferred, not copied), so the main thread only splits a string and builds a small Map.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

const entries = JSON.parse(readFileSync(workerData.file, 'utf8'));
if (!Array.isArray(entries)) throw new Error('the pincode directory is not a JSON array');
// Stable: offices keep the directory's order within a pincode.
entries.sort((a, b) => a.pincode - b.pincode);

const ids = new Map();
const strings = [];
const idOf = (value) => {
  const text = String(value ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  let id = ids.get(text);
  if (id === undefined) {
    id = strings.length;
    ids.set(text, id);
    strings.push(text);
  }
  return id;
};

const FIELDS = 6; // name, circle, district, division, region, state
const pincodes = new Uint32Array(entries.length);
const fields = new Uint32Array(entries.length * FIELDS);
entries.forEach((entry, n) => {
  pincodes[n] = Number(entry.pincode);
  fields.set(
    [idOf(entry.name), idOf(entry.circle), idOf(entry.district), idOf(entry.division), idOf(entry.region), idOf(entry.state)],
    n * FIELDS,
  );
});

parentPort.postMessage({ strings: strings.join('\u0000'), pincodes, fields }, [pincodes.buffer, fields.buffer]);
