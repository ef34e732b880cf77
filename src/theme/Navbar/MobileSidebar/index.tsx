import {startTransition, useEffect, useState, type ReactNode} from 'react';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';

/** Runs `callback` when the browser is idle (Safari has no requestIdleCallback: a timer there). */
function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, {timeout: 3000});
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 200);
  return () => clearTimeout(id);
}

/**
 * The phone menu, rendered once the page is idle or when the reader opens it, not while the page hydrates
 * (why: src/theme/README.md). Rendered early enough, it keeps the theme's slide-in.
 */
export default function MobileSidebarWrapper(): ReactNode {
  const {shouldRender, shown} = useNavbarMobileSidebar();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!shouldRender || idle) return undefined;
    // A transition: React renders the menu in slices that leave the main thread free between them.
    return whenIdle(() => startTransition(() => setIdle(true)));
  }, [shouldRender, idle]);
  return idle || shown ? <MobileSidebar /> : null;
}
