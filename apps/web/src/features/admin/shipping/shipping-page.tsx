import { AdminShell } from '../admin-ui';
import { ShippingSettingsPanel } from './shipping-settings';

/** `/admin/shipping`: what customers pay for delivery, quoted at checkout by the server. */
export function AdminShippingPage() {
  return (
    <AdminShell
      title="Shipping"
      intro="What customers pay for delivery: checkout quotes these charges, and new orders use them within a second."
    >
      <title>Shipping — Shop console — Framewala</title>
      <p className="mb-6 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950" data-testid="shipping-notice">
        <strong className="font-semibold">Changes apply to new orders only.</strong> An order already placed keeps the shipping it paid.
      </p>
      <ShippingSettingsPanel />
    </AdminShell>
  );
}
