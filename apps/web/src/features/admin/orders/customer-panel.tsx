import { textLink } from '../../../components/button-styles';
import { formatPhone } from '../../../lib/format';
import { Fact, Facts, Panel } from '../admin-ui';
import { type AdminOrder } from '../api/orders';

export function CustomerPanel({ order }: { order: AdminOrder }) {
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
      {a && !order.pincodeInDirectory ? (
        <p className="mt-3 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="admin-pincode-unconfirmed">
          Pincode {a.postalCode} is not in the India Post directory: the customer was charged the rest-of-India rate and told we would
          confirm delivery. Check the courier serves it, and contact the customer if not.
        </p>
      ) : null}
    </Panel>
  );
}
