import { useEffect, useRef, useState } from 'react';

export function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * A text filter typed freely and written (`commit`) once typing pauses for `delay` ms; it follows
 * `value`, what is written, when that changes another way (a link, Back).
 */
export function useTypedFilter(value: string, commit: (value: string) => void, delay: number) {
  const [text, setText] = useState(value);
  const debounced = useDebounced(text, delay);
  const written = useRef(value);

  useEffect(() => {
    if (value === written.current) return;
    written.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (debounced === written.current) return;
    written.current = debounced;
    commit(debounced);
  }, [debounced]);

  return [text, setText] as const;
}
