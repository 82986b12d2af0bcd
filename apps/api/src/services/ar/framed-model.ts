/**
 * The framed piece as a glTF binary (.glb) for augmented reality (docs/decisions/062-ar-model.md): at true size in
 * metres, its back on the wall plane (z = 0) and its face towards +z, as `<model-viewer ar-placement="wall">` expects.
 * Four moulding bars the depth of the frame, in the finish's colour; the white border and the photo (the upload's
 * display rendition cut to the print's shape, as a JPEG texture) set back a little inside; a dark back board.
 */
import { Document, NodeIO, type Material } from '@gltf-transform/core';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { framedOuterSize, frameDepthIn, ShopError, WHITE_BORDER_LEVELS, type FramedModelQuery } from '@framewala/domain';
import type { AppContext } from '../../context';
import { frameFinishes, frameSets, uploads } from '../../db/schema';
import { findAccessibleUpload, type UploadsDeps } from '../uploads/service';
import type { Viewer } from '../uploads/access';

sharp.cache(false);

const M_PER_IN = 0.0254;
/** The longest side of the photo texture, in pixels (phones' GPUs take 2048; 1024 keeps the file small). */
export const TEXTURE_MAX_PX = 1024;
/** The mat and photo sit this far behind the moulding's face. */
const RECESS_M = 0.006;

export interface FramedModelInput {
  widthIn: number;
  heightIn: number;
  borderIn: number;
  mouldingIn: number;
  /** The photo as JPEG, already cut to the print's shape. */
  photoJpeg: Uint8Array;
  /** The moulding's colour, sRGB 0..255. */
  mouldingRgb: { r: number; g: number; b: number };
}

export interface FramedModel {
  glb: Uint8Array;
  widthM: number;
  heightM: number;
  depthM: number;
}

const srgbToLinear = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

type Mesh = { positions: number[]; normals: number[]; uvs: number[]; indices: number[] };
const emptyMesh = (): Mesh => ({ positions: [], normals: [], uvs: [], indices: [] });

/** A quad facing `n`, corners given counter-clockwise seen from the side it faces, with UVs. */
function quad(m: Mesh, corners: [number, number, number][], n: [number, number, number], uv: [number, number][]) {
  const base = m.positions.length / 3;
  corners.forEach((c, i) => {
    m.positions.push(...c);
    m.normals.push(...n);
    m.uvs.push(...uv[i]!);
  });
  m.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
}

const UV: [number, number][] = [
  [0, 1],
  [1, 1],
  [1, 0],
  [0, 0],
];

/** An axis-aligned box (all six faces, outward normals). */
function box(m: Mesh, x0: number, x1: number, y0: number, y1: number, z0: number, z1: number) {
  quad(
    m,
    [
      [x0, y0, z1],
      [x1, y0, z1],
      [x1, y1, z1],
      [x0, y1, z1],
    ],
    [0, 0, 1],
    UV,
  ); // front
  quad(
    m,
    [
      [x1, y0, z0],
      [x0, y0, z0],
      [x0, y1, z0],
      [x1, y1, z0],
    ],
    [0, 0, -1],
    UV,
  ); // back
  quad(
    m,
    [
      [x0, y1, z1],
      [x1, y1, z1],
      [x1, y1, z0],
      [x0, y1, z0],
    ],
    [0, 1, 0],
    UV,
  ); // top
  quad(
    m,
    [
      [x0, y0, z0],
      [x1, y0, z0],
      [x1, y0, z1],
      [x0, y0, z1],
    ],
    [0, -1, 0],
    UV,
  ); // bottom
  quad(
    m,
    [
      [x1, y0, z1],
      [x1, y0, z0],
      [x1, y1, z0],
      [x1, y1, z1],
    ],
    [1, 0, 0],
    UV,
  ); // right
  quad(
    m,
    [
      [x0, y0, z0],
      [x0, y0, z1],
      [x0, y1, z1],
      [x0, y1, z0],
    ],
    [-1, 0, 0],
    UV,
  ); // left
}

