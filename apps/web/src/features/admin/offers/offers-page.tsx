import { AdminShell } from '../admin-ui';
import { CouponsPanel } from './coupons-panel';
import { TaxPanel } from './tax-panel';

/** `/admin/offers`: coupon codes and the seller's details on tax invoices. */
export function AdminOffersPage() {
  return (
    <AdminShell title="Coupons & tax" intro="Festival codes for customers, and the details printed on every GST tax invoice.">
      <title>Coupons & tax — Shop console — Framewala</title>
      <div className="flex flex-col gap-6">
        <CouponsPanel />
        <TaxPanel />
      </div>
    </AdminShell>
  );
}
