import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useHistory} from '@docusaurus/router';

type Props = {
  /** The element the subtree is: its root, with the class the server renders it with. */
  as: 'div' | 'ul';
  className?: string;
  children?: ReactNode;
};

/** Whether a component is inside a StaticSubtree: one inside another is a plain element of the outer one's HTML. */
const InsideStaticSubtree = createContext(false);

/** A layout effect in the browser (before the first paint); on the server, where none runs, a plain effect. */
const useBrowserLayoutEffect = ExecutionEnvironment.canUseDOM ? useLayoutEffect : useEffect;

/** A path of the site's pages: under the base URL, without a file's extension (a feed, a download, a Markdown file). */
function isPagePath(pathname: string, baseUrl: string): boolean {
  return pathname.startsWith(baseUrl) && !/\.[a-z0-9]+$/i.test(pathname);
}

/**
 * Markup that holds nothing a reader acts on through React (the fields of the API reference: text, links, native
 * folds), rendered by the server and left as it is when React hydrates the page: in the browser, the first render
 * gives the element an empty inner HTML that React does not compare with the server's (dangerouslySetInnerHTML), so
 * none of the subtree's components runs. A page reached by the router renders it as any component does. A click on
 * a link of the site inside it goes through the router, as a <Link> would. Inside another (a field's text in a field
 * list) it is a plain element: the outer one already keeps it from hydration and routes its links.
 */
export default function StaticSubtree({as: Tag, className, children}: Props): ReactNode {
  return useContext(InsideStaticSubtree) ? (
    <Tag className={className}>{children}</Tag>
  ) : (
    <OutermostStaticSubtree as={Tag} className={className}>
      {children}
    </OutermostStaticSubtree>
  );
}

function OutermostStaticSubtree({as: Tag, className, children}: Props): ReactNode {
  // In the browser before the page has hydrated (Docusaurus sets <html data-has-hydrated="true"> once it has): this
  // subtree is the server's HTML, being hydrated. Read once, not from useIsBrowser's context, whose change after
  // hydration would render every subtree again.
  const [hydrating, setHydrating] = useState(
    () => ExecutionEnvironment.canUseDOM && document.documentElement.dataset.hasHydrated !== 'true',
  );
  const element = useRef<HTMLElement | null>(null);
  useBrowserLayoutEffect(() => {
    // Rendered anew, not hydrated: a hydration error elsewhere on the page makes React render the whole page in the
    // browser, where the server's markup of this subtree is gone. Its components render it then, before the paint.
    if (hydrating && element.current && !element.current.hasChildNodes()) setHydrating(false);
    // Once, when the subtree is first in the page.
  }, []);
  const history = useHistory();
  const {siteConfig} = useDocusaurusContext();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element).closest('a[href]');
    if (
      !(link instanceof HTMLAnchorElement) ||
      link.hasAttribute('download') ||
      (link.target && link.target !== '_self')
    )
      return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin || !isPagePath(url.pathname, siteConfig.baseUrl)) return;
    // An anchor of this page: the browser scrolls to it, and opens the folds around it.
    if (url.pathname === window.location.pathname) return;
    event.preventDefault();
    history.push(`${url.pathname}${url.search}${url.hash}`);
  };
  if (hydrating) {
    return (
      <Tag
        ref={(node: HTMLElement | null) => {
          element.current = node;
        }}
        className={className}
        data-static-subtree=""
        onClick={onClick}
        dangerouslySetInnerHTML={{__html: ''}}
        suppressHydrationWarning
      />
    );
  }
  return (
    <Tag className={className} data-static-subtree="" onClick={onClick}>
      <InsideStaticSubtree.Provider value>{children}</InsideStaticSubtree.Provider>
    </Tag>
  );
}
