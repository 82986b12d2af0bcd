import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { useSession } from '../../lib/auth';
import { profileQueryOptions, type ProfileUser } from './api/profile';
import { formatPhone } from '../../lib/format';
import { AddressCard } from './address-card';
import { PhotosCard } from './my-photos';
import { OrdersCard } from './order-history';

/** /user: the customer's details, saved address, orders and photos. Sign-in required. */
export function ProfilePage() {
  const { t } = useLingui();
  const session = useSession();
  const profile = useQuery(profileQueryOptions(session?.token ?? null));
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
            {user?.email || user?.mobileNumber ? (
              <dl className="mt-2 flex flex-col gap-x-6 gap-y-1 text-ink-700 sm:flex-row sm:flex-wrap">
                {user.email ? (
                  <div className="flex min-w-0 gap-2">
                    <dt className="sr-only">
                      <Trans>E-mail</Trans>
                    </dt>
                    <dd className="break-all">{user.email}</dd>
                  </div>
                ) : null}
                {user.mobileNumber ? (
                  <div className="flex gap-2">
                    <dt className="sr-only">
                      <Trans>Mobile</Trans>
                    </dt>
                    <dd>{formatPhone(user.mobileNumber)}</dd>
                  </div>
                ) : null}
              </dl>
            ) : null}
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
