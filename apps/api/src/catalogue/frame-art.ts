/**
 * Procedural frame art: every frame image the shop shows is drawn here, pixel by pixel, then encoded by sharp.
 *
 * Model. A frame is four rails (top, bottom, left, right) of one moulding. Each rail is drawn in its own
 * (u, d) space: u runs along the rail (0..L, periodic so strips tile) and d across the face (0 = outer/wall
 * edge .. T-1 = inner/picture edge). The moulding's height field H(u, d) (the set's profile plus, for ornate
 * sets, carved ornaments) gives a surface normal; the rail's orientation turns that normal into screen space,
 * where one light from the top-left (plus ambient, cast shadows and cavity occlusion) shades it. The finish
 * gives the surface: wood grain running along u, brushed metal with environment highlights, or lacquer.
 *
 * Parts (see the geometry convention in the catalogue docs): T = round(mouldingIn × PX_PER_INCH).
 * - sideUp / sideDown: L×T strips, outer edge at the top / bottom; sideLeft / sideRight: T×L, outer edge left /
 *   right. Strips tile along their length.
 * - Corners: T×T, mitred on the diagonal through the outer and inner corners. Each triangle samples its rail at
 *   u just before (or just after) the adjacent strip, so a corner followed by tiled strips is continuous.
 *
 * Everything is deterministic: the pseudo-random noise is seeded from the set and finish slugs.
 */
import sharp from 'sharp';
import { FRAME_PARTS, type FramePart } from '@framewala/domain';
import type { FinishSpec, FrameProfileKind, FrameSetSpec } from './frame-finishes';

export { FRAME_PARTS, type FramePart };

/** Bump when the drawing changes: it is part of the storage paths, so old images get replaced. */
export const FRAME_ART_VERSION = 'v1';

/** Pixels per inch of moulding face. */
export const PX_PER_INCH = 96;

/** An uncompressed 3-channel (RGB) image. */
export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Face thickness T in pixels for a moulding width in inches. */
export const faceThicknessPx = (mouldingIn: number): number => Math.round(mouldingIn * PX_PER_INCH);

/** Length L of a side strip in pixels (8 × T, at least 512). */
export const sideLengthPx = (thickness: number): number => Math.max(512, 8 * thickness);

const WEBP_OPTIONS = { quality: 88, effort: 2 } as const;

