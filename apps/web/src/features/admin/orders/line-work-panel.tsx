import { Panel } from '../admin-ui';
import { type AdminOrder } from '../api/orders';
import { Mockup } from './mockup-panel';
import { PrintFile, PrintStatus } from './print-file-panel';

/** In an order of several lines, one line's own framed mock-up and print-ready file. */
export function LineWorkPanel({ order, index }: { order: AdminOrder; index: number }) {
  const entry = order.lines[index]!;
  const number = index + 1;
  const { line, printFile } = entry;
  return (
    <Panel
      id={`admin-line-${number}`}
      title={`Frame ${number} of ${order.lines.length}: ${line.sizeName} in`}
      testId="admin-line"
      action={
        printFile ? (
          <PrintStatus file={printFile} testId="admin-line-print-status" />
        ) : (
          <span className="text-sm text-ink-600" data-testid="admin-line-print-status">
            No print file yet
          </span>
        )
      }
    >
      <p className="-mt-2 mb-4 text-ink-700">
        {[line.frameSetName, line.finishName].filter(Boolean).join(' · ')} · {line.borderIn ? `${line.borderName} border` : 'no border'} ·{' '}
        {entry.quantity} {entry.quantity === 1 ? 'piece' : 'pieces'}
      </p>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Mockup order={order} index={index} compact />
        <div className="min-w-0">
          <PrintFile order={order} index={index} />
        </div>
      </div>
    </Panel>
  );
}
