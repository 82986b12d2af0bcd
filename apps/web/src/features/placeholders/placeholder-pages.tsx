import { useLingui as useI18n } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { PageShell } from '../../components/page-shell';
import { PLACEHOLDERS } from './placeholders';
import type { PlaceholderId } from './placeholders';

export function PlaceholderPage({ id }: { id: PlaceholderId }) {
  const { t } = useLingui();
  const { i18n } = useI18n();
  const page = PLACEHOLDERS[id];
  return (
    <PageShell
      title={i18n._(page.title)}
      eyebrow={page.developer ? t`Developer page` : undefined}
      noindex={page.developer === true || id === 'success' || id === 'cancel'}
      intro={<p>{i18n._(page.text)}</p>}
    />
  );
}
