import { formatInr } from '@framewala/domain';
import { ImageIcon } from '../../../components/icons';
import { Fact, Facts, Panel } from '../admin-ui';
import { type AdminOrder } from '../api/orders';
import { InvoiceLink } from '../../../components/invoice-link';
import { inches, money, px } from './order-format';

/**
 * 'What to make': every line of the order with its photo, size (width × height as the customer chose it), frame,
 * border and quantity, then what the order costs.
 */
export function LinePanel({ order }: { order: AdminOrder }) {
  const several = order.lines.length > 1;
  const [first] = order.lines;
  return (
    <Panel id="admin-line" title="What to make">
      {several ? (
        <ol className="flex flex-col gap-5" data-testid="admin-make-lines">
          {order.lines.map((_, index) => (
            <li key={index}>
              <h3 className="mb-2 font-semibold text-ink-900">
                Line {index + 1} of {order.lines.length}
              </h3>
              <LineFacts order={order} index={index} />
            </li>
          ))}
        </ol>
      ) : (
        <LineFacts order={order} index={0} />
      )}
      <div className="mt-4">
        <Facts label="Prices">
          {several ? null : (
            <>
              <Fact label="Frame and print">{money(first?.line.fspPaise ?? order.line.fspPaise)}</Fact>
              <Fact label="White border">{money(first?.line.wbpPaise ?? order.line.wbpPaise)}</Fact>
              <Fact label="Each">{money(first?.line.unitPaise ?? order.line.unitPaise)}</Fact>
            </>
          )}
          <Fact label="Shipping">{typeof order.shippingPaise === 'number' ? formatInr(order.shippingPaise) : '—'}</Fact>
          {order.discountPaise > 0 ? (
            <Fact label={`Discount (${order.couponCode ?? 'coupon'})`}>−{formatInr(order.discountPaise)}</Fact>
          ) : null}
          <Fact label={`Total (${order.quantity ?? 1})`}>{formatInr(order.amountPaise)}</Fact>
        </Facts>
        {order.invoice ? <InvoiceLink invoice={order.invoice} className="mt-4" /> : null}
      </div>
    </Panel>
  );
}

/** One line: its photo and what to make of it. */
function LineFacts({ order, index }: { order: AdminOrder; index: number }) {
  const several = order.lines.length > 1;
  const entry = order.lines[index];
  const line = entry?.line ?? order.line;
  const photo = entry ? entry.photo : order.photo;
  const quantity = entry?.quantity ?? order.quantity;
  const crop = photo?.crop;
  return (
    <div className="flex flex-col gap-4 sm:flex-row" data-testid={several ? 'admin-make-line' : undefined}>
      <div
        className={`flex shrink-0 items-center justify-center overflow-hidden rounded-2xl bg-sand ${several ? 'h-24 w-24' : 'h-32 w-32'}`}
      >
        {photo?.thumbnailUrl ? (
          <img
            src={photo.thumbnailUrl}
            alt={several ? `The customer's photo ${index + 1}` : "The customer's photo"}
            className="h-full w-full object-cover"
          />
        ) : (
          <ImageIcon className="h-10 w-10 text-ink-300" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <Facts label={several ? `Line ${index + 1}` : 'Order line'}>
          <Fact label="Size">
            {line.sizeName ? `${line.sizeName} in` : '—'}
            {line.custom ? ' (custom)' : ''}
            {line.widthIn && line.heightIn ? (
              <span className="block text-sm font-normal text-ink-600">{`${inches(line.widthIn)} × ${inches(line.heightIn)}`}</span>
            ) : null}
          </Fact>
          <Fact label="Frame">
            {[line.frameSetName, line.finishName].filter(Boolean).join(' · ') || '—'}
            {line.mouldingIn ? <span className="block text-sm font-normal text-ink-600">{inches(line.mouldingIn)} moulding</span> : null}
          </Fact>
          <Fact label="White border">
            {line.borderName || '—'}
            {line.borderIn ? ` (${inches(line.borderIn)})` : ''}
          </Fact>
          <Fact label="Quantity">{quantity ?? '—'}</Fact>
          {several ? (
            <Fact label="Price">
              {quantity} × {money(line.unitPaise)} = {money(line.checkoutPaise)}
            </Fact>
          ) : null}
          <Fact label="Photo">
            {photo ? px(photo.originalWidth ?? photo.width, photo.originalHeight ?? photo.height) : 'No longer stored'}
            {photo?.uploadId ? <span className="block font-mono text-sm font-normal text-ink-600">{photo.uploadId}</span> : null}
          </Fact>
          <Fact label="Crop">{crop ? `${px(crop.width, crop.height)} from (${crop.x}, ${crop.y})` : photo ? 'Whole photo' : '—'}</Fact>
        </Facts>
      </div>
    </div>
  );
}
