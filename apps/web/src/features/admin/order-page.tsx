import { formatInr } from '@framewala/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { primaryButton, secondaryButton, textLink } from '../../components/button-styles';
import { AlertIcon, ArrowRightIcon, FrameIcon, ImageIcon, Spinner } from '../../components/icons';
import { showToast } from '../../lib/toast-store';
import { formatPhone } from '../../lib/format';
import { ago, formatDateTime, inStatusFor, statusLabel } from '../../lib/order-status';
import { AdminShell, ErrorBox, Fact, Facts, Panel, PaymentIssueBadge, StatusBadge } from './admin-ui';
import { errorText } from './error-text';
import { fetchProtectedFile, saveBlob } from '../../lib/protected-file';
import { fetchAdminOrder, printFilePath, rebuildPrintFile, type AdminOrder, type PrintFileInfo } from './api';
import { BitmapImage } from './bitmap-image';
import { useProtectedBitmap } from './protected-file';
import { InvoiceLink } from '../../components/invoice-link';
import { StatusActions } from './status-actions';

const inches = (value: number | null | undefined) => (typeof value === 'number' ? `${+value.toFixed(2)} in` : '—');
const money = (paise: number | null | undefined) => (typeof paise === 'number' ? formatInr(paise) : '—');
const px = (w: number | null | undefined, h: number | null | undefined) =>
  typeof w === 'number' && typeof h === 'number' ? `${w.toLocaleString('en-IN')} × ${h.toLocaleString('en-IN')} px` : '—';

const BUSY = new Set(['queued', 'rendering']);

/** `/admin/orders/:id`: everything the shop needs to make, pack and track one order. */
export function AdminOrderPage() {
  const { id = '' } = useParams();
  const order = useQuery({
    queryKey: ['admin', 'order', id],
    queryFn: () => fetchAdminOrder(id),
    retry: false,
    // While the print file is being made, look again every 2 s.
    // Poll while any print file (the first line's, or another line's in a cart order) is being made.
    refetchInterval: (query) =>
      [query.state.data?.printFile, ...(query.state.data?.lines ?? []).map((l) => l.printFile)].some((f) => f && BUSY.has(f.status))
        ? 2000
        : false,
  });

  const back = (
    <Link to="/admin" className={`${textLink} inline-flex min-h-11 items-center gap-1.5`}>
      <ArrowRightIcon className="h-4 w-4 rotate-180" />
      All orders
    </Link>
  );

  if (order.isPending || order.isError) {
    return (
      <AdminShell title={`Order ${id}`} back={back}>
        <title>{`Order ${id} — Shop console — Framewala`}</title>
        {order.isPending ? (
          <p role="status" className="text-ink-500">
            Loading the order…
          </p>
        ) : (
          <ErrorBox error={order.error} title="We couldn’t load this order." onRetry={() => void order.refetch()} />
        )}
      </AdminShell>
    );
  }

  const o = order.data;
  return (
    <AdminShell
      title={`Order ${o.id}`}
      back={back}
      intro={
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <StatusBadge status={o.status} />
          {o.paymentFlag ? <PaymentIssueBadge title={o.paymentFlag.note} /> : null}
          <span className="text-sm">{inStatusFor(o.statusChangedAt ?? o.createdAt)}</span>
          <span className="text-sm">Placed {formatDateTime(o.createdAt)}</span>
          <span className="font-serif text-lg font-semibold text-ink-900 tabular-nums">{formatInr(o.amountPaise)}</span>
        </span>
      }
    >
      <title>{`Order ${o.id} — Shop console — Framewala`}</title>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-8">
        <div className="flex min-w-0 flex-col gap-6">
          <Panel id="admin-actions" title="Next step">
            <StatusActions order={o} />
            {o.trackingNumber ? (
              <p className="mt-4 text-sm text-ink-700">
                Shipped with <span className="font-semibold">{o.carrier ?? 'carrier not given'}</span>, tracking{' '}
                <span className="font-mono font-semibold" data-testid="admin-tracking">
                  {o.trackingNumber}
                </span>
              </p>
            ) : null}
          </Panel>
          <MockupPanel order={o} />
          {o.lines.length > 1 ? <LinesPanel order={o} /> : null}
          <PrintFilePanel order={o} />
          <LinePanel order={o} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <CustomerPanel order={o} />
          <PaymentPanel order={o} />
          <HistoryPanel order={o} />
        </div>
      </div>
    </AdminShell>
  );
}