/** Builds the .glb. Pure apart from gltf-transform's writer; sizes come from the framing rules. */
export async function buildFramedModel(input: FramedModelInput): Promise<FramedModel> {
  const outer = framedOuterSize(input);
  const W = outer.widthIn * M_PER_IN;
  const H = outer.heightIn * M_PER_IN;
  const D = frameDepthIn(input.mouldingIn) * M_PER_IN;
  const T = input.mouldingIn * M_PER_IN;
  const B = input.borderIn * M_PER_IN;
  const x0 = -W / 2;
  const x1 = W / 2;
  const zIn = D - RECESS_M;

  const doc = new Document();
  doc.getRoot().getAsset().generator = 'Framewala';
  const buffer = doc.createBuffer();
  const scene = doc.createScene('Framed print');
  const add = (name: string, mesh: Mesh, material: Material) => {
    const acc = (type: 'VEC3' | 'VEC2' | 'SCALAR', array: Float32Array | Uint16Array) =>
      doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
    const prim = doc
      .createPrimitive()
      .setAttribute('POSITION', acc('VEC3', new Float32Array(mesh.positions)))
      .setAttribute('NORMAL', acc('VEC3', new Float32Array(mesh.normals)))
      .setAttribute('TEXCOORD_0', acc('VEC2', new Float32Array(mesh.uvs)))
      .setIndices(acc('SCALAR', new Uint16Array(mesh.indices)))
      .setMaterial(material);
    scene.addChild(doc.createNode(name).setMesh(doc.createMesh(name).addPrimitive(prim)));
  };

  const { r, g, b } = input.mouldingRgb;
  const wood = doc
    .createMaterial('Moulding')
    .setBaseColorFactor([srgbToLinear(r), srgbToLinear(g), srgbToLinear(b), 1])
    .setRoughnessFactor(0.55)
    .setMetallicFactor(0);
  const mat = doc.createMaterial('White border').setBaseColorFactor([0.94, 0.92, 0.88, 1]).setRoughnessFactor(0.9).setMetallicFactor(0);
  const backing = doc.createMaterial('Back').setBaseColorFactor([0.08, 0.06, 0.05, 1]).setRoughnessFactor(1).setMetallicFactor(0);
  const texture = doc.createTexture('Photo').setImage(input.photoJpeg).setMimeType('image/jpeg');
  const photoMaterial = doc.createMaterial('Photo').setBaseColorTexture(texture).setRoughnessFactor(0.7).setMetallicFactor(0);

  // Moulding: top and bottom bars the full width, sides between them.
  if (T > 0) {
    const bars = emptyMesh();
    box(bars, x0, x1, H / 2 - T, H / 2, 0, D);
    box(bars, x0, x1, -H / 2, -H / 2 + T, 0, D);
    box(bars, x0, x0 + T, -H / 2 + T, H / 2 - T, 0, D);
    box(bars, x1 - T, x1, -H / 2 + T, H / 2 - T, 0, D);
    add('Moulding', bars, wood);
  }
  // Back board across the whole piece.
  const back = emptyMesh();
  quad(
    back,
    [
      [x1, -H / 2, 0],
      [x0, -H / 2, 0],
      [x0, H / 2, 0],
      [x1, H / 2, 0],
    ],
    [0, 0, -1],
    UV,
  );
  add('Back', back, backing);
  // White border (the whole opening; the photo lies just in front of it).
  const ix = W / 2 - T;
  const iy = H / 2 - T;
  const border = emptyMesh();
  quad(
    border,
    [
      [-ix, -iy, zIn],
      [ix, -iy, zIn],
      [ix, iy, zIn],
      [-ix, iy, zIn],
    ],
    [0, 0, 1],
    UV,
  );
  add('White border', border, mat);
  const px = ix - B;
  const py = iy - B;
  const photo = emptyMesh();
  quad(
    photo,
    [
      [-px, -py, zIn + 0.0005],
      [px, -py, zIn + 0.0005],
      [px, py, zIn + 0.0005],
      [-px, py, zIn + 0.0005],
    ],
    [0, 0, 1],
    UV,
  );
  add('Photo', photo, photoMaterial);

  const glb = await new NodeIO().writeBinary(doc);
  return { glb, widthM: W, heightM: H, depthM: D };
}

