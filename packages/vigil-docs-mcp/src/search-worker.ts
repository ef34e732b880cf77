/**
 * A search worker (a worker thread of ./search.ts's pool): the site's own search (src/components/SiteSearch, the
 * code the navbar's search box runs) over the site's own index, one search at a time. In a thread of its own, a
 * long search holds neither the other tools nor the process's signals, and the pool can stop it at any point
 * (Worker.terminate ends even code that never yields).
 */
import {getHeapStatistics} from 'node:v8';
import {parentPort, workerData} from 'node:worker_threads';
import {restartPagefind, searchSite} from '../../../src/components/SiteSearch/pagefind';
import {excerptParts} from '../../../src/components/SiteSearch/excerpt';
import {twinPath} from '../../../src/utils/twin-path';
import type {DocsSearch, SearchReply, SearchRequest, SearchWorkerData} from './search';
import {openSite, serveSearchFromSite} from './site';

function plainExcerpt(excerpt: string): string {
  return excerptParts(excerpt)
    .map((part) => (part.marked ? `**${part.text}**` : part.text))
    .join('');
}

async function search(baseUrl: string, {query, section, limit}: SearchRequest): Promise<DocsSearch> {
  // Each query as the first search of a page just opened, whatever this worker searched before (restartPagefind).
  await restartPagefind(baseUrl);
  const found = await searchSite(baseUrl, query.trim(), section);
  const shown = Math.min(limit, found.count);
  const hits = await Promise.all(Array.from({length: shown}, (_, index) => found.hit(index)));
  return {
    query,
    ...(found.corrected !== undefined && {corrected: found.corrected}),
    count: found.count,
    results: hits.map((hit) => ({
      url: hit.url,
      title: hit.title,
      section: hit.section,
      ...(hit.heading && {heading: hit.heading.title, headingUrl: hit.heading.url}),
      excerpt: plainExcerpt(hit.excerpt),
      markdown: twinPath(hit.url.replace(/[?#].*$/, '')),
    })),
  };
}

const {location, basePath, mount} = workerData as SearchWorkerData;
serveSearchFromSite(openSite(location, basePath), mount);
const port = parentPort!;
port.on('message', (request: SearchRequest | {id: number; memory: true}) => {
  if ('memory' in request) {
    // What this worker holds: its V8 heap, and the memory outside it (Pagefind's WebAssembly memory, buffers).
    const {used_heap_size: heapUsed} = getHeapStatistics();
    const {external, arrayBuffers} = process.memoryUsage();
    port.postMessage({id: request.id, memory: {heapUsed, external, arrayBuffers}} satisfies SearchReply);
    return;
  }
  search(mount, request).then(
    (found) => port.postMessage({id: request.id, found} satisfies SearchReply),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies SearchReply),
  );
});
