import type { MouseEvent, ReactNode } from 'react';
import { navigate } from '../routing/location';

/** A link to an in-app path that navigates without reloading (a modified click still opens a new tab). */
export function InAppLink({ to, children }: { to: string; children: ReactNode }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={onClick}>
      {children}
    </a>
  );
}
