import {useEffect, useRef, useState, type RefObject} from 'react';

/**
 * Calls `callback` once Docusaurus has marked the page hydrated (`<html data-has-hydrated="true">`), so
 * that what it starts never competes with the scripts the page needs to become interactive.
 * Returns a function that cancels the call.
 */
function afterHydration(callback: () => void): () => void {
  const root = document.documentElement;
  if (root.dataset.hasHydrated === 'true') {
    callback();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (root.dataset.hasHydrated === 'true') {
      observer.disconnect();
      callback();
    }
  });
  observer.observe(root, {attributes: true, attributeFilter: ['data-has-hydrated']});
  return () => observer.disconnect();
}

/**
 * Whether the element given the returned ref has come within `margin` of the viewport (it stays true
 * once it has), watched from the moment the page is hydrated. Browsers without IntersectionObserver get
 * true then. Lets a component load its code when the reader is about to see it, after the page is
 * interactive, rather than while the page starts.
 */
export function useNearViewport<T extends Element>(margin: string): [RefObject<T>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    let observer: IntersectionObserver | undefined;
    const cancel = afterHydration(() => {
      const element = ref.current;
      if (!element || typeof IntersectionObserver === 'undefined') {
        setNear(true);
        return;
      }
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setNear(true);
            observer?.disconnect();
          }
        },
        {rootMargin: margin},
      );
      observer.observe(element);
    });
    return () => {
      cancel();
      observer?.disconnect();
    };
  }, [margin]);
  return [ref, near];
}
