import { useLayoutEffect, useRef, useState } from 'react';

/** The width in CSS pixels of the element `ref` is put on, followed as it changes (0 until measured). */
export function useBoxWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setWidth(Math.floor(box.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
