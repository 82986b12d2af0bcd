import { FrameIcon, Spinner } from '../../../components/icons';
import { ErrorBox, Panel } from '../admin-ui';
import { type AdminOrder } from '../api/orders';
import { BitmapImage } from '../bitmap-image';
import { useProtectedBitmap } from '../protected-file';

export function MockupPanel({ order }: { order: AdminOrder }) {
  const image = useProtectedBitmap(order.mockupUrl);
  const line = order.line;
  return (
    <Panel id="admin-mockup" title="Framed mock-up">
      <div className="flex min-h-56 items-center justify-center rounded-2xl bg-sand/70 p-4 sm:min-h-72">
        {image.bitmap ? (
          <BitmapImage
            bitmap={image.bitmap}
            label={`Mock-up: ${line?.sizeName ?? ''} in, ${line?.frameSetName ?? ''} ${line?.finishName ?? ''}, ${line?.borderName ?? ''} border`}
            className="h-auto max-h-[28rem] w-auto max-w-full drop-shadow-xl"
            testId="admin-mockup"
          />
        ) : image.error ? (
          <ErrorBox error={image.error} title="The mock-up could not be drawn." />
        ) : order.mockupUrl ? (
          <p role="status" className="flex items-center gap-2 text-ink-500">
            <Spinner className="h-5 w-5" /> Drawing the mock-up…
          </p>
        ) : (
          <p className="flex flex-col items-center gap-2 text-ink-500">
            <FrameIcon className="h-10 w-10 text-ink-300" /> No mock-up: the photo is no longer stored.
          </p>
        )}
      </div>
    </Panel>
  );
}
