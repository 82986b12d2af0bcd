import { formatInr } from '@framewala/domain';
import { ImageIcon } from '../../../components/icons';
import { Fact, Facts, Panel } from '../admin-ui';
import { type AdminOrder } from '../api/orders';
import { InvoiceLink } from '../../../components/invoice-link';
import { inches, money, px } from './order-format';

export function LinePanel({ order }: { order: AdminOrder }) {
  const line = order.line;
  const photo = order.photo;
  const crop = photo?.crop;
  return (
    <Panel id="admin-line" title="What to make">
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="flex h-32 w-32 shrink-0 items-center justify-center overflow-hidden rounded-2xl bg-sand">
          {photo?.thumbnailUrl ? (
            <img src={photo.thumbnailUrl} alt="The customer's photo" className="h-full w-full object-cover" />
          ) : (
            <ImageIcon className="h-10 w-10 text-ink-300" />
          )}
        </div>
        <div className="min-w-0 flex-1">
          <Facts label="Order line">
            <Fact label="Size">
              {line?.sizeName ? `${line.sizeName} in` : '—'}
              {line?.custom ? ' (custom)' : ''}
              {line?.widthIn && line.heightIn ? (
                <span className="block text-sm font-normal text-ink-600">{`${inches(line.widthIn)} × ${inches(line.heightIn)}`}</span>
              ) : null}
            </Fact>
            <Fact label="Frame">
              {[line?.frameSetName, line?.finishName].filter(Boolean).join(' · ') || '—'}
              {line?.mouldingIn ? <span className="block text-sm font-normal text-ink-600">{inches(line.mouldingIn)} moulding</span> : null}
            </Fact>
            <Fact label="White border">
              {line?.borderName ?? '—'}
              {line?.borderIn ? ` (${inches(line.borderIn)})` : ''}
            </Fact>
            <Fact label="Quantity">{order.quantity ?? '—'}</Fact>
            <Fact label="Photo">
              {photo ? px(photo.originalWidth ?? photo.width, photo.originalHeight ?? photo.height) : 'No longer stored'}
              {photo?.uploadId ? <span className="block font-mono text-sm font-normal text-ink-600">{photo.uploadId}</span> : null}
            </Fact>
            <Fact label="Crop">{crop ? `${px(crop.width, crop.height)} from (${crop.x}, ${crop.y})` : photo ? 'Whole photo' : '—'}</Fact>
          </Facts>
        </div>
      </div>
      <div className="mt-4">
        <Facts label="Prices">
          <Fact label="Frame and print">{money(line?.fspPaise)}</Fact>
          <Fact label="White border">{money(line?.wbpPaise)}</Fact>
          <Fact label="Each">{money(line?.unitPaise)}</Fact>
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
