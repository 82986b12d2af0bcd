import { RETENTION_DAYS, type Upload } from '@framewala/domain';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { ImageIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import { startOrderWithPhoto } from '../../lib/order-draft/stored-order';
import { myPhotosQueryOptions } from './api/photos';
import { formatDate } from '../../lib/format';
import { Card, LoadFailed } from './profile-card';

const is401 = (error: unknown) => isApiError(error) && error.status === 401;

export function PhotosCard({ token }: { token: string | null }) {
  const { t } = useLingui();
  const photos = useQuery(myPhotosQueryOptions(token));
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
