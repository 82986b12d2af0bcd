import type { ArrivesBy } from '@framewala/domain';
import { arrivesByText } from '../lib/delivery/delivery-quote';
import { TruckIcon } from './icons';

/** A paid order's delivery window, 'Arrives between Tue 1 Dec and Fri 4 Dec', as /success and the order page show it. */
export function OrderArrivesBy({ arrivesBy, className = '' }: { arrivesBy: ArrivesBy; className?: string }) {
  return (
    <p className={`flex items-start gap-2 rounded-2xl bg-cream px-4 py-3 text-ink-700 ${className}`} data-testid="order-arrives-by">
      <TruckIcon className="mt-0.5 h-5 w-5 shrink-0 text-leaf-600" />
      <span className="font-medium text-ink-900">{arrivesByText(arrivesBy)}</span>
    </p>
  );
}
