import { FrameIcon, Spinner } from '../../../components/icons';
import { ErrorBox, Panel } from '../admin-ui';
import { type AdminOrder } from '../api/orders';
import { BitmapImage } from '../bitmap-image';
import { useProtectedBitmap } from '../protected-file';

/** The framed mock-up of an order of one line, in its own panel. */
export function MockupPanel({ order }: { order: AdminOrder }) {
  return (
    <Panel id="admin-mockup" title="Framed mock-up">
      <Mockup order={order} index={0} />
    </Panel>
  );
}

/** Line `index`'s framed mock-up (0 for the first), drawn by the server (`lines[i].mockupUrl`). */
export function Mockup({ order, index, compact = false }: { order: AdminOrder; index: number; compact?: boolean }) {
  const entry = order.lines[index];
  const url = entry?.mockupUrl ?? (index === 0 ? order.mockupUrl : null);
  const line = entry?.line ?? (index === 0 ? order.line : null);
  const image = useProtectedBitmap(url);
  return (
    <div className={`flex items-center justify-center rounded-2xl bg-sand/70 p-4 ${compact ? 'min-h-48' : 'min-h-56 sm:min-h-72'}`}>
      {image.bitmap ? (
        <BitmapImage
          bitmap={image.bitmap}
          label={`Mock-up: ${line?.sizeName ?? ''} in, ${line?.frameSetName ?? ''} ${line?.finishName ?? ''}, ${line?.borderIn ? `${line.borderName} border` : 'no border'}`}
          className={`h-auto w-auto max-w-full drop-shadow-xl ${compact ? 'max-h-72' : 'max-h-[28rem]'}`}
          testId="admin-mockup"
        />
      ) : image.error ? (
        <ErrorBox error={image.error} title="The mock-up could not be drawn." />
      ) : url ? (
        <p role="status" className="flex items-center gap-2 text-ink-500">
          <Spinner className="h-5 w-5" /> Drawing the mock-up…
        </p>
      ) : (
        <p className="flex flex-col items-center gap-2 text-ink-500">
          <FrameIcon className="h-10 w-10 text-ink-300" /> No mock-up: the photo is no longer stored.
        </p>
      )}
    </div>
  );
}
