import { useRef } from 'react';
import { newIdempotencyKey } from './client';

/**
 * One key per submission: pressing again with the same body (a double click, a retry after a lost
 * answer) sends the same key, so the server answers once; a changed body is a new submission.
 */
export function useIdempotencyKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return (body: unknown): string => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey() };
    return last.current.key;
  };
}
