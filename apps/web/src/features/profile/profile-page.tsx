import { formatInr, RETENTION_DAYS, type Upload } from '@framewala/domain';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { InvoiceLink } from '../../components/invoice-link';
import { primaryButton, secondaryButton, textLink } from '../../components/button-styles';
import { ArrowRightIcon, ImageIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import { useSession } from '../../lib/auth';
import { startOrderWithPhoto } from '../../lib/order-storage';
import { statusText } from '../../lib/order-status';
import { stateName } from '../../lib/state-names';
import { fetchOrders, type OrderSummary } from '../../lib/orders-api';
import { fetchMyPhotos, fetchProfile, type ProfileUser } from './api';
import { formatDate, formatPhone } from '../../lib/format';

/** /user: the customer's details, saved address, orders and photos. Sign-in required. */
export function ProfilePage() {
  const { t } = useLingui();
  const session = useSession();
  const profile = useQuery({ queryKey: ['account', session?.token, 'profile'], queryFn: fetchProfile, retry: false });
  const sessionUser = session?.user ?? null;
  const user: Pick<ProfileUser, 'firstName' | 'lastName' | 'email' | 'mobileNumber'> | null = profile.data ?? sessionUser;
  const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || t`Your profile`;
  const initial = (user?.firstName || user?.email || '?').charAt(0).toUpperCase();

  return (
    <>
      <title>{t`Your profile — Framewala`}</title>
      <div className="border-b border-ink-100/80 bg-gradient-to-b from-sand/70 to-cream">
        <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 pt-10 pb-8 sm:flex-row sm:items-center sm:gap-6 sm:px-6 sm:pt-14 sm:pb-10">
          <span
            aria-hidden="true"
            data-testid="profile-avatar"
            className="flex h-20 w-20 shrink-0 items-center justify-center rounded-full bg-saffron-700 font-serif text-4xl font-semibold text-white shadow-md shadow-saffron-900/20"
          >
            {initial}
          </span>
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase [&:lang(hi)]:text-sm [&:lang(hi)]:tracking-normal">
              <Trans>Your profile</Trans>
            </p>
            <h1 className="mt-1 text-[2rem] leading-tight font-semibold break-words sm:text-[2.4rem]">{fullName}</h1>
            <dl className="mt-2 flex flex-col gap-x-6 gap-y-1 text-ink-700 sm:flex-row sm:flex-wrap">
              <div className="flex min-w-0 gap-2">
                <dt className="sr-only">
                  <Trans>E-mail</Trans>
                </dt>
                <dd className="break-all">{user?.email || <NotAvailable />}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="sr-only">
                  <Trans>Mobile</Trans>
                </dt>
                <dd>{user?.mobileNumber ? formatPhone(user.mobileNumber) : <NotAvailable />}</dd>
              </div>
            </dl>
          </div>
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6 sm:py-12 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-8">
        <AddressCard
          profile={profile.data}
          isLoading={profile.isPending}
          failed={profile.isError && !is401(profile.error)}
          onRetry={() => void profile.refetch()}
        />
        <div className="flex min-w-0 flex-col gap-6 lg:gap-8">
          <OrdersCard />
          <PhotosCard token={session?.token ?? null} />
        </div>
      </div>
    </>
  );
}

const is401 = (error: unknown) => isApiError(error) && error.status === 401;

/** What a missing value reads as. */
function NotAvailable() {
  return <Trans>N/A</Trans>;
}

/** A value, or null when missing (shown as N/A). */
const present = (value: string | null | undefined): string | null => (value && value.trim() !== '' ? value : null);

function Card({ title, action, children, id }: { title: string; action?: ReactNode; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-3xl border border-ink-100 bg-white p-5 shadow-sm shadow-ink-900/5 sm:p-7">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id={id} className="text-2xl font-semibold">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
      <p>{message}</p>
      <button type="button" onClick={onRetry} className="mt-1 inline-flex min-h-11 items-center font-semibold underline underline-offset-4">
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}

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
  const rows: [string, string | null][] = [
    [t`Full Name`, present(address?.fullName)],
    [t`Email`, present(address?.email)],
    [t`Phone Number`, address?.phone ? formatPhone(address.phone) : null],
    [t`Alt Phone Number`, address?.altPhone ? formatPhone(address.altPhone) : null],
    [t`Address Line 1`, present(address?.addressLine1)],
    [t`Address Line 2`, present(address?.addressLine2)],
    [t`City`, present(address?.city)],
    [t`State`, address?.state ? stateName(address.state) : null],
    [t`Country`, address ? address.country || 'IN' : 'IN'],
    [t`Postal Code`, present(address?.postalCode)],
    [t`Company Name`, present(address?.companyName)],
    [t`Is Hyperlocal`, address ? (address.isHyperlocal ? t`Yes` : t`No`) : null],
  ];
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
      <dl className="divide-y divide-ink-100 rounded-2xl border border-ink-100">
        {rows.map(([label, value]) => (
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
              <dd className={`[overflow-wrap:anywhere] ${value === null ? 'text-ink-500' : 'font-medium text-ink-900'}`}>
                {value ?? <NotAvailable />}
              </dd>
            )}
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** The order history: `GET /api/orders` (newest first), with the empty state when there are none. */
function OrdersCard() {
  const { t } = useLingui();
  const session = useSession();
  const orders = useQuery({ queryKey: ['account', session?.token, 'orders'], queryFn: fetchOrders, retry: false });
  return (
    <Card id="profile-orders-heading" title={t`Order history`}>
      {orders.isPending ? (
        <p role="status" className="text-ink-500">
          <Trans>Loading your orders…</Trans>
        </p>
      ) : orders.isError ? (
        is401(orders.error) ? null : (
          <div role="alert" className="flex flex-col items-start gap-3 text-ink-700">
            <p>
              <Trans>We couldn’t load your orders just now.</Trans>
            </p>
            <button type="button" onClick={() => void orders.refetch()} className={secondaryButton}>
              <Trans>Try again</Trans>
            </button>
          </div>
        )
      ) : (
        <OrderHistory orders={orders.data} />
      )}
    </Card>
  );
}

export function OrderHistory({ orders }: { orders: OrderSummary[] }) {
  if (orders.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-dashed border-ink-200 bg-cream px-5 py-6">
        <p className="text-ink-700">
          <Trans>No orders yet. When you order a frame, it appears here with its status.</Trans>
        </p>
        <Link to="/" className={primaryButton}>
          <Trans>Frame a photo</Trans>
          <ArrowRightIcon className="h-4 w-4" />
        </Link>
      </div>
    );
  }
  return (
    <>
      <OrderCards orders={orders} />
      <div className="-mx-1 hidden overflow-x-auto px-1 sm:block">
        <table className="w-full min-w-[28rem] text-left">
          <caption className="sr-only">
            <Trans>Your orders</Trans>
          </caption>
          <thead>
            <tr className="border-b border-ink-100 text-sm text-ink-500">
              <th scope="col" className="py-2 pr-4 font-medium">
                <Trans>Order</Trans>
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                <Trans>Date</Trans>
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                <Trans>Status</Trans>
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                <Trans>Total</Trans>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            {orders.map((order) => (
              <tr key={order._id}>
                <td className="py-3 pr-4 font-medium text-ink-900">
                  <Link to={`/orders/${encodeURIComponent(order._id)}`} className={textLink}>
                    {order._id}
                  </Link>
                  {order.invoice ? <InvoiceLink invoice={order.invoice} compact className="font-normal" /> : null}
                </td>
                <td className="py-3 pr-4 text-ink-700">{order.createdAt ? formatDate(order.createdAt) : <NotAvailable />}</td>
                <td className="py-3 pr-4">
                  <span className="rounded-full bg-saffron-50 px-2.5 py-1 text-sm font-medium whitespace-nowrap text-saffron-800">
                    {statusText(order.status)}
                  </span>
                  {order.trackingNumber ? (
                    <span className="mt-1.5 block text-sm text-ink-600">
                      <Tracking number={order.trackingNumber} carrier={order.carrier} />
                    </span>
                  ) : null}
                </td>
                <td className="py-3 text-right font-medium whitespace-nowrap text-ink-900">{formatInr(order.totalPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** 'Tracking EE123456789IN (India Post)'. */
function Tracking({ number, carrier }: { number: string; carrier?: string | null }) {
  return carrier ? (
    <Trans>
      Tracking {number} ({carrier})
    </Trans>
  ) : (
    <Trans>Tracking {number}</Trans>
  );
}

/** On a phone each order is a card (a table of four columns does not fit 390 px); the table shows from the sm width. */
function OrderCards({ orders }: { orders: OrderSummary[] }) {
  const { t } = useLingui();
  return (
    <ul aria-label={t`Your orders`} className="space-y-3 sm:hidden" data-testid="order-cards">
      {orders.map((order) => (
        <li key={order._id} className="rounded-2xl border border-ink-100 bg-cream/60 px-4 py-3.5">
          <div className="flex items-baseline justify-between gap-3">
            <Link to={`/orders/${encodeURIComponent(order._id)}`} className={`${textLink} min-w-0 break-all`}>
              {order._id}
            </Link>
            <span className="shrink-0 font-semibold whitespace-nowrap text-ink-900 tabular-nums">{formatInr(order.totalPaise)}</span>
          </div>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
            <span className="text-sm text-ink-600">{order.createdAt ? formatDate(order.createdAt) : <NotAvailable />}</span>
            <span className="rounded-full bg-saffron-50 px-2.5 py-1 text-sm font-medium whitespace-nowrap text-saffron-800">
              {statusText(order.status)}
            </span>
          </div>
          {order.trackingNumber ? (
            <p className="mt-2 text-sm break-words text-ink-600">
              <Tracking number={order.trackingNumber} carrier={order.carrier} />
            </p>
          ) : null}
          {order.invoice ? <InvoiceLink invoice={order.invoice} compact /> : null}
        </li>
      ))}
    </ul>
  );
}

function PhotosCard({ token }: { token: string | null }) {
  const { t } = useLingui();
  const photos = useQuery({ queryKey: ['account', token, 'photos'], queryFn: fetchMyPhotos, retry: false });
  return (
    <Card id="profile-photos-heading" title={t`My photos`}>
      {photos.isPending ? (
        <p role="status" className="text-ink-500">
          <Trans>Loading your photos…</Trans>
        </p>
      ) : photos.isError ? (
        is401(photos.error) ? null : isApiError(photos.error) && photos.error.status === 404 ? (
          <MyPhotos photos={[]} />
        ) : (
          <LoadFailed message={t`We couldn’t load your photos.`} onRetry={() => void photos.refetch()} />
        )
      ) : (
        <MyPhotos photos={photos.data} />
      )}
    </Card>
  );
}

export function MyPhotos({ photos }: { photos: Upload[] }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  if (photos.length === 0) {
    const retentionDays = RETENTION_DAYS;
    return (
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-dashed border-ink-200 bg-cream px-5 py-6">
        <p className="text-ink-700">
          <Trans>
            Photos you upload are kept here for <Plural value={retentionDays} one="# day" other="# days" />, ready to frame again.
          </Trans>
        </p>
        <Link to="/" className={secondaryButton}>
          <Trans>Upload a photo</Trans>
        </Link>
      </div>
    );
  }
  const frame = (photo: Upload) => {
    startOrderWithPhoto(photo);
    navigate('/edit-photo');
  };
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4">
      {photos.map((photo) => {
        const ready = photo.status === 'ready' && photo.url !== null;
        const thumb = photo.thumbnailUrl ?? photo.url;
        const uploadedOn = formatDate(photo.createdAt);
        const keptUntil = formatDate(photo.expiresAt);
        const { width, height } = photo;
        return (
          <li key={photo._id} className="flex overflow-hidden rounded-2xl border border-ink-100 bg-cream sm:flex-col">
            <div className="flex min-h-24 w-24 shrink-0 items-center justify-center bg-sand sm:aspect-[4/3] sm:min-h-0 sm:w-auto">
              {thumb ? (
                <img src={thumb} alt={t`Photo uploaded on ${uploadedOn}`} loading="lazy" className="h-full w-full object-cover" />
              ) : (
                <ImageIcon className="h-10 w-10 text-ink-300" />
              )}
            </div>
            <div className="flex flex-1 flex-col gap-3 p-3">
              <p className="text-sm text-ink-600">
                {t`${width} × ${height} px`}
                <br />
                <Trans>
                  Kept until <span className="font-medium whitespace-nowrap text-ink-800">{keptUntil}</span>
                </Trans>
              </p>
              {ready ? (
                <button
                  type="button"
                  onClick={() => frame(photo)}
                  className={`${primaryButton} mt-auto w-full px-3 text-sm whitespace-nowrap sm:text-[0.95rem]`}
                >
                  <Trans>Frame this photo</Trans>
                </button>
              ) : (
                <p className="mt-auto text-sm text-ink-500">
                  {photo.status === 'failed' ? t`This photo could not be prepared.` : t`Still being prepared…`}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
