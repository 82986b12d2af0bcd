import { useLingui } from '@lingui/react/macro';
import { LOCALE_NAMES, LOCALE_PARAM, LOCALE_SWITCH_LABELS, LOCALE_TAGS, type Locale } from '@framewala/domain';
import { useLocation, useNavigate } from 'react-router';
import { activateLocale, activeLocale, rememberLocale } from '../lib/i18n';
import { saveAccountLocale } from '../lib/auth-api';
import { getToken } from '../lib/auth';

/** A compact button in the header's row, at every width. */
const LOOK =
  'inline-flex min-h-11 shrink-0 items-center rounded-full px-2.5 text-[0.95rem] font-medium whitespace-nowrap text-ink-800 hover:bg-ink-100/70 hover:text-saffron-800';

/**
 * हिन्दी / English: the header's language switch. It names the other language in that language (a Hindi reader finds
 * "हिन्दी" on an English page), switches without reloading the page, and remembers the choice in the browser and,
 * when signed in, on the account (e-mails then come in it too). An address that carried `?lang=` gets the new one,
 * so a reload or a shared link keeps the language.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const current = activeLocale();
  const next: Locale = current === 'hi' ? 'en' : 'hi';

  const change = async () => {
    await activateLocale(next);
    rememberLocale(next);
    if (getToken()) void saveAccountLocale(next);
    const query = new URLSearchParams(location.search);
    if (query.has(LOCALE_PARAM)) {
      query.set(LOCALE_PARAM, next);
      navigate({ pathname: location.pathname, search: `?${query}`, hash: location.hash }, { replace: true, state: location.state });
    }
  };

  return (
    <button
      type="button"
      onClick={() => void change()}
      lang={LOCALE_TAGS[next]}
      aria-label={LOCALE_SWITCH_LABELS[next]}
      title={t`Language`}
      data-testid="language-switch"
      className={`${LOOK} ${className}`}
    >
      {LOCALE_NAMES[next]}
    </button>
  );
}
