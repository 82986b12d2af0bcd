import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { Spinner } from '../../../components/icons';
import { showToast } from '../../../components/toast-store';
import { formatDateTime } from '../../../lib/orders/order-status';
import { Fact, Facts, Panel } from '../admin-ui';
import { errorText } from '../error-text';
import { fetchProtectedFile, saveBlob } from '../../../lib/protected-file';
import {
  adminOrderQueryOptions,
  printFilePath,
  rebuildPrintFile,
  type AdminOrder,
  type PrintFileInfo,
  PRINT_FILE_BUSY,
} from '../api/orders';
import { fileSize, px, PRINT_STATUS } from './order-format';

/** The print-ready file of an order of one line, in its own panel. */
export function PrintFilePanel({ order }: { order: AdminOrder }) {
  const file = order.lines[0]?.printFile ?? order.printFile ?? null;
  return (
    <Panel id="admin-print-file" title="Print-ready file" action={file ? <PrintStatus file={file} testId="print-file-status" /> : null}>
      <PrintFile order={order} index={0} />
    </Panel>
  );
}

/** A print file's state: 'Ready', 'Being made…'. */
export function PrintStatus({ file, testId }: { file: PrintFileInfo; testId: string }) {
  const busy = PRINT_FILE_BUSY.has(file.status);
  return (
    <span
      data-testid={testId}
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
  );
}

/**
 * Line `index`'s print-ready file (0 for the first): its facts, download (`…/print-file?line=N`) and rebuild (`{line:
 * N}`; the server rebuilds that line only). In an order of several lines the buttons name their line.
 */
export function PrintFile({ order, index }: { order: AdminOrder; index: number }) {
  const queryClient = useQueryClient();
  const lineNumber = index + 1;
  const several = order.lines.length > 1;
  const file = order.lines[index]?.printFile ?? (index === 0 ? order.printFile : null) ?? null;
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const orderKey = adminOrderQueryOptions(order.id).queryKey;
  const rebuild = useMutation({
    mutationFn: () => rebuildPrintFile(order.id, lineNumber),
    onSuccess: (printFile) => {
      queryClient.setQueryData(orderKey, (current) =>
        current
          ? {
              ...current,
              ...(index === 0 ? { printFile } : {}),
              lines: current.lines.map((line, i) => (i === index ? { ...line, printFile } : line)),
            }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: orderKey });
      showToast(several ? `The print file of line ${lineNumber} is being made again.` : 'The print file is being made again.', {
        tone: 'info',
      });
    },
  });

  const extension = file?.format === 'jpeg' || file?.format === 'jpg' ? 'jpg' : 'tif';
  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      const { blob, fileName } = await fetchProtectedFile(file?.downloadUrl ?? printFilePath(order.id, lineNumber));
      saveBlob(blob, fileName ?? (several ? `${order.id}-line${lineNumber}-print.${extension}` : `${order.id}-print.${extension}`));
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
  const busy = file ? PRINT_FILE_BUSY.has(file.status) : false;

  return (
    <>
      {file ? (
        <>
          <Facts label={several ? `Print file ${lineNumber}` : 'Print file'}>
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
          {downloading ? 'Downloading…' : several ? `Download print file ${lineNumber}` : 'Download print file'}
        </button>
        <button type="button" className={secondaryButton} disabled={rebuild.isPending || busy} onClick={() => rebuild.mutate()}>
          {rebuild.isPending ? 'Queuing…' : several ? `Rebuild print file ${lineNumber}` : 'Rebuild'}
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
    </>
  );
}
