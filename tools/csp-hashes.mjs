// @ts-check
// The Content-Security-Policy of the production build. The policy itself is written once, in the
// Content-Security-Policy line of deploy/nginx.conf; its script-src lists the inline scripts of the
// build by SHA-256 hash, read from the built pages here so the policy never drifts from them.
// The command line is scripts/csp-hashes.mjs.
import {createHash} from 'node:crypto';
import {readFileSync, statSync} from 'node:fs';
import {relative} from 'node:path';
import {fileURLToPath} from 'node:url';
// Cheerio's htmlparser2 build rather than its default, parse5: it reads the ~20 MB of a build in a third of the
// time. Where it reads markup differently from a browser (a character reference without its `;`, markup inside a
// <textarea>), our renderers never write such markup, and the policy still blocks what this check would miss.
// Cheerio is a devDependency of the site; @docusaurus/plugin-content-blog depends on the same version.
import {load} from 'cheerio/lib/slim';
import {htmlFiles} from './build-output.cjs';

export const NGINX_SERVER_BLOCK = fileURLToPath(new URL('../deploy/nginx.conf', import.meta.url));
const HASHES_VARIABLE = '$vigil_csp_script_hashes';

/** Script types a browser executes; other types (application/ld+json) are data blocks that CSP ignores. */
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/**
 * The attributes a browser follows as a URL, where a `javascript:` URL would run code: links, frames, forms
 * and their buttons, SVG links. `data` is a URL only on `<object>` and is judged there alone.
 */
const URL_ATTRIBUTES = new Set(['href', 'xlink:href', 'src', 'action', 'formaction']);

/** Inline event handler attributes: `on` and the event's name (`onclick`, `onerror`); the parser lowercases names. */
const EVENT_HANDLER = /^on[a-z]+$/;

/**
 * Whether a browser reads the attribute value as a `javascript:` URL: the URL parser drops leading spaces and
 * control characters and every tab and newline, and the scheme is case-insensitive.
 * @param {string} value
 */
function isJavaScriptUrl(value) {
  let start = 0;
  while (start < value.length && value.charCodeAt(start) <= 0x20) start += 1;
  return /^javascript:/i.test(value.slice(start).replace(/[\t\n\r]/g, ''));
}

/**
 * What the Content-Security-Policy cares about in one page: the bodies of its inline scripts, and the first
 * thing in its markup the policy blocks (an inline event handler or a `javascript:` URL), described for an
 * error message. Only elements and their attributes are read: the text of the page, code examples included,
 * and the values of other attributes (`title`, `data-*`) may show such markup without being it.
 * @param {string} html
 */
function readPage(html) {
  /** @type {string[]} */
  const inlineScripts = [];
  /** @type {string | undefined} */
  let blocked;
  /** @param {import('cheerio/lib/slim').ParentNode} parent */
  const visit = (parent) => {
    for (const node of parent.children) {
      // Text, comments and the doctype are never judged.
      if (!('attribs' in node)) continue;
      const {name: element, attribs} = node;
      for (const [name, value] of Object.entries(attribs)) {
        if (EVENT_HANDLER.test(name)) {
          blocked ??= `inline event handler ${name}= on <${element}>`;
        } else if ((URL_ATTRIBUTES.has(name) || (name === 'data' && element === 'object')) && isJavaScriptUrl(value)) {
          blocked ??= `a javascript: URL in <${element} ${name}>`;
        }
      }
      if (element === 'script') {
        const type = (attribs.type ?? '').trim().toLowerCase();
        if (!('src' in attribs) && EXECUTABLE_TYPES.has(type)) {
          inlineScripts.push(node.children.map((child) => ('data' in child ? child.data : '')).join(''));
        }
      } else {
        visit(node);
      }
    }
  };
  visit(load(html).root()[0]);
  return {inlineScripts, blocked};
}

/**
 * The distinct inline scripts of every page of the build, as CSP hash sources (`'sha256-…'`), sorted.
 * Throws when the build has no page, and on inline event handlers or `javascript:` URLs in the markup, which
 * no hash can allow without 'unsafe-hashes'.
 */
export function inlineScriptHashes(buildDir = 'build') {
  if (!statSync(buildDir, {throwIfNoEntry: false})?.isDirectory()) {
    throw new Error(`${buildDir}: no such folder; run \`npm run build\` first`);
  }
  const files = htmlFiles(buildDir);
  if (files.length === 0) throw new Error(`${buildDir}: the build has no HTML page`);
  const hashes = new Set();
  for (const file of files) {
    const {inlineScripts, blocked} = readPage(readFileSync(file, 'utf8'));
    if (blocked) {
      throw new Error(`${relative('.', file)}: ${blocked}, which the Content-Security-Policy blocks`);
    }
    for (const body of inlineScripts) {
      hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

/** The Content-Security-Policy template of deploy/nginx.conf, with the hashes variable in it. */
export function policyTemplate(serverBlock = NGINX_SERVER_BLOCK) {
  const conf = readFileSync(serverBlock, 'utf8');
  const match = /^\s*add_header\s+Content-Security-Policy\s+"([^"]+)"\s+always;/m.exec(conf);
  if (!match) throw new Error(`${serverBlock}: no \`add_header Content-Security-Policy "..." always;\` line`);
  if (!match[1].includes(HASHES_VARIABLE)) {
    throw new Error(`${serverBlock}: the Content-Security-Policy does not use ${HASHES_VARIABLE}`);
  }
  return match[1];
}

/** The header value a browser receives for the given build. */
export function contentSecurityPolicy(buildDir = 'build', serverBlock = NGINX_SERVER_BLOCK) {
  return policyTemplate(serverBlock).replace(HASHES_VARIABLE, inlineScriptHashes(buildDir).join(' '));
}

/** The nginx include that sets the hashes variable. */
export function nginxHashesInclude(buildDir = 'build') {
  return [
    '# Generated by tools/csp-hashes.mjs from the build: the SHA-256 hashes of its inline scripts.',
    `set ${HASHES_VARIABLE} "${inlineScriptHashes(buildDir).join(' ')}";`,
    '',
  ].join('\n');
}
