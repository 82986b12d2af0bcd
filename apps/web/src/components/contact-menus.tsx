import { Link } from 'react-router';
import type { MenuItem } from './contact-menu-items';

type MenuListProps = {
  items: MenuItem[];
  /** Shown when no link is available (configuration still loading or unavailable). */
  emptyText: string;
};

export function MenuList({ items, emptyText }: MenuListProps) {
  if (items.length === 0) {
    return <p className="px-3 py-3 text-sm text-ink-500">{emptyText}</p>;
  }
  return (
    <ul className="flex flex-col gap-0.5">
      {items.map(({ key, label, hint, href, internal, Icon }) => {
        const content = (
          <>
            <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-saffron-50 text-saffron-700">
              <Icon className="h-5 w-5" />
            </span>
            <span className="flex min-w-0 flex-col">
              <span className="font-medium text-ink-900">{label}</span>
              {hint ? <span className="truncate text-sm text-ink-500">{hint}</span> : null}
            </span>
          </>
        );
        const className =
          'flex min-h-11 items-start gap-3 rounded-xl px-3 py-2.5 text-left hover:bg-saffron-50 focus-visible:bg-saffron-50';
        return (
          <li key={key}>
            {internal ? (
              <Link to={href} className={className}>
                {content}
              </Link>
            ) : (
              <a href={href} className={className} {...(href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                {content}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
