import { useEffect, useRef } from 'react';

/** A decoded image painted on a canvas at its own pixel size, scaled down by CSS; announced as an image. */
export function BitmapImage({
  bitmap,
  label,
  className = '',
  testId,
}: {
  bitmap: ImageBitmap;
  label: string;
  className?: string;
  testId?: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  }, [bitmap]);
  return (
    <canvas
      ref={ref}
      role="img"
      aria-label={label}
      width={bitmap.width}
      height={bitmap.height}
      className={className}
      style={{ aspectRatio: `${bitmap.width} / ${bitmap.height}` }}
      data-testid={testId}
    />
  );
}
