import { useEffect, useReducer } from 'react';
import type { Frame } from '@framewala/domain';
import { decodeAll, decodedSize, type ImageSize } from './image-cache';
import { frameImageUrls, readyArt, type FramePartName } from './frame-parts';

/** The finish's eight images once decoded (null until then); starts decoding them and re-renders when done. */
export function useFrameArt(frame: Frame | null): Record<FramePartName, ImageSize> | null {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const urls = frame ? frameImageUrls(frame).join('\n') : '';
  const art = readyArt(frame);
  useEffect(() => {
    if (urls === '') return;
    const list = urls.split('\n');
    if (list.every((u) => decodedSize(u))) return;
    let live = true;
    decodeAll(list).then(
      () => live && rerender(),
      () => live && rerender(),
    );
    return () => {
      live = false;
    };
  }, [urls]);
  return art;
}
