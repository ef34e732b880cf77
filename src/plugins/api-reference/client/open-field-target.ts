// A link to a field of the API reference (`/docs/api/create-datastore#request-body-connection-warehouse`)
// may target an element inside closed <details>. Browsers open them on a full page load (Chromium does;
// others do not), but not when the router navigates in place: this opens every <details> around the
// target and scrolls to it, after the router has rendered the page and on in-page hash changes.
import type {ClientModule} from '@docusaurus/types';

function revealTarget(hash: string): void {
  if (hash.length < 2) return;
  const target = document.getElementById(decodeURIComponent(hash.slice(1)));
  if (!target) return;
  let closed = false;
  // A variant's anchor is its own <details>: it opens too.
  for (
    let element: HTMLElement | null = target instanceof HTMLDetailsElement ? target : target.parentElement;
    element;
    element = element.parentElement
  ) {
    if (element instanceof HTMLDetailsElement && !element.open) {
      element.open = true;
      closed = true;
    }
  }
  if (closed) target.scrollIntoView();
}

if (typeof window !== 'undefined') {
  window.addEventListener('hashchange', () => revealTarget(window.location.hash));
}

const openFieldTarget: ClientModule = {
  onRouteDidUpdate({location}) {
    revealTarget(location.hash);
  },
};

export default openFieldTarget;