function MockupPanel({ order }: { order: AdminOrder }) {
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

function fileSize(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number') return '—';
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const PRINT_STATUS: Record<PrintFileInfo['status'], string> = {
  queued: 'Waiting to be made',
  rendering: 'Being made…',
  ready: 'Ready',
  failed: 'Failed',
};

function PrintFilePanel({ order }: { order: AdminOrder }) {
  const queryClient = useQueryClient();
  const file = order.printFile ?? null;
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const rebuild = useMutation({
    mutationFn: () => rebuildPrintFile(order.id),
    onSuccess: (printFile) => {
      queryClient.setQueryData<AdminOrder>(['admin', 'order', order.id], (current) => (current ? { ...current, printFile } : current));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'order', order.id] });
      showToast('The print file is being made again.', { tone: 'info' });
    },
  });

  const extension = file?.format === 'jpeg' || file?.format === 'jpg' ? 'jpg' : 'tif';
  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      const { blob, fileName } = await fetchProtectedFile(file?.downloadUrl ?? printFilePath(order.id));
      saveBlob(blob, fileName ?? `${order.id}-print.${extension}`);
    } catch (error) {
      setDownloadError(error);
    } finally {
      setDownloading(false);
    }
  };

  const source = file?.source;
  const region = source?.region;
  const printWidth = file?.widthPx && file.ppi ? file.widthPx / file.ppi : null;
  const printHeight = file?.heightPx && file.ppi ? file.heightPx / file.ppi : null;
  const busy = file ? BUSY.has(file.status) : false;

  return (
    <Panel
      id="admin-print-file"
      title="Print-ready file"
      action={
        file ? (
          <span
            data-testid="print-file-status"
            className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-semibold ${
              file.status === 'ready'
                ? 'bg-leaf-50 text-leaf-600'
                : file.status === 'failed'
                  ? 'bg-red-50 text-red-800'
                  : 'bg-amber-100 text-amber-900'
            }`}
          >
            {busy ? <Spinner className="h-3.5 w-3.5" /> : null}
            {PRINT_STATUS[file.status]}
          </span>
        ) : null
      }
    >
      {file ? (
        <>
          <Facts label="Print file">
            <Fact label="Pixels">{px(file.widthPx, file.heightPx)}</Fact>
            <Fact label="Resolution">{typeof file.ppi === 'number' ? `${file.ppi} ppi` : '—'}</Fact>
            <Fact label="Prints at">{printWidth && printHeight ? `${+printWidth.toFixed(2)} × ${+printHeight.toFixed(2)} in` : '—'}</Fact>
            <Fact label="White margin">
              {typeof file.borderPx === 'number' ? (file.borderPx > 0 ? `${file.borderPx} px each side` : 'none') : '—'}
            </Fact>
            <Fact label="Format">
              {file.format ? file.format.toUpperCase() : '—'}
              {file.bytes ? ` · ${fileSize(file.bytes)}` : ''}
            </Fact>
            <Fact label="Made from">
              {source?.uploadId ? <span className="font-mono text-sm">{source.uploadId}</span> : '—'}
              {source?.width && source.height ? (
                <span className="block text-sm font-normal text-ink-600">original {px(source.width, source.height)}</span>
              ) : null}
              {source?.profile ? <span className="block text-sm font-normal text-ink-600">colour profile: {source.profile}</span> : null}
            </Fact>
            <Fact label="Region used">{region ? `${px(region.width, region.height)} from (${region.left}, ${region.top})` : '—'}</Fact>
            {file.finishedAt ? <Fact label="Made">{formatDateTime(file.finishedAt)}</Fact> : null}
          </Facts>
          {file.status === 'failed' && file.error ? (
            <p role="alert" className="mt-3 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {file.error}
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-ink-600">No print file yet: it is made when the order is paid.</p>
      )}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <button type="button" className={primaryButton} disabled={file?.status !== 'ready' || downloading} onClick={() => void download()}>
          {downloading ? 'Downloading…' : 'Download print file'}
        </button>
        <button type="button" className={secondaryButton} disabled={rebuild.isPending || busy} onClick={() => rebuild.mutate()}>
          {rebuild.isPending ? 'Queuing…' : 'Rebuild'}
        </button>
      </div>
      {downloadError ? (
        <p role="alert" className="mt-3 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {errorText(downloadError)}
        </p>
      ) : null}
      {rebuild.isError ? (
        <p role="alert" className="mt-3 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {errorText(rebuild.error)}
        </p>
      ) : null}
    </Panel>
  );
}

/** A cart order: every framed photo with what to make and its own print-ready file (`?line=N`). */
function LinesPanel({ order }: { order: AdminOrder }) {
  return (
    <Panel id="admin-lines" title={`${order.lines.length} framed photos`}>
      <ol className="flex flex-col divide-y divide-ink-100" data-testid="admin-lines">
        {order.lines.map((entry, index) => (
          <LineRow key={index} orderId={order.id} index={index} entry={entry} />
        ))}
      </ol>
    </Panel>
  );
}

function LineRow({ orderId, index, entry }: { orderId: string; index: number; entry: AdminOrder['lines'][number] }) {
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const { line, printFile: file } = entry;
  const download = async () => {
    setDownloading(true);
    setError(null);
    try {
      const url = file?.downloadUrl ?? (index === 0 ? printFilePath(orderId) : `${printFilePath(orderId)}?line=${index + 1}`);
      const { blob, fileName } = await fetchProtectedFile(url);
      saveBlob(blob, fileName ?? `${orderId}-line${index + 1}-print.tif`);
    } catch (caught) {
      setError(caught);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <li className="py-3 first:pt-0 last:pb-0" data-testid="admin-line">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-ink-900">
            {index + 1}. {line.sizeName} in{line.custom ? ' (custom)' : ''} ·{' '}
            {[line.frameSetName, line.finishName].filter(Boolean).join(' · ')}
          </p>
          <p className="text-sm text-ink-600">
            {line.borderIn ? `${line.borderName} (${inches(line.borderIn)})` : 'No border'} · {entry.quantity} × {money(line.unitPaise)} ·{' '}
            <span className="font-mono">{entry.uploadId ?? 'photo no longer stored'}</span>
          </p>
          <p className="text-sm text-ink-600" data-testid="admin-line-print-status">
            Print file: {file ? PRINT_STATUS[file.status] : 'not made yet'}
            {file?.widthPx && file.heightPx ? ` · ${px(file.widthPx, file.heightPx)}` : ''}
          </p>
        </div>
        <button
          type="button"
          className={`${secondaryButton} px-4`}
          disabled={file?.status !== 'ready' || downloading}
          onClick={() => void download()}
        >
          {downloading ? 'Downloading…' : `Download print file ${index + 1}`}
        </button>
      </div>
      {error ? (
        <p role="alert" className="mt-2 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {errorText(error)}
        </p>
      ) : null}
    </li>
  );
}

function LinePanel({ order }: { order: AdminOrder }) {
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

function CustomerPanel({ order }: { order: AdminOrder }) {
  const c = order.customer;
  const a = order.address;
  return (
    <Panel id="admin-customer" title="Customer and delivery">
      <Facts label="Customer">
        <Fact label="Name">{c?.name || '—'}</Fact>
        <Fact label="E-mail">
          {c?.email ? (
            <a className={textLink} href={`mailto:${c.email}`}>
              {c.email}
            </a>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label="Phone">
          {c?.phone ? (
            <a className={textLink} href={`tel:${c.phone}`}>
              {formatPhone(c.phone)}
            </a>
          ) : (
            '—'
          )}
        </Fact>
      </Facts>
      <h3 className="mt-5 mb-2 font-sans text-sm font-semibold tracking-wide text-ink-500 uppercase">Deliver to</h3>
      {a ? (
        <address
          className="rounded-2xl border border-ink-100 px-4 py-3 not-italic leading-relaxed text-ink-800"
          data-testid="admin-address"
        >
          <span className="block font-semibold text-ink-900">{a.fullName}</span>
          {a.companyName ? <span className="block">{a.companyName}</span> : null}
          <span className="block">{a.addressLine1}</span>
          {a.addressLine2 ? <span className="block">{a.addressLine2}</span> : null}
          <span className="block">
            {[a.city, a.state].filter(Boolean).join(', ')} {a.postalCode}
          </span>
          <span className="block">{a.country === 'IN' || !a.country ? 'India' : a.country}</span>
          <span className="mt-1 block text-sm text-ink-600">
            {a.phone ? formatPhone(a.phone) : null}
            {a.altPhone ? ` · alt ${formatPhone(a.altPhone)}` : ''}
            {a.email ? ` · ${a.email}` : ''}
          </span>
        </address>
      ) : (
        <p className="text-ink-600">No address recorded.</p>
      )}
    </Panel>
  );
}

const REFUND_LABELS: Record<string, string> = {
  pending: 'Refund to be made',
  requesting: 'Refund being asked for',
  refunded: 'Refunded',
};

function PaymentPanel({ order }: { order: AdminOrder }) {
  const p = order.payment;
  const flag = order.paymentFlag;
  const payments = p?.payments ?? [];
  const showList = payments.length > 1 || payments.some((payment) => payment.refund) || Boolean(flag);
  return (
    <Panel id="admin-payment" title="Payment">
      {flag ? (
        <div role="alert" className="mb-4 flex items-start gap-3 rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          <AlertIcon className="mt-0.5 h-5 w-5 shrink-0" />
          <div className="min-w-0">
            <p className="font-semibold">
              {flag.code === 'paid_after_cancel' ? 'Paid after it was cancelled' : 'Payment does not cover the order'}
            </p>
            <p className="[overflow-wrap:anywhere]">{flag.note}</p>
          </div>
        </div>
      ) : null}
      <Facts label="Payment">
        <Fact label="Paid">{order.paidAt ? formatDateTime(order.paidAt) : 'Not paid'}</Fact>
        <Fact label="Provider order">
          <span className="font-mono text-sm">{p?.providerOrderId ?? '—'}</span>
        </Fact>
        <Fact label="Payment id">
          <span className="font-mono text-sm">{p?.paymentId ?? '—'}</span>
        </Fact>
        {order.failure?.reason ? (
          <Fact label="Last failure">
            {order.failure.reason}
            {order.failure.code ? <span className="block font-mono text-sm font-normal text-ink-600">{order.failure.code}</span> : null}
          </Fact>
        ) : null}
      </Facts>
      {showList && payments.length > 0 ? (
        <ul aria-label="Payments received" className="mt-3 flex flex-col gap-2 text-sm text-ink-700">
          {payments.map((payment) => (
            <li key={payment.providerPaymentId} className="[overflow-wrap:anywhere]">
              <span className="font-mono">{payment.providerPaymentId}</span> ·{' '}
              {payment.currency && payment.currency !== 'INR'
                ? `${payment.amountPaise / 100} ${payment.currency}`
                : formatInr(payment.amountPaise)}{' '}
              · {payment.source} · {payment.createdAt ? formatDateTime(payment.createdAt) : ''}
              {payment.refund ? (
                <span className="mt-0.5 block font-semibold text-red-800">
                  {REFUND_LABELS[payment.refund.status] ?? payment.refund.status}
                  {payment.refund.refundId ? <span className="font-mono font-normal"> · {payment.refund.refundId}</span> : null}
                  {payment.refund.refundedAt ? <span className="font-normal"> · {formatDateTime(payment.refund.refundedAt)}</span> : null}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}

function HistoryPanel({ order }: { order: AdminOrder }) {
  const history = [...order.history].reverse();
  return (
    <Panel id="admin-history" title="Status history">
      {history.length === 0 ? (
        <p className="text-ink-600">No changes recorded.</p>
      ) : (
        <ol className="relative flex flex-col gap-4 border-l-2 border-ink-100 pl-5">
          {history.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="relative">
              <span
                aria-hidden="true"
                className={`absolute top-1.5 -left-[1.72rem] h-3 w-3 rounded-full ring-4 ring-white ${index === 0 ? 'bg-saffron-600' : 'bg-ink-300'}`}
              />
              <p className="font-medium text-ink-900">
                {entry.from ? `${statusLabel(entry.from)} → ` : ''}
                {statusLabel(entry.to)}
              </p>
              <p className="text-sm text-ink-600">
                {formatDateTime(entry.at)} · {ago(entry.at)} · by {entry.actor ?? 'system'}
              </p>
              {entry.note ? <p className="mt-0.5 text-sm text-ink-700">“{entry.note}”</p> : null}
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