// ── Small maths ──────────────────────────────────────────────────────────────────────────────────────────────

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);
const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);
const smoothstep = (e0: number, e1: number, x: number): number => {
  const t = clamp01((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
};
const mix = (a: number, b: number, t: number): number => a + (b - a) * t;

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Integer hash of (a, b, seed) → [0, 1). */
function hash01(a: number, b: number, seed: number): number {
  let h = Math.imul(a | 0, 0x27d4eb2d) ^ Math.imul(b | 0, 0x165667b1) ^ seed;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/**
 * Value noise in [-1, 1] on a lattice that wraps along u with period L (so strips tile) and along d with a
 * period of `cellsD` cells (large enough to never repeat visibly across a face).
 */
class Noise {
  private readonly v: Float32Array;
  private readonly nu: number;
  private readonly nd: number;
  private readonly su: number;
  private readonly sd: number;

  constructor(seed: number, L: number, cellsU: number, cellD: number, extentD: number) {
    this.nu = Math.max(1, Math.round(cellsU));
    this.nd = Math.max(2, Math.ceil(extentD / cellD) + 3);
    this.su = this.nu / L;
    this.sd = 1 / cellD;
    this.v = new Float32Array(this.nu * this.nd);
    for (let j = 0; j < this.nd; j++) for (let i = 0; i < this.nu; i++) this.v[j * this.nu + i] = hash01(i, j, seed) * 2 - 1;
  }

  at(u: number, d: number): number {
    const fx = u * this.su;
    const fy = d * this.sd;
    const ix = Math.floor(fx);
    const iy = Math.floor(fy);
    let tx = fx - ix;
    let ty = fy - iy;
    tx = tx * tx * (3 - 2 * tx);
    ty = ty * ty * (3 - 2 * ty);
    const nu = this.nu;
    const nd = this.nd;
    const x0 = ix >= 0 && ix < nu ? ix : ((ix % nu) + nu) % nu;
    const x1 = x0 + 1 === nu ? 0 : x0 + 1;
    const y0 = iy >= 0 && iy < nd ? iy : ((iy % nd) + nd) % nd;
    const y1 = y0 + 1 === nd ? 0 : y0 + 1;
    const v = this.v;
    const a = v[y0 * nu + x0]!;
    const b = v[y0 * nu + x1]!;
    const c = v[y1 * nu + x0]!;
    const e = v[y1 * nu + x1]!;
    const top = a + (b - a) * tx;
    return top + (c + (e - c) * tx - top) * ty;
  }

  /** The same noise along d only (constant along u): for streaks that run the whole length. */
  atD(d: number): number {
    const fy = d * this.sd;
    const iy = Math.floor(fy);
    let ty = fy - iy;
    ty = ty * ty * (3 - 2 * ty);
    const nd = this.nd;
    const y0 = iy >= 0 && iy < nd ? iy : ((iy % nd) + nd) % nd;
    const y1 = y0 + 1 === nd ? 0 : y0 + 1;
    const a = this.v[y0 * this.nu]!;
    return a + (this.v[y1 * this.nu]! - a) * ty;
  }
}

// ── Colour ───────────────────────────────────────────────────────────────────────────────────────────────────

type RGB = [number, number, number];

const srgbToLinear = (c: number): number => (c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));
const linearToSrgb = (c: number): number => (c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055);

function hexToLinear(hex: string): RGB {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) throw new Error(`Bad colour ${hex}`);
  const n = parseInt(m[1], 16);
  return [srgbToLinear(((n >> 16) & 255) / 255), srgbToLinear(((n >> 8) & 255) / 255), srgbToLinear((n & 255) / 255)];
}

/** Linear light (0..LUT_MAX) → sRGB 0..255 (float), with a soft shoulder so highlights don't clip hard. */
const LUT_SIZE = 8192;
const LUT_MAX = 2;
const TO_SRGB = (() => {
  const lut = new Float32Array(LUT_SIZE + 1);
  for (let i = 0; i <= LUT_SIZE; i++) {
    let v = (i / LUT_SIZE) * LUT_MAX;
    const knee = 0.8;
    if (v > knee) v = knee + (1 - knee) * (1 - Math.exp(-(v - knee) / (1 - knee)));
    lut[i] = linearToSrgb(v) * 255;
  }
  return lut;
})();

const LUT_SCALE = LUT_SIZE / LUT_MAX;
const clampByte = (v: number): number => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

/** Linear light → sRGB 0..255 before rounding (write it to a Uint8ClampedArray, which rounds and clamps). */
function toSrgb255(lin: number): number {
  let i = (lin * LUT_SCALE + 0.5) | 0;
  if (i < 0) i = 0;
  else if (i > LUT_SIZE) i = LUT_SIZE;
  return TO_SRGB[i]!;
}

/** A 64×64 table of ±0.5 LSB dither, so smooth gradients don't band. */
const DITHER = (() => {
  const t = new Float32Array(64 * 64);
  for (let i = 0; i < t.length; i++) t[i] = hash01(i & 63, i >> 6, 0x5bd1e995) - 0.5;
  return t;
})();

// ── Light ────────────────────────────────────────────────────────────────────────────────────────────────────

/** Direction towards the light: from the top-left, in front (screen x right, y down, z towards the viewer). */
const LIGHT = (() => {
  const v: RGB = [-0.5, -0.78, 1.0];
  const n = Math.hypot(...v);
  return [v[0] / n, v[1] / n, v[2] / n] as RGB;
})();
const HALF = (() => {
  const v: RGB = [LIGHT[0], LIGHT[1], LIGHT[2] + 1];
  const n = Math.hypot(...v);
  return [v[0] / n, v[1] / n, v[2] / n] as RGB;
})();

/** Rails: along (a) and across, outer→inner (c) unit vectors in screen space. */
const RAILS = [
  { name: 'top', ax: 1, ay: 0, cx: 0, cy: 1 },
  { name: 'bottom', ax: 1, ay: 0, cx: 0, cy: -1 },
  { name: 'left', ax: 0, ay: 1, cx: 1, cy: 0 },
  { name: 'right', ax: 0, ay: 1, cx: -1, cy: 0 },
] as const;
type RailIndex = 0 | 1 | 2 | 3;
const TOP: RailIndex = 0;
const BOTTOM: RailIndex = 1;
const LEFT: RailIndex = 2;
const RIGHT: RailIndex = 3;

// ── Profiles ─────────────────────────────────────────────────────────────────────────────────────────────────

/** Convex quarter round rising from h0 at x0 to h1 at x1 (steep at x0, flat at x1). */
function riseRound(x: number, x0: number, x1: number, h0: number, h1: number): number {
  const s = clamp01((x - x0) / (x1 - x0));
  return h0 + (h1 - h0) * Math.sqrt(1 - (1 - s) * (1 - s));
}
/** Convex quarter round falling from h0 at x0 (flat) to h1 at x1 (steep). */
function fallRound(x: number, x0: number, x1: number, h0: number, h1: number): number {
  const s = clamp01((x - x0) / (x1 - x0));
  return h1 + (h0 - h1) * Math.sqrt(1 - s * s);
}
/** Half-round bump of height h between x0 and x1 (0 outside). */
function arch(x: number, x0: number, x1: number, h: number): number {
  if (x <= x0 || x >= x1) return 0;
  const s = (2 * (x - x0)) / (x1 - x0) - 1;
  return h * Math.sqrt(1 - s * s);
}
/** Concave cove from h0 at x0 to h1 at x1, dipping by `depth` in the middle. */
function cove(x: number, x0: number, x1: number, h0: number, h1: number, depth: number): number {
  const s = clamp01((x - x0) / (x1 - x0));
  const q = 2 * s - 1;
  return mix(h0, h1, s) - depth * Math.sqrt(Math.max(0, 1 - q * q));
}

interface Ornament {
  /** Rows [d0, d1) the ornament covers. */
  d0: number;
  d1: number;
  /** Height added to the profile at (u, d) (u may be fractional), ≥ 0. */
  height: (u: number, d: number) => number;
  /** Largest height, for the cavity shading. */
  amp: number;
}

interface ProfileDef {
  h: (x: number) => number;
  ornaments: Ornament[];
}

/** Profile heights in pixels as a function of x (0 = outer edge .. T = inner edge). */
function profileDef(kind: FrameProfileKind, T: number, L: number): ProfileDef {
  switch (kind) {
    case 'flat-lip':
      return {
        ornaments: [],
        h: (x) => {
          if (x < 0.16 * T) return riseRound(x, 0, 0.16 * T, 0.06 * T, 0.24 * T);
          if (x < 0.72 * T) return 0.24 * T - 0.025 * T * ((x - 0.16 * T) / (0.56 * T));
          if (x < 0.74 * T) return 0.215 * T;
          if (x < 0.93 * T) return 0.2 * T + arch(x, 0.74 * T, 0.93 * T, 0.075 * T);
          return fallRound(x, 0.93 * T, T, 0.2 * T, 0.1 * T);
        },
      };
    case 'rounded':
      return {
        ornaments: [],
        h: (x) => {
          const peak = 0.4 * T;
          if (x < peak) return riseRound(x, 0, peak, 0.04 * T, 0.32 * T);
          if (x < 0.86 * T) return fallRound(x, peak, 0.86 * T, 0.32 * T, 0.1 * T);
          if (x < 0.96 * T) return 0.1 * T + arch(x, 0.86 * T, 0.96 * T, 0.03 * T);
          return fallRound(x, 0.96 * T, T, 0.1 * T, 0.05 * T);
        },
      };
    case 'stepped': {
      const e = Math.max(2.5, 0.03 * T);
      return {
        ornaments: [],
        h: (x) => {
          if (x < 0.06 * T) return riseRound(x, 0, 0.06 * T, 0.12 * T, 0.3 * T);
          if (x < 0.36 * T - e) return 0.3 * T - 0.012 * T * ((x - 0.06 * T) / (0.3 * T));
          if (x < 0.36 * T) return fallRound(x, 0.36 * T - e, 0.36 * T, 0.288 * T, 0.19 * T);
          if (x < 0.68 * T - e) return 0.19 * T - 0.012 * T * ((x - 0.36 * T) / (0.32 * T));
          if (x < 0.68 * T) return fallRound(x, 0.68 * T - e, 0.68 * T, 0.178 * T, 0.09 * T);
          if (x < 0.95 * T) return 0.09 * T - 0.01 * T * ((x - 0.68 * T) / (0.27 * T));
          return fallRound(x, 0.95 * T, T, 0.08 * T, 0.03 * T);
        },
      };
    }
    case 'scoop':
      return {
        ornaments: [],
        h: (x) => {
          if (x < 0.26 * T) return 0.12 * T + arch(x, -0.02 * T, 0.26 * T, 0.2 * T);
          if (x < 0.3 * T) return 0.13 * T;
          if (x < 0.8 * T) return cove(x, 0.3 * T, 0.8 * T, 0.13 * T, 0.1 * T, 0.08 * T);
          if (x < 0.82 * T) return 0.1 * T;
          if (x < 0.93 * T) return 0.085 * T + arch(x, 0.82 * T, 0.93 * T, 0.055 * T);
          return fallRound(x, 0.93 * T, T, 0.07 * T, 0.035 * T);
        },
      };
    case 'ornate': {
      // Rope twist: strands at 45° on a half-round bead.
      const rope0 = 0.36 * T;
      const rope1 = 0.47 * T;
      const ropeH = 0.07 * T;
      const ropePitch = L / Math.round(L / (0.62 * (rope1 - rope0)));
      // Pearls: a row of half-spheres.
      const pearl0 = 0.68 * T;
      const pearl1 = 0.79 * T;
      const pearlR = 0.48 * (pearl1 - pearl0);
      const pearlPitch = L / Math.round(L / (2.12 * pearlR));
      const pearlC = (pearl0 + pearl1) / 2;
      const pearlH = 0.06 * T;
      return {
        h: (x) => {
          if (x < 0.03 * T) return riseRound(x, 0, 0.03 * T, 0.1 * T, 0.2 * T);
          if (x < 0.05 * T) return 0.2 * T;
          if (x < 0.33 * T) return 0.16 * T + arch(x, 0.05 * T, 0.33 * T, 0.22 * T);
          if (x < rope0) return 0.17 * T;
          if (x < rope1) return 0.15 * T;
          if (x < 0.49 * T) return 0.15 * T;
          if (x < 0.66 * T) return cove(x, 0.49 * T, 0.66 * T, 0.16 * T, 0.12 * T, 0.05 * T);
          if (x < pearl0) return 0.12 * T;
          if (x < pearl1) return 0.1 * T;
          if (x < 0.81 * T) return 0.11 * T;
          if (x < 0.96 * T) return 0.05 * T + 0.06 * T * (1 - smoothstep(0.81 * T, 0.96 * T, x)) + arch(x, 0.81 * T, 0.87 * T, 0.015 * T);
          return fallRound(x, 0.96 * T, T, 0.05 * T, 0.025 * T);
        },
        ornaments: [
          {
            d0: Math.floor(rope0),
            d1: Math.ceil(rope1),
            amp: ropeH,
            height: (u, d) => {
              const base = arch(d, rope0, rope1, ropeH);
              if (base <= 0) return 0;
              const phase = (u + (d - rope0) * 0.9) / ropePitch;
              const f = phase - Math.floor(phase);
              const q = 2 * f - 1;
              return base * (0.5 + 0.5 * Math.sqrt(Math.max(0, 1 - q * q)));
            },
          },
          {
            d0: Math.floor(pearl0),
            d1: Math.ceil(pearl1),
            amp: pearlH,
            height: (u, d) => {
              let du = u - pearlPitch * Math.floor(u / pearlPitch) - pearlPitch / 2;
              if (du > pearlPitch / 2) du -= pearlPitch;
              const dd = d - pearlC;
              const q = (du * du + dd * dd) / (pearlR * pearlR);
              return q < 1 ? pearlH * Math.sqrt(1 - q) : 0;
            },
          },
        ],
      };
    }
  }
}

const SUB = 4; // sub-samples across each row of the profile (anti-aliased normals at crisp steps)
const MAX_SLOPE = 6;

interface Geometry {
  T: number;
  L: number;
  /** Profile height at each row centre. */
  P: Float64Array;
  /** Profile slope dP/dd at SUB sub-positions per row. */
  slope: Float64Array;
  /** Cavity occlusion per row (1 = open, lower = in a recess). */
  ao: Float64Array;
  /** Cast shadow per rail orientation and row (1 = lit). */
  shadow: Float64Array[];
  /** Ornament rows: per pixel gradients and cavity, or null. */
  orn: { rows: Uint8Array; gu: Float32Array; gd: Float32Array; cav: Float32Array } | null;
}

const geometryCache = new Map<string, Geometry>();

function geometryFor(set: FrameSetSpec, T: number): Geometry {
  const L = sideLengthPx(T);
  const key = `${set.profile}/${T}`;
  const cached = geometryCache.get(key);
  if (cached) return cached;
  const def = profileDef(set.profile, T, L);
  const P = new Float64Array(T);
  const slope = new Float64Array(T * SUB);
  const eps = 0.5 / SUB;
  for (let d = 0; d < T; d++) {
    P[d] = def.h(d + 0.5);
    for (let k = 0; k < SUB; k++) {
      const x = d + (k + 0.5) / SUB;
      slope[d * SUB + k] = clamp((def.h(Math.min(T, x + eps)) - def.h(Math.max(0, x - eps))) / (2 * eps), -MAX_SLOPE, MAX_SLOPE);
    }
  }
  // Cavity: how far the row sits below the average of its neighbourhood, at a crease scale and a broad scale.
  const ao = new Float64Array(T);
  const cavity = (d: number, r: number): number => {
    let sum = 0;
    let n = 0;
    for (let k = -r; k <= r; k++) {
      const dd = d + k;
      if (dd < 0 || dd >= T) continue;
      sum += P[dd]!;
      n++;
    }
    return sum / n - P[d]!;
  };
  const r1 = Math.max(2, Math.round(0.02 * T));
  const r2 = Math.max(4, Math.round(0.06 * T));
  for (let d = 0; d < T; d++) {
    ao[d] = (1 - 0.35 * smoothstep(0, 0.012 * T, cavity(d, r1))) * (1 - 0.35 * smoothstep(0, 0.04 * T, cavity(d, r2)));
  }
  // Cast shadows across the profile (the moulding is extruded along u, so only the across component matters).
  const shadow = RAILS.map((rail) => {
    const s = new Float64Array(T).fill(1);
    const lc = LIGHT[0] * rail.cx + LIGHT[1] * rail.cy;
    if (Math.abs(lc) < 1e-3) return s;
    const dir = lc > 0 ? 1 : -1;
    const rise = LIGHT[2] / Math.abs(lc);
    for (let d = 0; d < T; d++) {
      let worst = -Infinity;
      for (let k = 1; ; k++) {
        const dd = d + dir * k;
        if (dd < 0 || dd >= T) break;
        worst = Math.max(worst, (P[dd]! - P[d]!) / k - rise);
      }
      s[d] = 1 - smoothstep(-0.12, 0.12, worst);
    }
    return s;
  });
  let orn: Geometry['orn'] = null;
  if (def.ornaments.length > 0) {
    const rows = new Uint8Array(T);
    const gu = new Float32Array(T * L);
    const gd = new Float32Array(T * L);
    const cav = new Float32Array(T * L).fill(1);
    const height = (u: number, d: number): number => {
      let h = def.h(clamp(d, 0, T));
      for (const o of def.ornaments) if (d >= o.d0 - 1 && d < o.d1 + 1) h += o.height(u, d);
      return h;
    };
    for (const o of def.ornaments) {
      for (let d = Math.max(0, o.d0 - 1); d < Math.min(T, o.d1 + 1); d++) {
        rows[d] = 1;
        const y = d + 0.5;
        for (let u = 0; u < L; u++) {
          const x = u + 0.5;
          const i = d * L + u;
          gu[i] = clamp(height(x + 0.5, y) - height(x - 0.5, y), -MAX_SLOPE, MAX_SLOPE);
          gd[i] = clamp(height(x, Math.min(T, y + 0.5)) - height(x, Math.max(0, y - 0.5)), -MAX_SLOPE, MAX_SLOPE);
          const oh = o.height(x, y);
          const inBand = y >= o.d0 && y < o.d1;
          if (inBand) cav[i] = Math.min(cav[i]!, 0.55 + 0.45 * Math.sqrt(clamp01(oh / o.amp)));
        }
      }
    }
    orn = { rows, gu, gd, cav };
  }
  const geo: Geometry = { T, L, P, slope, ao, shadow, orn };
  geometryCache.set(key, geo);
  return geo;
}

// ── Materials ────────────────────────────────────────────────────────────────────────────────────────────────

interface Shade {
  /** Multiplies the albedo. */
  diff: number;
  /** Adds the highlight colour. */
  spec: number;
}

interface MaterialModel {
  /** Light response of a surface with unit normal (nx, ny, nz); writes into `out` (no allocation per pixel). */
  shade: (nx: number, ny: number, nz: number, shadow: number, ao: number, out: Shade) => void;
}

function modelFor(finish: FinishSpec): MaterialModel {
  const [LX, LY, LZ] = LIGHT;
  const [HX, HY, HZ] = HALF;
  const flatLambert = LZ;
  if (finish.material === 'metal') {
    const gloss = finish.gloss ?? 0.8;
    return {
      shade: (nx, ny, nz, shadow, ao, out) => {
        const ndl = nx * LX + ny * LY + nz * LZ;
        // Mirror direction of the view ray.
        const rx = 2 * nz * nx;
        const ry = 2 * nz * ny;
        const rz = 2 * nz * nz - 1;
        const rdl = rx * LX + ry * LY + rz * LZ;
        // A studio: the key light (top-left), a long soft window straight above, a bright ceiling, a dark floor.
        const key = Math.exp((rdl - 1) / 0.04);
        const broad = Math.exp((rdl - 1) / 0.35);
        const rdu = ry * -0.8 + rz * 0.6;
        const window = Math.exp((rdu - 1) / 0.05);
        const sky = smoothstep(0.1, -0.7, ry);
        const floor = smoothstep(0, 0.75, ry);
        const diff = (0.3 + 0.5 * Math.max(0, ndl) * shadow + 0.6 * broad * shadow + 0.35 * sky - 0.28 * floor) * ao;
        const spec = gloss * ((1.3 * key + 0.35 * window) * shadow + 0.1 * sky) * ao;
        out.diff = Math.max(0.03, diff);
        out.spec = spec;
      },
    };
  }
  const gloss = finish.gloss ?? (finish.material === 'wood' ? 0.35 : 0.4);
  const wood = finish.material === 'wood';
  const amb = wood ? 0.36 : 0.42;
  const kd = 1 - amb;
  const norm = 1 / (amb + kd * flatLambert);
  const broadK = wood ? 0.08 : 0.1;
  const sharpK = wood ? 0.2 : 0.35;
  const sharpP = wood ? 28 : 40 + 80 * gloss;
  const skyK = wood ? 0.3 : 0.4;
  const flatBroad = Math.pow(HZ, 6) * 0.85;
  return {
    shade: (nx, ny, nz, shadow, ao, out) => {
      const ndl = nx * LX + ny * LY + nz * LZ;
      const ndh = Math.max(0, nx * HX + ny * HY + nz * HZ);
      const ambient = amb * (0.5 + 0.5 * nz) * ao;
      const diff = (ambient + kd * Math.max(0, ndl) * shadow) * norm;
      // Highlights (minus what a flat face shows, so flat parts keep their colour) and the soft reflection of
      // the bright room above on surfaces that tilt towards it.
      const broad = Math.max(0, Math.pow(ndh, 6) - flatBroad);
      const sharp = Math.pow(ndh, sharpP);
      const ry = 2 * nz * ny;
      const sky = smoothstep(0, -0.9, ry);
      const spec = gloss * ((broadK * broad + sharpK * sharp) * shadow + skyK * sky) * ao;
      out.diff = diff;
      out.spec = spec;
    },
  };
}

function screenNormal(gu: number, gd: number, rail: (typeof RAILS)[number]): RGB {
  const gx = gu * rail.ax + gd * rail.cx;
  const gy = gu * rail.ay + gd * rail.cy;
  const inv = 1 / Math.sqrt(gx * gx + gy * gy + 1);
  return [-gx * inv, -gy * inv, inv];
}

/** Per-row light response (profile only) and edge darkening. */
function rowShading(
  geo: Geometry,
  model: MaterialModel,
  finish: FinishSpec,
  railIndex: RailIndex,
): { diff: Float64Array; spec: Float64Array; mul: Float64Array } {
  const { T } = geo;
  const rail = RAILS[railIndex];
  const diff = new Float64Array(T);
  const spec = new Float64Array(T);
  const mul = new Float64Array(T);
  const shadow = geo.shadow[railIndex]!;
  const s: Shade = { diff: 0, spec: 0 };
  for (let d = 0; d < T; d++) {
    let sd = 0;
    let ss = 0;
    for (let k = 0; k < SUB; k++) {
      const [nx, ny, nz] = screenNormal(0, geo.slope[d * SUB + k]!, rail);
      model.shade(nx, ny, nz, shadow[d]!, geo.ao[d]!, s);
      sd += s.diff;
      ss += s.spec;
    }
    diff[d] = sd / SUB;
    spec[d] = ss / SUB;
    mul[d] = edgeDarkening(d, T, finish);
  }
  return { diff, spec, mul };
}

/** The outer arris, the dark line where the moulding meets the picture, and lacquer's soft edge darkening. */
function edgeDarkening(d: number, T: number, finish: FinishSpec): number {
  let m = 1;
  const fromInner = T - 1 - d;
  if (d === 0) m *= 0.62;
  else if (d === 1) m *= 0.88;
  if (fromInner === 0) m *= 0.28;
  else if (fromInner === 1) m *= 0.62;
  else if (fromInner === 2) m *= 0.88;
  if (finish.material === 'lacquer') {
    m *= 1 - 0.22 * Math.exp(-d / Math.max(2, 0.04 * T));
    m *= 1 - 0.15 * Math.exp(-fromInner / Math.max(2, 0.03 * T));
  }
  return m;
}

/** Albedo (linear RGB) and highlight modulation for one rail of a finish. */
interface Surface {
  /** Fills out[0..2] with the albedo at (u, d) and returns the highlight modulation (≈ 1). */
  sample: (u: number, d: number, out: Float64Array) => number;
}

/** `px`: drawing pixels per PX_PER_INCH pixel (1 for the shop's images, less for small thumbnails). */
function surfaceFor(finish: FinishSpec, geo: Geometry, seed: number, px: number): Surface {
  const { T, L } = geo;
  const base = hexToLinear(finish.colors.base);
  const light = hexToLinear(finish.colors.light);
  const dark = hexToLinear(finish.colors.dark);
  const tex = finish.texture ?? {};
  if (finish.material === 'wood') {
    const ringPx = (tex.ringPx ?? 20) * px;
    const figure = tex.figure ?? 0.6;
    const wave = tex.wave ?? 1;
    const pores = tex.pores ?? 0;
    const ext = T + 8 * ringPx;
    // Straight-grained stock: the grain only sweeps gently along the rail (so a strip cut anywhere still meets
    // the next piece without a visible jog), with irregular ring spacing, long fibres and a few dark streaks.
    const nWarp = new Noise(seed + 1, L, 2, T * 1.5, ext);
    const nWarp2 = new Noise(seed + 2, L, 5, T * 0.6, ext);
    const nSpace = new Noise(seed + 3, L, 1, ringPx * 2.5, ext);
    // Fibres and dark streaks are mostly the same all along the stick (long, straight), modulated along it.
    const nFibD = new Noise(seed + 4, L, 1, 1.0 * px, ext);
    const nFibD2 = new Noise(seed + 5, L, 1, 2.6 * px, ext);
    const nFibU = new Noise(seed + 9, L, L / (90 * px), 1.3 * px, ext);
    const nLineD = new Noise(seed + 6, L, 1, 0.9 * px, ext);
    const nLineU = new Noise(seed + 10, L, L / (260 * px), 3 * px, ext);
    const nPore = new Noise(seed + 7, L, L / (7 * px), 0.8 * px, ext);
    const nCol = new Noise(seed + 8, L, 1, ringPx * 3.5, ext);
    const shift = 4 * ringPx;
    return {
      sample: (u, d, out) => {
        const w = (nWarp.at(u, d) * 0.05 + nWarp2.at(u, d) * 0.02) * ringPx * wave;
        const dw = d + w + shift; // position across the grain, following its sweep
        const r = dw / ringPx + nSpace.atD(dw) * 0.25;
        const ring = Math.floor(r);
        const f = r - ring;
        const lw = (0.45 + 0.55 * hash01(ring, 7, seed)) * smoothstep(0.4, 0.88, f) * (1 - smoothstep(0.93, 1, f));
        const fib = 0.5 + 0.5 * (0.45 * nFibD.atD(dw) + 0.3 * nFibD2.atD(dw) + 0.25 * nFibU.at(u, dw));
        const line = smoothstep(0.45, 0.85, nLineD.atD(dw)) * (0.55 + 0.45 * nLineU.at(u, dw));
        const pore = pores > 0 ? smoothstep(0.45, 0.85, nPore.at(u, dw)) * pores : 0;
        const col = 1 + 0.1 * nCol.atD(dw);
        const tLight = clamp01(0.75 - fib * 0.9);
        const tDark = clamp01(lw * figure + line * 0.35 + pore * 0.35);
        const k = col * (1 - 0.25 * pore);
        for (let c = 0; c < 3; c++) {
          const b = mix(base[c]!, light[c]!, tLight);
          out[c] = mix(b, dark[c]!, tDark) * k;
        }
        return 0.6 + 0.7 * fib * (1 - pore) * (1 - 0.5 * lw);
      },
    };
  }
  if (finish.material === 'metal') {
    const brush = tex.brush ?? 0.5;
    const patina = tex.patina ?? 0;
    const accent = finish.colors.accent ? hexToLinear(finish.colors.accent) : dark;
    // Brushing: long streaks that run the whole length, varied along it, plus a few short scratches.
    const nB1 = new Noise(seed + 11, L, 1, 0.9 * px, T);
    const nB2 = new Noise(seed + 12, L, L / (300 * px), 1.7 * px, T);
    const nB3 = new Noise(seed + 13, L, L / (45 * px), 0.7 * px, T);
    const nMot = new Noise(seed + 14, L, L / (14 * px), 9 * px, T);
    const nMot2 = new Noise(seed + 15, L, L / (5 * px), 3 * px, T);
    const P = geo.P;
    const ao = geo.ao;
    return {
      sample: (u, d, out) => {
        const b = 0.55 * nB1.atD(d) + 0.3 * nB2.at(u, d) + 0.15 * nB3.at(u, d);
        const k = 1 + brush * 0.22 * b;
        let p = 0;
        if (patina > 0) {
          const di = d | 0;
          const low = 1 - ao[di]!; // recesses
          const relief = clamp01(1 - P[di]! / (0.3 * T));
          const mot = 0.5 + 0.5 * (0.7 * nMot.at(u, d) + 0.3 * nMot2.at(u, d));
          p = patina * clamp01(1.6 * low + (0.12 + 0.2 * relief) * mot * mot);
        }
        for (let c = 0; c < 3; c++) out[c] = mix(base[c]! * k, accent[c]!, p);
        return (1 + brush * 0.9 * b) * (1 - 0.8 * p);
      },
    };
  }
  // Lacquer: one flat colour (the dither keeps its gradients smooth).
  return {
    sample: (_u, _d, out) => {
      out[0] = base[0];
      out[1] = base[1];
      out[2] = base[2];
      return 1;
    },
  };
}

/** The finish's surface over one stick of moulding: albedo (linear RGB) and highlight modulation, (u, d) layout. */
function surfaceTexture(geo: Geometry, finish: FinishSpec, seed: number, px: number): Float32Array {
  const { T, L } = geo;
  const tex = new Float32Array(T * L * 4);
  const surface = surfaceFor(finish, geo, seed, px);
  const alb = new Float64Array(3);
  for (let d = 0; d < T; d++) {
    for (let u = 0; u < L; u++) {
      const sm = surface.sample(u + 0.5, d + 0.5, alb);
      const o = (d * L + u) * 4;
      tex[o] = alb[0]!;
      tex[o + 1] = alb[1]!;
      tex[o + 2] = alb[2]!;
      tex[o + 3] = sm;
    }
  }
  return tex;
}

/**
 * Draws one rail in (u, d) layout: row d (0 = outer), column u. RGB bytes. The four rails are cut from the same
 * stick (one surface texture) at different places along it, as a framer would.
 */
function renderRail(geo: Geometry, finish: FinishSpec, model: MaterialModel, tex: Float32Array, railIndex: RailIndex): Uint8Array {
  const { T, L } = geo;
  const rail = RAILS[railIndex];
  const out = new Uint8Array(T * L * 3);
  const oc = new Uint8ClampedArray(out.buffer);
  const rows = rowShading(geo, model, finish, railIndex);
  const specCol = hexToLinear(finish.colors.light);
  const specWhite: RGB =
    finish.material === 'metal' ? specCol : [mix(specCol[0], 1, 0.5), mix(specCol[1], 1, 0.5), mix(specCol[2], 1, 0.5)];
  const shadow = geo.shadow[railIndex]!;
  const orn = geo.orn;
  const offset = Math.round(L * [0, 0.5, 0.27, 0.77][railIndex]!);
  const s: Shade = { diff: 0, spec: 0 };
  const { ax, ay, cx, cy } = rail;
  const ditherShift = railIndex * 17;
  for (let d = 0; d < T; d++) {
    const mul = rows.mul[d]!;
    const ornRow = orn !== null && orn.rows[d] === 1;
    let dm = rows.diff[d]! * mul;
    let s0 = specWhite[0] * rows.spec[d]! * mul;
    let s1 = specWhite[1] * rows.spec[d]! * mul;
    let s2 = specWhite[2] * rows.spec[d]! * mul;
    const dRow = ((d + ditherShift) & 63) * 64;
    for (let u = 0; u < L; u++) {
      if (ornRow) {
        const i = d * L + u;
        const gu = orn.gu[i]!;
        const gd = orn.gd[i]!;
        const gx = gu * ax + gd * cx;
        const gy = gu * ay + gd * cy;
        const inv = 1 / Math.sqrt(gx * gx + gy * gy + 1);
        model.shade(-gx * inv, -gy * inv, inv, shadow[d]!, geo.ao[d]! * orn.cav[i]!, s);
        dm = s.diff * mul;
        s0 = specWhite[0] * s.spec * mul;
        s1 = specWhite[1] * s.spec * mul;
        s2 = specWhite[2] * s.spec * mul;
      }
      let ut = u + offset;
      if (ut >= L) ut -= L;
      const t = (d * L + ut) * 4;
      const sm = tex[t + 3]!;
      const dz = DITHER[dRow + (u & 63)]!;
      const o = (d * L + u) * 3;
      oc[o] = toSrgb255(tex[t]! * dm + s0 * sm) + dz;
      oc[o + 1] = toSrgb255(tex[t + 1]! * dm + s1 * sm) + dz;
      oc[o + 2] = toSrgb255(tex[t + 2]! * dm + s2 * sm) + dz;
    }
  }
  return out;
}

// ── Parts ────────────────────────────────────────────────────────────────────────────────────────────────────

function sidePart(rails: Uint8Array[], railIndex: RailIndex, T: number, L: number): RawImage {
  const rail = rails[railIndex]!;
  if (railIndex === TOP) return { data: rail, width: L, height: T };
  if (railIndex === BOTTOM) {
    const data = new Uint8Array(L * T * 3);
    for (let y = 0; y < T; y++) data.set(rail.subarray((T - 1 - y) * L * 3, (T - y) * L * 3), y * L * 3);
    return { data, width: L, height: T };
  }
  const data = new Uint8Array(L * T * 3);
  for (let y = 0; y < L; y++) {
    for (let x = 0; x < T; x++) {
      const d = railIndex === LEFT ? x : T - 1 - x;
      const i = (d * L + y) * 3;
      const o = (y * T + x) * 3;
      data[o] = rail[i]!;
      data[o + 1] = rail[i + 1]!;
      data[o + 2] = rail[i + 2]!;
    }
  }
  return { data, width: T, height: L };
}

type CornerPart = 'topLeft' | 'topRight' | 'bottomLeft' | 'bottomRight';

/** Where a corner pixel samples its two rails; s = signed distance (px) from the mitre, > 0 on rail A's side. */
interface CornerSample {
  a: RailIndex;
  ua: number;
  da: number;
  b: RailIndex;
  ub: number;
  db: number;
  s: number;
}

/**
 * Fills `m` for corner pixel (x, y). Rail u values are chosen so the corner continues the adjacent strips when
 * they are tiled from the corner outwards: before the corner the strip ends at u = L-1, after it starts at 0.
 */
function cornerMap(part: CornerPart, x: number, y: number, T: number, m: CornerSample): void {
  const k = Math.SQRT1_2;
  switch (part) {
    case 'topLeft':
      m.a = TOP;
      m.ua = x - T;
      m.da = y;
      m.b = LEFT;
      m.ub = y - T;
      m.db = x;
      m.s = (x - y) * k;
      return;
    case 'topRight':
      m.a = TOP;
      m.ua = x;
      m.da = y;
      m.b = RIGHT;
      m.ub = y - T;
      m.db = T - 1 - x;
      m.s = (T - 1 - x - y) * k;
      return;
    case 'bottomLeft':
      m.a = LEFT;
      m.ua = y;
      m.da = x;
      m.b = BOTTOM;
      m.ub = x - T;
      m.db = T - 1 - y;
      m.s = (T - 1 - y - x) * k;
      return;
    case 'bottomRight':
      m.a = RIGHT;
      m.ua = y;
      m.da = T - 1 - x;
      m.b = BOTTOM;
      m.ub = x;
      m.db = T - 1 - y;
      m.s = (x - y) * k;
      return;
  }
}

function cornerPart(rails: Uint8Array[], part: CornerPart, T: number, L: number, seam: number): RawImage {
  const data = new Uint8Array(T * T * 3);
  const m: CornerSample = { a: TOP, ua: 0, da: 0, b: LEFT, ub: 0, db: 0, s: 0 };
  const wrap = (u: number): number => ((u % L) + L) % L;
  for (let y = 0; y < T; y++) {
    for (let x = 0; x < T; x++) {
      cornerMap(part, x, y, T, m);
      // Only the pixels on the diagonal mix the two rails; a faint dark seam follows the mitre.
      const wa = clamp01(0.5 + m.s / 0.9);
      const dark = 1 - seam * Math.exp(-((m.s / 0.55) ** 2));
      const o = (y * T + x) * 3;
      const ia = (m.da * L + wrap(m.ua)) * 3;
      const ib = (m.db * L + wrap(m.ub)) * 3;
      const ra = rails[m.a]!;
      const rb = rails[m.b]!;
      for (let c = 0; c < 3; c++) data[o + c] = Math.round(mix(rb[ib + c]!, ra[ia + c]!, wa) * dark);
    }
  }
  return { data, width: T, height: T };
}

/**
 * Draws the eight parts of a finish as raw RGB images, at the shop's resolution or (for thumbnails) at a smaller
 * face thickness `thickness`.
 */
export function renderFinishRaw(set: FrameSetSpec, finish: FinishSpec, thickness?: number): Record<FramePart, RawImage> {
  const full = faceThicknessPx(set.mouldingIn);
  const geo = geometryFor(set, thickness ?? full);
  const { T, L } = geo;
  const model = modelFor(finish);
  const baseSeed = hashString(`${set.slug}/${finish.slug}`);
  const tex = surfaceTexture(geo, finish, baseSeed, T / full);
  const rails = RAILS.map((_, i) => renderRail(geo, finish, model, tex, i as RailIndex));
  const seam = finish.material === 'wood' ? 0.4 : finish.material === 'metal' ? 0.3 : 0.25;
  return {
    sideUp: sidePart(rails, TOP, T, L),
    sideDown: sidePart(rails, BOTTOM, T, L),
    sideLeft: sidePart(rails, LEFT, T, L),
    sideRight: sidePart(rails, RIGHT, T, L),
    topLeft: cornerPart(rails, 'topLeft', T, L, seam),
    topRight: cornerPart(rails, 'topRight', T, L, seam),
    bottomLeft: cornerPart(rails, 'bottomLeft', T, L, seam),
    bottomRight: cornerPart(rails, 'bottomRight', T, L, seam),
  };
}

const encodeWebp = (img: RawImage): Promise<Buffer> =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .webp(WEBP_OPTIONS)
    .toBuffer();

/** The eight frame images of a finish, WebP-encoded. */
export async function renderFinishImages(set: FrameSetSpec, finish: FinishSpec): Promise<Record<FramePart, Buffer>> {
  const raw = renderFinishRaw(set, finish);
  const encoded = await Promise.all(FRAME_PARTS.map((part) => encodeWebp(raw[part])));
  const out = {} as Record<FramePart, Buffer>;
  FRAME_PARTS.forEach((part, i) => {
    out[part] = encoded[i]!;
  });
  return out;
}

// ── Composition (thumbnails, previews) ───────────────────────────────────────────────────────────────────────

/** Paints a neutral photo-like scene (sky, sun, hills) into a region of an RGB buffer. */
export function paintSamplePhoto(buf: Uint8Array, stride: number, x0: number, y0: number, w: number, h: number): void {
  const skyTop: RGB = [0.13, 0.27, 0.6];
  const skyLow: RGB = [0.95, 0.62, 0.33];
  const far: RGB = [0.2, 0.3, 0.36];
  const mid: RGB = [0.09, 0.2, 0.13];
  const near: RGB = [0.03, 0.08, 0.04];
  for (let y = 0; y < h; y++) {
    const v = y / h;
    for (let x = 0; x < w; x++) {
      const u = x / w;
      const t = smoothstep(0.05, 0.66, v);
      let r = mix(skyTop[0], skyLow[0], t);
      let g = mix(skyTop[1], skyLow[1], t);
      let b = mix(skyTop[2], skyLow[2], t);
      const sd = Math.hypot((u - 0.66) * (w / h), v - 0.52);
      const sun = 2.2 * (1 - smoothstep(0.045, 0.05, sd)) + 0.45 * Math.exp(-sd / 0.12);
      r += sun;
      g += sun * 0.8;
      b += sun * 0.5;
      const ridge1 = 0.58 + 0.05 * Math.sin(u * 7.3 + 0.6) + 0.025 * Math.sin(u * 19 + 2);
      const ridge2 = 0.68 + 0.06 * Math.sin(u * 4.1 + 2.2) + 0.02 * Math.sin(u * 27);
      const ridge3 = 0.82 + 0.05 * Math.sin(u * 3.3 + 4) + 0.015 * Math.sin(u * 41 + 1);
      const layers: [number, RGB][] = [
        [ridge1, far],
        [ridge2, mid],
        [ridge3, near],
      ];
      for (const [ridge, c] of layers) {
        const a = smoothstep(ridge - 0.8 / h, ridge + 0.8 / h, v);
        if (a > 0) {
          const k = 1.15 - 0.45 * smoothstep(0, 0.3, v - ridge);
          r = mix(r, c[0] * k, a);
          g = mix(g, c[1] * k, a);
          b = mix(b, c[2] * k, a);
        }
      }
      const o = ((y0 + y) * stride + x0 + x) * 3;
      const dither = hash01(x, y, 99) - 0.5;
      buf[o] = clampByte(toSrgb255(r) + dither);
      buf[o + 1] = clampByte(toSrgb255(g) + dither);
      buf[o + 2] = clampByte(toSrgb255(b) + dither);
    }
  }
}

export interface ComposeOptions {
  /** Width of the white mat around the photo in pixels (default 0: the photo fills the opening). */
  matPx?: number;
  /** Soft shadow cast by the moulding onto the mat/photo (default true). */
  shadow?: boolean;
}

/**
 * Builds a whole frame from the eight parts exactly as a browser would: corners at the corners, strips tiled
 * between them, each strip tiled from its top / left end (x = T or y = T) onwards. The far corners (top-right,
 * bottom-left, bottom-right) join seamlessly only where a whole number of strips fits; elsewhere the grain or
 * ornament phase jumps there, which `border-image-repeat: round` (scaling the strips to whole repeats) avoids.
 */
export function composeFrame(
  parts: Record<FramePart, RawImage>,
  openingW: number,
  openingH: number,
  options: ComposeOptions = {},
): RawImage {
  const T = parts.topLeft.width;
  const L = parts.sideUp.width;
  const W = openingW + 2 * T;
  const H = openingH + 2 * T;
  const buf = new Uint8Array(W * H * 3);
  const mat = options.matPx ?? 0;
  // Opening: white mat, then the photo.
  const matCol = [244, 242, 236];
  for (let y = T; y < H - T; y++) for (let x = T; x < W - T; x++) buf.set(matCol, (y * W + x) * 3);
  paintSamplePhoto(buf, W, T + mat, T + mat, openingW - 2 * mat, openingH - 2 * mat);
  if (options.shadow ?? true) {
    for (let y = T; y < H - T; y++) {
      for (let x = T; x < W - T; x++) {
        const top = y - T;
        const left = x - T;
        const bottom = H - T - 1 - y;
        const right = W - T - 1 - x;
        const s = 0.3 * Math.exp(-top / 5) + 0.22 * Math.exp(-left / 4) + 0.06 * Math.exp(-bottom / 2) + 0.05 * Math.exp(-right / 2);
        const k = 1 - Math.min(0.5, s);
        const o = (y * W + x) * 3;
        for (let c = 0; c < 3; c++) buf[o + c] = Math.round(buf[o + c]! * k);
      }
    }
  }
  const blit = (img: RawImage, dx: number, dy: number, sx: number, sy: number, w: number, h: number): void => {
    for (let y = 0; y < h; y++) {
      const src = ((sy + y) * img.width + sx) * 3;
      buf.set(img.data.subarray(src, src + w * 3), ((dy + y) * W + dx) * 3);
    }
  };
  blit(parts.topLeft, 0, 0, 0, 0, T, T);
  blit(parts.topRight, W - T, 0, 0, 0, T, T);
  blit(parts.bottomLeft, 0, H - T, 0, 0, T, T);
  blit(parts.bottomRight, W - T, H - T, 0, 0, T, T);
  for (let x = T; x < W - T; x += L) {
    const w = Math.min(L, W - T - x);
    blit(parts.sideUp, x, 0, 0, 0, w, T);
    blit(parts.sideDown, x, H - T, 0, 0, w, T);
  }
  for (let y = T; y < H - T; y += L) {
    const h = Math.min(L, H - T - y);
    blit(parts.sideLeft, 0, y, 0, 0, T, h);
    blit(parts.sideRight, W - T, y, 0, 0, T, h);
  }
  return { data: buf, width: W, height: H };
}

const THUMB = 320;

/** A ~320×320 WebP of a small whole frame in the set's profile (first finish unless given) around a photo. */
export async function renderSetThumbnail(set: FrameSetSpec, finish?: FinishSpec): Promise<Buffer> {
  const f = finish ?? set.finishes[0];
  if (!f) throw new Error(`Frame set ${set.slug} has no finishes`);
  // Face width on the thumbnail grows with the moulding so the sets look different side by side. Drawn at twice
  // the size, then reduced.
  const thumbT = Math.round(18 + 15 * set.mouldingIn);
  const parts = renderFinishRaw(set, f, 2 * thumbT);
  const full = 2 * THUMB;
  const opening = full - 4 * thumbT;
  const frame = composeFrame(parts, opening, opening, { matPx: Math.round(opening * 0.1) });
  return sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } })
    .resize(THUMB, THUMB, { kernel: 'lanczos3' })
    .webp({ quality: 86, effort: 4 })
    .toBuffer();
}
