import { useMutation } from '@tanstack/react-query';
import { secondaryButton } from '../../../components/button-styles';
import { ImageIcon } from '../../../components/icons';
import { showToast } from '../../../components/toast-store';
import { errorText } from '../error-text';
import { updateFinish, type AdminFinish } from '../api/catalogue';
import { useCatalogueUpdate } from './use-catalogue-update';

export function FinishCard({ finish }: { finish: AdminFinish }) {
  const update = useCatalogueUpdate();
  const toggle = useMutation({
    mutationFn: () => updateFinish(finish.id, { active: !finish.active }),
    onSuccess: (saved) => {
      update((c) => ({
        ...c,
        frameSets: c.frameSets.map((s) => ({ ...s, finishes: s.finishes.map((f) => (f.id === saved.id ? { ...f, ...saved } : f)) })),
      }));
      showToast(saved.active ? `${saved.name} is on sale again.` : `${saved.name} is retired: new orders can’t choose it.`);
    },
  });
  const thumb = finish.thumbnailUrl ?? finish.images?.sideUp ?? null;
  return (
    <li
      className={`flex flex-col overflow-hidden rounded-2xl border ${finish.active ? 'border-ink-100 bg-cream' : 'border-dashed border-ink-200 bg-ink-50'}`}
    >
      <div className={`flex aspect-[4/3] items-center justify-center bg-sand ${finish.active ? '' : 'opacity-50 grayscale'}`}>
        {thumb ? <img src={thumb} alt="" className="h-full w-full object-cover" /> : <ImageIcon className="h-8 w-8 text-ink-300" />}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <p className="leading-tight">
          <span className="block font-semibold text-ink-900">{finish.name}</span>
          <span className="text-sm text-ink-500">
            {finish.material ?? ''}
            {finish.active ? '' : ' · retired'}
          </span>
        </p>
        <button
          type="button"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate()}
          aria-label={`${finish.active ? 'Retire' : 'Restore'} ${finish.name}`}
          className={`${secondaryButton} mt-auto min-h-10 px-3 py-1.5 text-sm`}
        >
          {toggle.isPending ? 'Saving…' : finish.active ? 'Retire' : 'Restore'}
        </button>
        {toggle.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorText(toggle.error)}
          </p>
        ) : null}
      </div>
    </li>
  );
}