/** The photo cut (centred) to the print's shape, at most TEXTURE_MAX_PX on its long side. */
export async function photoTexture(rendition: Buffer | Uint8Array, widthIn: number, heightIn: number): Promise<Uint8Array> {
  const scale = TEXTURE_MAX_PX / Math.max(widthIn, heightIn);
  const w = Math.max(1, Math.round(widthIn * scale));
  const h = Math.max(1, Math.round(heightIn * scale));
  return new Uint8Array(
    await sharp(rendition).rotate().resize(w, h, { fit: 'cover', position: 'centre' }).jpeg({ quality: 82 }).toBuffer(),
  );
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The finish's moulding width and its main colour (from its top strip image); 404 when it is not on sale. */
async function finishLook(ctx: AppContext, frameId: string): Promise<{ mouldingIn: number; rgb: { r: number; g: number; b: number } }> {
  const [row] = await ctx.database.db
    .select({ mouldingIn: frameSets.mouldingIn, images: frameFinishes.images, active: frameFinishes.active, setActive: frameSets.active })
    .from(frameFinishes)
    .innerJoin(frameSets, eq(frameSets.id, frameFinishes.setId))
    .where(eq(frameFinishes.id, frameId));
  if (!row || !row.active || !row.setActive) throw new ShopError('NOT_FOUND', 'This frame does not exist or is no longer sold.');
  let rgb = { r: 0x4a, g: 0x36, b: 0x28 };
  try {
    const stats = await sharp(await readAll(await ctx.storage.read(row.images.sideUp))).stats();
    rgb = { r: Math.round(stats.channels[0]!.mean), g: Math.round(stats.channels[1]!.mean), b: Math.round(stats.channels[2]!.mean) };
  } catch {
    // The finish's art is gone: a plain dark moulding.
  }
  return { mouldingIn: row.mouldingIn, rgb };
}

/**
 * The upload when `viewer` may see it (its owner or claim holder), or, with `viewer` null, when the caller has checked
 * a signed link made for its owner. Unknown, expired, deleted and other people's photos are all 404.
 */
export async function accessibleUpload(ctx: AppContext, uploadId: string, viewer: Viewer | null) {
  const deps = { ctx } as UploadsDeps;
  if (viewer) return findAccessibleUpload(deps, uploadId, viewer);
  const notFound = new ShopError('NOT_FOUND', 'This photo does not exist or is no longer available.');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(uploadId)) throw notFound;
  const [row] = await ctx.database.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), isNull(uploads.deletedAt), gt(uploads.expiresAt, sql`now()`)));
  if (!row) throw notFound;
  return row;
}

/** The .glb for one of the viewer's photos (404 for anyone else's), a finish and a size. */
export async function framedModelForUpload(
  ctx: AppContext,
  uploadId: string,
  viewer: Viewer | null,
  query: FramedModelQuery,
): Promise<FramedModel> {
  const upload = await accessibleUpload(ctx, uploadId, viewer);
  if (!upload.renditionKey) throw new ShopError('CONFLICT', 'This photo is still being prepared. Please try again in a minute.');
  const look = await finishLook(ctx, query.frameId);
  let rendition: Buffer;
  try {
    rendition = await readAll(await ctx.storage.read(upload.renditionKey));
  } catch {
    throw new ShopError('NOT_FOUND', 'This photo does not exist or is no longer available.');
  }
  const photoJpeg = await photoTexture(rendition, query.width, query.height);
  return buildFramedModel({
    widthIn: query.width,
    heightIn: query.height,
    borderIn: WHITE_BORDER_LEVELS[query.border] ?? 0,
    mouldingIn: look.mouldingIn,
    photoJpeg,
    mouldingRgb: look.rgb,
  });
}
