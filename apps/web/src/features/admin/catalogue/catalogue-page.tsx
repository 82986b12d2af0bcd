import { useQuery } from '@tanstack/react-query';
import { AdminShell, ErrorBox } from '../admin-ui';
import { adminCatalogueQueryOptions } from '../api/catalogue';
import { BordersPanel } from './borders-panel';
import { FrameSetPanel } from './frame-set-panel';

/** `/admin/catalogue`: the frame sets' names, descriptions and rates, their finishes, and the white borders' prices. */
export function AdminCataloguePage() {
  const catalogue = useQuery(adminCatalogueQueryOptions());
  return (
    <AdminShell title="Catalogue" intro="Frame sets, finishes and white borders as customers see them in the editor.">
      <title>Catalogue — Shop console — Framewala</title>
      <p className="mb-6 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950" data-testid="catalogue-notice">
        <strong className="font-semibold">Changes apply to new orders only.</strong> An order already placed keeps the frame, border and
        prices it was ordered with.
      </p>
      {catalogue.isPending ? (
        <p role="status" className="text-ink-500">
          Loading the catalogue…
        </p>
      ) : catalogue.isError ? (
        <ErrorBox error={catalogue.error} title="We couldn’t load the catalogue." onRetry={() => void catalogue.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          {catalogue.data.frameSets.map((set) => (
            <FrameSetPanel key={set.id} set={set} />
          ))}
          <BordersPanel borders={catalogue.data.borders} />
        </div>
      )}
    </AdminShell>
  );
}
