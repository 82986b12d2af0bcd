import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { textLink } from '../../components/button-styles';
import { stateName } from '../../lib/state-names';
import { type ProfileUser } from './api/profile';
import { formatPhone } from '../../lib/format';
import { Card, LoadFailed } from './profile-card';

/** A value, or null when missing (its row is left out). */
const present = (value: string | null | undefined): string | null => (value && value.trim() !== '' ? value : null);

export function AddressCard({
  profile,
  isLoading,
  failed,
  onRetry,
}: {
  profile: ProfileUser | undefined;
  isLoading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  const address = profile?.address ?? null;
  // The seed's fields, each only with a value: an empty one is left out rather than shown as N/A. The country is
  // always India (the shop delivers nowhere else), so it says nothing; 'Is Hyperlocal' is shown only when it is so,
  // with what it means beside it.
  const country = address?.country && address.country !== 'IN' ? address.country : null;
  const rows: [string, string | null][] = [
    [t`Full Name`, present(address?.fullName)],
    [t`Email`, present(address?.email)],
    [t`Phone Number`, address?.phone ? formatPhone(address.phone) : null],
    [t`Alt Phone Number`, address?.altPhone ? formatPhone(address.altPhone) : null],
    [t`Address Line 1`, present(address?.addressLine1)],
    [t`Address Line 2`, present(address?.addressLine2)],
    [t`City`, present(address?.city)],
    [t`State`, address?.state ? stateName(address.state) : null],
    [t`Country`, country],
    [t`Postal Code`, present(address?.postalCode)],
    [t`Company Name`, present(address?.companyName)],
    [t`Is Hyperlocal`, address?.isHyperlocal ? t`Yes: delivered by a courier within your city` : null],
  ];
  // While loading, the rows every saved address has keep their place (a bar for each value), so little moves below.
  const shown = isLoading ? rows.slice(0, 8).filter((_, i) => i !== 3 && i !== 5) : rows.filter(([, value]) => value !== null);
  return (
    <Card
      id="profile-address-heading"
      title={t`Address`}
      action={
        <Link to="/checkout" className={`${textLink} inline-flex min-h-11 items-center`}>
          {address ? t`Edit address` : t`Add an address`}
        </Link>
      }
    >
      {failed ? <LoadFailed message={t`We couldn’t load your address.`} onRetry={onRetry} /> : null}
      {/* While loading, the rows keep their place (labels and a bar for each value), so nothing below them moves. */}
      {isLoading ? (
        <p role="status" className="mb-4 text-ink-500">
          <Trans>Loading your address…</Trans>
        </p>
      ) : !address && !failed ? (
        <p className="mb-4 text-ink-600">
          <Trans>You haven’t saved a delivery address yet.</Trans>
        </p>
      ) : null}
      {shown.length > 0 ? (
        <dl className="divide-y divide-ink-100 rounded-2xl border border-ink-100" data-testid="profile-address">
          {shown.map(([label, value]) => (
            <div
              key={label}
              className="grid grid-cols-1 gap-0.5 px-4 py-2.5 min-[480px]:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] min-[480px]:gap-3"
            >
              <dt className="text-sm text-ink-500">{label}</dt>
              {isLoading ? (
                <dd aria-hidden="true">
                  <span className="inline-block h-4 w-32 max-w-full animate-pulse rounded bg-ink-100 align-middle" />
                </dd>
              ) : (
                <dd className="font-medium [overflow-wrap:anywhere] text-ink-900">{value}</dd>
              )}
            </div>
          ))}
        </dl>
      ) : null}
    </Card>
  );
}
