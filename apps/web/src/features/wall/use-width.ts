import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * An element's width in CSS pixels, kept up to date as it resizes. Returns a callback ref (the element may mount
 * later than the component) and the element itself for measuring.
 */
export function useWidth<T extends HTMLElement>() {
  const el = useRef<T | null>(null);
  const [node, setNode] = useState<T | null>(null);
  const [width, setWidth] = useState(0);
  const ref = useCallback((n: T | null) => {
    el.current = n;
    setNode(n);
  }, []);
  useLayoutEffect(() => {
    if (!node) return;
    const measure = () => setWidth(node.getBoundingClientRect().width);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(node);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [node]);
  return [ref, width, el] as const;
}

/** Marks `name` (performance.mark, detail = key) two animation frames after `key` is committed, for the bench. */
export function paintedMark(name: string, key: string): () => void {
  let id2 = 0;
  const id1 = requestAnimationFrame(() => {
    id2 = requestAnimationFrame(() => {
      if (typeof performance.mark === 'function') performance.mark(name, { detail: key });
    });
  });
  return () => {
    cancelAnimationFrame(id1);
    cancelAnimationFrame(id2);
  };
}
