import { useSyncExternalStore } from 'react';

/** The width below which the layout is a phone's (the stylesheets' `max-width: 639px`). */
export const PHONE_QUERY = '(max-width: 639px)';

/** Whether the window is phone-sized now. */
export function isPhone(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(PHONE_QUERY).matches;
}

/** Whether the window is phone-sized, followed as it changes. */
export function usePhone(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(PHONE_QUERY);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    isPhone,
    () => false,
  );
}
