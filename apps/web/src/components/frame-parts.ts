import { FRAME_PARTS, type Frame, type FramePart } from '@framewala/domain';
import { decodedSize, type ImageSize } from './image-cache';

/** One of the eight images of a finish (the catalogue's `Frame`): four side strips and four mitred corners. */
export type FramePartName = FramePart;

export const frameImageUrls = (frame: Pick<Frame, FramePartName>): string[] => FRAME_PARTS.map((part) => frame[part]);

/** Marked (performance.mark, detail = the preview's state key) two animation frames after a new drawing commits. */
export const PREVIEW_PAINTED_MARK = 'framewala:preview-painted';

/** The frame's images, once all eight are decoded (with the side strips' natural sizes); else null. */
export function readyArt(frame: Frame | null): Record<FramePartName, ImageSize> | null {
  if (!frame) return null;
  const out = {} as Record<FramePartName, ImageSize>;
  for (const part of FRAME_PARTS) {
    const size = decodedSize(frame[part]);
    if (!size) return null;
    out[part] = size;
  }
  return out;
}
