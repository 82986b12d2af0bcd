import { PageShell } from '../../components/page-shell';
import { PLACEHOLDERS } from './placeholders';
import type { PlaceholderId } from './placeholders';

export function PlaceholderPage({ id }: { id: PlaceholderId }) {
  const page = PLACEHOLDERS[id];
  return (
    <PageShell
      title={page.title}
      eyebrow={page.developer ? 'Developer page' : undefined}
      noindex={page.developer === true || id === 'success' || id === 'cancel'}
      intro={<p>{page.text}</p>}
    />
  );
}
