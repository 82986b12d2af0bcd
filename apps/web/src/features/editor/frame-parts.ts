import type { Frame } from '@framewala/domain';

/** The eight images of a finish (API.md `Frame`): four side strips and four mitred corners. */
export const FRAME_PARTS = ['sideUp', 'sideDown', 'sideLeft', 'sideRight', 'topLeft', 'topRight', 'bottomLeft', 'bottomRight'] as const;
export type FramePartName = (typeof FRAME_PARTS)[number];

export const frameImageUrls = (frame: Pick<Frame, FramePartName>): string[] => FRAME_PARTS.map((part) => frame[part]);

/** Marked (performance.mark, detail = the preview's state key) two animation frames after a new drawing commits. */
export const PREVIEW_PAINTED_MARK = 'framewala:preview-painted';
