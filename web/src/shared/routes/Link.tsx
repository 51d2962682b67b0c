import type { AnchorHTMLAttributes } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; replace?: boolean };

/**
 * react-router's Link as the app uses it: a link that navigates within the app. react-router's own
 * brings its page prefetching (prefetch="intent"...), which the app does not use, into the first load.
 */
export function Link({ to, replace, onClick, target, ...props }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { replace, target });
  return (
    <a
      {...props}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}
