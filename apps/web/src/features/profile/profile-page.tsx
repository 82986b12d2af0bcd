import { formatInr, POLICY_FACTS, type Upload } from '@framewala/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { InvoiceLink } from '../../components/invoice-link';
import { primaryButton, secondaryButton, textLink } from '../../components/button-styles';
import { ArrowRightIcon, ImageIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import { useSession } from '../../lib/auth';
import { startOrderWithPhoto } from '../../lib/order-storage';
import { STATUS_LABELS } from '../../lib/order-status';
import { fetchOrders, type OrderSummary } from '../../lib/orders-api';
import { fetchMyPhotos, fetchProfile, type ProfileUser } from './api';
import { formatDate, formatPhone, NOT_AVAILABLE, text } from '../../lib/format';

/** /user: the customer's details, saved address, orders and photos. Sign-in required. */
export function ProfilePage() {
  const session = useSession();
  const profile = useQuery({ queryKey: ['account', session?.token, 'profile'], queryFn: fetchProfile, retry: false });
  const sessionUser = session?.user ?? null;
  const user: Pick<ProfileUser, 'firstName' | 'lastName' | 'email' | 'mobileNumber'> | null = profile.data ?? sessionUser;
  const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || 'Your profile';
  const initial = (user?.firstName || user?.email || '?').charAt(0).toUpperCase();

  return (
    <>
      <title>Your profile — Framewala</title>
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
            <p className="text-xs font-semibold tracking-[0.16em] text-saffron-700 uppercase">Your profile</p>
            <h1 className="mt-1 text-[2rem] leading-tight font-semibold break-words sm:text-[2.4rem]">{fullName}</h1>
            <dl className="mt-2 flex flex-col gap-x-6 gap-y-1 text-ink-700 sm:flex-row sm:flex-wrap">
              <div className="flex min-w-0 gap-2">
                <dt className="sr-only">E-mail</dt>
                <dd className="break-all">{text(user?.email)}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="sr-only">Mobile</dt>
                <dd>{formatPhone(user?.mobileNumber)}</dd>
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

function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
      <p>We couldn’t load {what}.</p>
      <button type="button" onClick={onRetry} className="mt-1 inline-flex min-h-11 items-center font-semibold underline underline-offset-4">
        Try again
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
  const address = profile?.address ?? null;
  const rows: [string, string][] = [
    ['Full Name', text(address?.fullName)],
    ['Email', text(address?.email)],
    ['Phone Number', address?.phone ? formatPhone(address.phone) : NOT_AVAILABLE],
    ['Alt Phone Number', address?.altPhone ? formatPhone(address.altPhone) : NOT_AVAILABLE],
    ['Address Line 1', text(address?.addressLine1)],
    ['Address Line 2', text(address?.addressLine2)],
    ['City', text(address?.city)],
    ['State', text(address?.state)],
    ['Country', address ? address.country || 'IN' : 'IN'],
    ['Postal Code', text(address?.postalCode)],
    ['Company Name', text(address?.companyName)],
    ['Is Hyperlocal', address ? (address.isHyperlocal ? 'Yes' : 'No') : NOT_AVAILABLE],
  ];
  return (
    <Card
      id="profile-address-heading"
      title="Address"
      action={
        <Link to="/checkout" className={`${textLink} inline-flex min-h-11 items-center`}>
          {address ? 'Edit address' : 'Add an address'}
        </Link>
      }
    >
      {failed ? <LoadFailed what="your address" onRetry={onRetry} /> : null}
      {/* While loading, the rows keep their place (labels and a bar for each value), so nothing below them moves. */}
      {isLoading ? (
        <p role="status" className="mb-4 text-ink-500">
          Loading your address…
        </p>
      ) : !address && !failed ? (
        <p className="mb-4 text-ink-600">You haven’t saved a delivery address yet.</p>
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
              <dd className={`[overflow-wrap:anywhere] ${value === NOT_AVAILABLE ? 'text-ink-500' : 'font-medium text-ink-900'}`}>
                {value}
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
  const session = useSession();
  const orders = useQuery({ queryKey: ['account', session?.token, 'orders'], queryFn: fetchOrders, retry: false });
  return (
    <Card id="profile-orders-heading" title="Order history">
      {orders.isPending ? (
        <p role="status" className="text-ink-500">
          Loading your orders…
        </p>
      ) : orders.isError ? (
        is401(orders.error) ? null : (
          <div role="alert" className="flex flex-col items-start gap-3 text-ink-700">
            <p>We couldn’t load your orders just now.</p>
            <button type="button" onClick={() => void orders.refetch()} className={secondaryButton}>
              Try again
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
        <p className="text-ink-700">No orders yet. When you order a frame, it appears here with its status.</p>
        <Link to="/" className={primaryButton}>
          Frame a photo
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
          <caption className="sr-only">Your orders</caption>
          <thead>
            <tr className="border-b border-ink-100 text-sm text-ink-500">
              <th scope="col" className="py-2 pr-4 font-medium">
                Order
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Date
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Status
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Total
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
                <td className="py-3 pr-4 text-ink-700">{order.createdAt ? formatDate(order.createdAt) : NOT_AVAILABLE}</td>
                <td className="py-3 pr-4">
                  <span className="rounded-full bg-saffron-50 px-2.5 py-1 text-sm font-medium whitespace-nowrap text-saffron-800">
                    {STATUS_LABELS[order.status]}
                  </span>
                  {order.trackingNumber ? (
                    <span className="mt-1.5 block text-sm text-ink-600">
                      Tracking {order.trackingNumber}
                      {order.carrier ? ` (${order.carrier})` : ''}
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

/** On a phone each order is a card (a table of four columns does not fit 390 px); the table shows from the sm width. */
function OrderCards({ orders }: { orders: OrderSummary[] }) {
  return (
    <ul aria-label="Your orders" className="space-y-3 sm:hidden" data-testid="order-cards">
      {orders.map((order) => (
        <li key={order._id} className="rounded-2xl border border-ink-100 bg-cream/60 px-4 py-3.5">
          <div className="flex items-baseline justify-between gap-3">
            <Link to={`/orders/${encodeURIComponent(order._id)}`} className={`${textLink} min-w-0 break-all`}>
              {order._id}
            </Link>
            <span className="shrink-0 font-semibold whitespace-nowrap text-ink-900 tabular-nums">{formatInr(order.totalPaise)}</span>
          </div>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
            <span className="text-sm text-ink-600">{order.createdAt ? formatDate(order.createdAt) : NOT_AVAILABLE}</span>
            <span className="rounded-full bg-saffron-50 px-2.5 py-1 text-sm font-medium whitespace-nowrap text-saffron-800">
              {STATUS_LABELS[order.status]}
            </span>
          </div>
          {order.trackingNumber ? (
            <p className="mt-2 text-sm break-words text-ink-600">
              Tracking {order.trackingNumber}
              {order.carrier ? ` (${order.carrier})` : ''}
            </p>
          ) : null}
          {order.invoice ? <InvoiceLink invoice={order.invoice} compact /> : null}
        </li>
      ))}
    </ul>
  );
}

function PhotosCard({ token }: { token: string | null }) {
  const photos = useQuery({ queryKey: ['account', token, 'photos'], queryFn: fetchMyPhotos, retry: false });
  return (
    <Card id="profile-photos-heading" title="My photos">
      {photos.isPending ? (
        <p role="status" className="text-ink-500">
          Loading your photos…
        </p>
      ) : photos.isError ? (
        is401(photos.error) ? null : isApiError(photos.error) && photos.error.status === 404 ? (
          <MyPhotos photos={[]} />
        ) : (
          <LoadFailed what="your photos" onRetry={() => void photos.refetch()} />
        )
      ) : (
        <MyPhotos photos={photos.data} />
      )}
    </Card>
  );
}

export function MyPhotos({ photos }: { photos: Upload[] }) {
  const navigate = useNavigate();
  if (photos.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-dashed border-ink-200 bg-cream px-5 py-6">
        <p className="text-ink-700">Photos you upload are kept here for {POLICY_FACTS.photoRetention}, ready to frame again.</p>
        <Link to="/" className={secondaryButton}>
          Upload a photo
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
        return (
          <li key={photo._id} className="flex overflow-hidden rounded-2xl border border-ink-100 bg-cream sm:flex-col">
            <div className="flex min-h-24 w-24 shrink-0 items-center justify-center bg-sand sm:aspect-[4/3] sm:min-h-0 sm:w-auto">
              {thumb ? (
                <img
                  src={thumb}
                  alt={`Photo uploaded on ${formatDate(photo.createdAt)}`}
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              ) : (
                <ImageIcon className="h-10 w-10 text-ink-300" />
              )}
            </div>
            <div className="flex flex-1 flex-col gap-3 p-3">
              <p className="text-sm text-ink-600">
                {photo.width} × {photo.height} px
                <br />
                Kept until <span className="font-medium whitespace-nowrap text-ink-800">{formatDate(photo.expiresAt)}</span>
              </p>
              {ready ? (
                <button
                  type="button"
                  onClick={() => frame(photo)}
                  className={`${primaryButton} mt-auto w-full px-3 text-sm whitespace-nowrap sm:text-[0.95rem]`}
                >
                  Frame this photo
                </button>
              ) : (
                <p className="mt-auto text-sm text-ink-500">
                  {photo.status === 'failed' ? 'This photo could not be prepared.' : 'Still being prepared…'}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
