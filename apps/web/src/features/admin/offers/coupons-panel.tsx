import { formatInr, type Coupon } from '@framewala/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { primaryButton, textLink } from '../../../components/button-styles';
import { ErrorBox, Panel } from '../admin-ui';
import { couponsQueryOptions } from '../api/offers';
import { CouponEditor } from './coupon-editor';
import { windowText } from './coupon-form';

export function CouponsPanel() {
  const coupons = useQuery(couponsQueryOptions());
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  return (
    <Panel
      id="admin-coupons"
      title="Coupon codes"
      action={
        editing === null ? (
          <button type="button" className={primaryButton} onClick={() => setEditing('new')}>
            New code
          </button>
        ) : null
      }
    >
      <p className="mb-4 text-ink-600">
        Codes are not case-sensitive. Dates are India time, both days included. A use is counted when the order is paid.
      </p>
      {editing !== null ? (
        <CouponEditor
          key={editing === 'new' ? 'new' : editing.id}
          coupon={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {coupons.isPending ? (
        <p role="status" className="text-ink-500">
          Loading the codes…
        </p>
      ) : coupons.isError ? (
        <ErrorBox error={coupons.error} title="We couldn’t load the coupon codes." onRetry={() => void coupons.refetch()} />
      ) : coupons.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-ink-200 px-4 py-6 text-center text-ink-500">No codes yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-ink-100 rounded-2xl border border-ink-100" aria-label="Coupon codes">
          {coupons.data.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
              <span className="font-mono text-[1.05rem] font-semibold tracking-wide text-ink-900">{c.code}</span>
              <span className="text-ink-700">{c.summary}</span>
              {c.minSubtotalPaise ? <span className="text-sm text-ink-500">min {formatInr(c.minSubtotalPaise)}</span> : null}
              <span className="text-sm text-ink-500">{windowText(c)}</span>
              <span className="text-sm text-ink-500 tabular-nums">
                {c.usedCount} used{c.totalUses !== null ? ` of ${c.totalUses}` : ''}
              </span>
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${c.active ? 'bg-leaf-50 text-leaf-600' : 'bg-ink-100 text-ink-600'}`}
              >
                {c.active ? 'Active' : 'Paused'}
              </span>
              <button type="button" className={`${textLink} ml-auto`} onClick={() => setEditing(c)} aria-label={`Edit ${c.code}`}>
                Edit
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
