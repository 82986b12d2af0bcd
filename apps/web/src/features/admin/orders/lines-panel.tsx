import { useState } from 'react';
import { secondaryButton } from '../../../components/button-styles';
import { Panel } from '../admin-ui';
import { errorText } from '../error-text';
import { fetchProtectedFile, saveBlob } from '../../../lib/protected-file';
import { printFilePath, type AdminOrder } from '../api/orders';
import { inches, money, px, PRINT_STATUS } from './order-format';

/** A cart order: every framed photo with what to make and its own print-ready file (`?line=N`). */
export function LinesPanel({ order }: { order: AdminOrder }) {
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
