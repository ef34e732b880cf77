/**
 * The HTML the site's own API page components (src/plugins/api-reference/theme) render for a generated page, outside
 * a Docusaurus build: the page's MDX is compiled and rendered with React's server renderer as the build does, with
 * the real components. Only the theme's and Docusaurus' modules they import are stand-ins, each writing the markup
 * the theme writes (a heading with its anchor link, the tabs, the admonition, a link), with class names of the
 * length the build's CSS modules give. tests/build/api-pages.spec.ts holds it to the built site: on every API page of
 * the site, what this renders is within 1 % and 100 bytes of the built article (articleBound).
 */
import {existsSync, readFileSync, statSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {createElement, type ComponentType, type ReactElement, type ReactNode} from 'react';
import {renderToString} from 'react-dom/server';
import ts from 'typescript';

/** A CSS module's class name as the build writes it: the local name and a hash (`field_Xb3k`). */
const cssModule = new Proxy({}, {get: (_target, key) => (typeof key === 'string' ? `${key}_vG3k` : undefined)});

function Link({to, href, children, ...rest}: {to?: string; href?: string; children?: ReactNode}) {
  const target = to ?? href ?? '';
  const external = /^https?:\/\//.test(target);
  return createElement(
    'a',
    {href: target, ...(external ? {target: '_blank', rel: 'noopener noreferrer'} : {}), ...rest},
    children,
  );
}

function Heading({as, id, children, ...rest}: {as: string; id?: string; children?: ReactNode}) {
  if (as === 'h1' || !id) return createElement(as, {...rest, id}, children);
  const title = `Direct link to ${typeof children === 'string' ? children : id}`;
  return createElement(
    as,
    {...rest, className: `anchor anchorWithStickyNavbar_vG3k`, id},
    children,
    createElement('a', {className: 'hash-link', href: `#${id}`, 'aria-label': title, title}, '\u200b'),
  );
}

type TabProps = {value: string; label?: string; default?: boolean; children?: ReactNode; hidden?: boolean};

function Tabs({children}: {children?: ReactNode}) {
  const tabs = (Array.isArray(children) ? children : [children]).filter(Boolean) as ReactElement<TabProps>[];
  const selected = (tabs.find((tab) => tab.props.default) ?? tabs[0])?.props.value;
  return createElement(
    'div',
    {className: 'tabs-container tabList_vG3k'},
    createElement(
      'ul',
      {role: 'tablist', 'aria-orientation': 'horizontal', className: 'tabs'},
      tabs.map((tab) => {
        const {value, label} = tab.props;
        return createElement(
          'li',
          {
            key: value,
            role: 'tab',
            tabIndex: value === selected ? 0 : -1,
            'aria-selected': value === selected,
            className: `tabs__item tabItem_vG3k${value === selected ? ' tabs__item--active' : ''}`,
          },
          label ?? value,
        );
      }),
    ),
    createElement(
      'div',
      {className: 'margin-top--md'},
      tabs.map((tab) =>
        createElement(TabItem, {...tab.props, key: tab.props.value, hidden: tab.props.value !== selected}),
      ),
    ),
  );
}

function TabItem({children, hidden}: TabProps) {
  return createElement('div', {role: 'tabpanel', className: 'tabItem_vG3k', hidden}, children);
}

const CAUTION_ICON =
  'M8.893 1.5c-.183-.31-.52-.5-.887-.5s-.703.19-.886.5L.138 13.499a.98.98 0 0 0 0 1.001c.193.31.53.501.886.501h13.964c.367 0 .704-.19.877-.5a1.03 1.03 0 0 0 .01-1.002L8.893 1.5zm.133 11.497H6.987v-2.003h2.039v2.003zm0-3.004H6.987V5.987h2.039v4.006z';

function Admonition({type, title, children}: {type: string; title?: ReactNode; children?: ReactNode}) {
  return createElement(
    'div',
    {className: `theme-admonition theme-admonition-${type} admonition_vG3k alert alert--warning`},
    createElement(
      'div',
      {className: 'admonitionHeading_vG3k'},
      createElement(
        'span',
        {className: 'admonitionIcon_vG3k'},
        createElement('svg', {viewBox: '0 0 16 16'}, createElement('path', {fillRule: 'evenodd', d: CAUTION_ICON})),
      ),
      title ?? type,
    ),
    createElement('div', {className: 'admonitionContent_vG3k'}, children),
  );
}

const svgIcon = (className: string, d: string, hidden = false) =>
  createElement(
    'svg',
    {viewBox: '0 0 24 24', className, ...(hidden ? {'aria-hidden': 'true'} : {})},
    createElement('path', {fill: 'currentColor', d}),
  );

function CopyButton({className}: {className?: string}) {
  return createElement(
    'button',
    {
      type: 'button',
      'aria-label': 'Copy code to clipboard',
      title: 'Copy',
      className: `clean-btn ${className} copyButton_vG3k`,
    },
    createElement(
      'span',
      {className: 'copyButtonIcons_vG3k', 'aria-hidden': 'true'},
      svgIcon(
        'copyButtonIcon_vG3k',
        'M19,21H8V7H19M19,5H8A2,2 0 0,0 6,7V21A2,2 0 0,0 8,23H19A2,2 0 0,0 21,21V7A2,2 0 0,0 19,5M16,1H4A2,2 0 0,0 2,3V17H4V3H16V1Z',
      ),
      svgIcon('copyButtonSuccessIcon_vG3k', 'M21,7L9,19L3.5,13.5L4.91,12.09L9,16.17L19.59,5.59L21,7Z'),
    ),
  );
}

function WordWrapButton({className}: {className?: string}) {
  return createElement(
    'button',
    {type: 'button', className: `clean-btn ${className}`, 'aria-label': 'Toggle word wrap', title: 'Toggle word wrap'},
    svgIcon(
      'wordWrapButtonIcon_vG3k',
      'M4 19h6v-2H4v2zM20 5H4v2h16V5zm-3 6H4v2h13.25c1.1 0 2 .9 2 2s-.9 2-2 2H15v-2l-3 3l3 3v-2h2c2.21 0 4-1.79 4-4s-1.79-4-4-4z',
      true,
    ),
  );
}

/** Docusaurus' and the theme's modules the API components import, by the name they import them with. */
const STAND_INS: Record<string, unknown> = {
  '@theme/Heading': Heading,
  '@theme/Tabs': Tabs,
  '@theme/TabItem': TabItem,
  '@theme/Admonition': Admonition,
  '@theme/CodeBlock/CopyButton': CopyButton,
  '@theme/CodeBlock/WordWrapButton': WordWrapButton,
  '@docusaurus/Link': Link,
  '@docusaurus/Head': () => null,
  '@docusaurus/useBrokenLinks': () => ({collectAnchor() {}, collectLink() {}}),
  '@docusaurus/useIsBrowser': () => false,
  '@docusaurus/useDocusaurusContext': () => ({siteConfig: {baseUrl: '/docs/', customFields: {}}}),
  '@docusaurus/ExecutionEnvironment': {canUseDOM: false},
  '@docusaurus/theme-common': {
    ThemeClassNames: {common: {codeBlock: 'theme-code-block'}},
    createStorageSlot: () => ({get: () => null, set() {}, del() {}, listen: () => () => {}}),
    useStorageSlot: () => [null, {get: () => null, set() {}, del() {}, listen: () => () => {}}],
  },
  '@docusaurus/plugin-content-docs/client': {useDoc: () => ({frontMatter: {}, metadata: {}})},
  '@docusaurus/router': {useHistory: () => ({push() {}}), useLocation: () => ({pathname: '/', hash: '', search: ''})},
};
/** A module's exports as `require` gives them to code compiled to CommonJS: a default export, and its members. */
const asModule = (value: unknown) =>
  typeof value === 'function'
    ? {__esModule: true, default: value}
    : {__esModule: true, default: value, ...(value as object)};

const SITE_FILE_FORMS = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx', '/index.js'];

/** The file a site module imports by a relative path or the `@site/` alias, as the build resolves it; else null. */
function siteFile(request: string, fromDir: string): string | null {
  if (!request.startsWith('.') && !request.startsWith('@site/')) return null;
  const base = request.startsWith('@site/')
    ? path.resolve(request.slice('@site/'.length))
    : path.resolve(fromDir, request);
  const found = SITE_FILE_FORMS.map((form) => base + form).find((file) => existsSync(file) && statSync(file).isFile());
  if (!found) throw new Error(`${request} (from ${fromDir}): no such module of the site`);
  return found;
}

/**
 * The site's modules, loaded apart from the test runner's: each compiled by TypeScript as the build's compiler reads
 * it (React's JSX runtime; the runner's own transform turns JSX into its objects and drops style imports), with the
 * stand-ins for the theme's and Docusaurus' modules, a CSS module read as a map of class names, and packages from
 * node_modules. Nothing of the process's module system changes: other tests in the worker load the real modules.
 */
const siteModules = new Map<string, {exports: unknown}>();

function loadSiteModule(file: string): unknown {
  const cached = siteModules.get(file);
  if (cached) return cached.exports;
  const module: {exports: unknown} = {exports: {}};
  siteModules.set(file, module);
  if (file.endsWith('.json')) {
    module.exports = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return module.exports;
  }
  const packages = createRequire(file);
  const requireFromSite = (request: string): unknown => {
    if (request in STAND_INS) return asModule(STAND_INS[request]);
    // A style module, the site's or a package's: its class names.
    if (request.endsWith('.css')) return asModule(cssModule);
    const local = siteFile(request, path.dirname(file));
    if (local) return loadSiteModule(local);
    try {
      return packages(request);
    } catch (error) {
      throw new Error(`${file} imports ${request}: ${(error as Error).message}`);
    }
  };
  const {outputText} = ts.transpileModule(readFileSync(file, 'utf8'), {
    fileName: file,
    compilerOptions: {
      jsx: ts.JsxEmit.ReactJSX,
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
    },
  });
  // The site's own module, compiled as the build does, run with its require.
  new Function('exports', 'require', 'module', '__filename', '__dirname', outputText)(
    module.exports,
    requireFromSite,
    module,
    file,
    path.dirname(file),
  );
  return module.exports;
}

/** The site's API page components by the name a generated MDX page uses them with. */
export function apiPageComponents(): Record<string, ComponentType<never>> {
  const load = (name: string) =>
    (loadSiteModule(siteFile(`@site/src/plugins/api-reference/theme/${name}`, '.')!) as {default: ComponentType<never>})
      .default;
  return Object.fromEntries(
    ['ApiReferencePage', 'ApiTagPage', 'ApiRootPage', 'ApiObjectPage', 'ApiChangelog'].map((name) => [
      name,
      load(name),
    ]),
  );
}

/** React's server rendering of an element, as the build renders a page (text separators included). */
export const serverHtml = (element: ReactElement): string => renderToString(element);

type HtmlMinifier = {minify: (html: string) => Promise<{code: string; warnings: string[]}>};
let minifier: Promise<{minify: HtmlMinifier['minify']; emptyPage: number}> | undefined;

const pageAround = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>t</title></head><body><div>${body}</div></body></html>`;

/**
 * The bytes `fragment` takes in a page as the build serves it: minified by Docusaurus' own HTML minifier (the one
 * `@docusaurus/faster` gives the build), inside a page, less the page without it.
 */
export async function servedBytes(fragment: string): Promise<number> {
  minifier ??= (async () => {
    const {minify} = await (
      createRequire(require.resolve('@docusaurus/core/package.json'))('@docusaurus/bundler') as {
        getHtmlMinifier: (options: {type: 'swc'}) => Promise<HtmlMinifier>;
      }
    ).getHtmlMinifier({type: 'swc'});
    return {minify, emptyPage: Buffer.byteLength((await minify(pageAround(''))).code)};
  })();
  const {minify, emptyPage} = await minifier;
  return Buffer.byteLength((await minify(pageAround(fragment))).code) - emptyPage;
}

/**
 * The most bytes the built article can have for an article rendered here of `rendered` bytes (servedBytes): the
 * stand-ins write the theme's markup to within this (tests/build/api-pages.spec.ts holds it on every API page).
 */
export const articleBound = (rendered: number): number => Math.ceil(rendered * 1.01) + 100;

/**
 * The most bytes the built article of a page can have, given the article rendered here (serverHtml) and the room the
 * page's budget leaves it: the minifier only takes bytes away, so an article within the room unminified is within it
 * served, and only one that is not is minified (servedBytes), which takes about 0.2 ms a kB.
 */
export async function articleBytesAtMost(article: string, room: number): Promise<number> {
  const unminified = Buffer.byteLength(article);
  if (articleBound(unminified) <= room) return articleBound(unminified);
  const minified = await servedBytes(article);
  if (minified > unminified) throw new Error(`the minifier made an article longer: ${unminified} -> ${minified} bytes`);
  return articleBound(minified);
}

/** The generated MDX file of a page of the build (`get-dataset.api.mdx`, `objects/dataset.object.mdx`). */
export function pageFileOf(files: string[], page: {id: string}): string {
  const file = files.find(
    (name) => name.endsWith('.mdx') && name.replace(/\.(api|tag|info|object)?\.?mdx$/, '') === page.id,
  );
  if (!file) throw new Error(`no generated page for ${page.id}`);
  return file;
}
