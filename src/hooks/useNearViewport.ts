import {useEffect, useRef, useState, type RefObject} from 'react';

/**
 * Whether the element given the returned ref has come within `margin` of the viewport (it stays true
 * once it has). Browsers without IntersectionObserver get true at once. Lets a component load its code
 * when the reader is about to see it rather than while the page starts.
 */
export function useNearViewport<T extends Element>(margin: string): [RefObject<T>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      {rootMargin: margin},
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [margin]);
  return [ref, near];
}
