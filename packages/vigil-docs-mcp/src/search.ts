/**
 * `search_docs`: the site's own search (src/components/SiteSearch, compiled into this package), the code the
 * navbar's search box runs, over the site's own index: the same results in the same order. Searches run in worker
 * threads (./search-worker.ts), at most SEARCH_WORKERS at once; a search stopped (its call's budget spent, or the
 * client gone) ends its worker, and the next search starts a new one.
 */
import path from 'node:path';
import {Worker} from 'node:worker_threads';
import {wordsOf} from '../../../src/components/SiteSearch/query';
import type {SearchSection} from '../../../src/components/SearchableContent/sections';
import {SEARCH_WORKERS} from './limits';
import {ToolInputError, prepareSearchLibrary, quoted, type Site} from './site';

export {SEARCH_SECTIONS} from '../../../src/components/SearchableContent/sections';

/** One page found. */
export interface DocsSearchResult {
  /** The page's path on the site (`/docs/configuring-datastore/snowflake`). */
  url: string;
  title: string;
  section: SearchSection;
  /** The heading of the page the match is under, and its link, when it names what was searched. */
  heading?: string;
  headingUrl?: string;
  /** Text around the match, the matched words in **bold**. */
  excerpt: string;
  /** The page's Markdown version, for read_page. */
  markdown: string;
}

export interface DocsSearch {
  query: string;
  /** The query as searched, when a misspelt word was replaced by the site's closest word. */
  corrected?: string;
  /** How many pages the search found (in the section asked for), of which `results` are the first. */
  count: number;
  results: DocsSearchResult[];
}

/** What a worker is given when it starts: the site, and the URL of the search library prepareSearchLibrary wrote. */
export interface SearchWorkerData {
  location: string;
  basePath: string;
  mount: string;
}

/** A search sent to a worker, and its answer. */
export interface SearchRequest {
  id: number;
  query: string;
  section?: SearchSection;
  limit: number;
}
export type SearchReply = {id: number; found: DocsSearch} | {id: number; error: string};

interface Job {
  request: SearchRequest;
  settle(outcome: {found: DocsSearch} | {error: unknown}): void;
}

const WORKER_FILE = path.join(__dirname, 'search-worker.js');

/** The search workers of one site: started when a search needs one, each kept for the next search. */
export class SearchPool {
  private readonly waiting: Job[] = [];
  private readonly idle: Worker[] = [];
  /** Every worker alive, with the search it runs. */
  private readonly running = new Map<Worker, Job | undefined>();
  private library: Promise<string> | undefined;
  /** The URL of the search library, once written. */
  private mount = '';
  private nextId = 0;

  constructor(
    private readonly site: Site,
    private readonly size = SEARCH_WORKERS,
  ) {}

  /** Searches the site as its search box does; `limit` results at most, best first. Stops when `signal` aborts. */
  async search(
    query: string,
    section: SearchSection | undefined,
    limit: number,
    signal: AbortSignal,
  ): Promise<DocsSearch> {
    if (query.trim() === '')
      throw new ToolInputError('The query is empty: give the words to search for, such as "snowflake grants".');
    if (wordsOf(query).length === 0)
      throw new ToolInputError(`The query ${quoted(query)} holds no word to search for (letters or digits).`);
    if (!this.library) {
      this.library = prepareSearchLibrary(this.site);
      // A site that could not be read (a URL that did not answer) is tried again at the next search.
      this.library.catch(() => {
        this.library = undefined;
      });
    }
    this.mount = await this.library;
    signal.throwIfAborted();
    return new Promise<DocsSearch>((resolve, reject) => {
      const job: Job = {
        request: {id: (this.nextId += 1), query, section, limit},
        settle(outcome) {
          signal.removeEventListener('abort', stop);
          if ('found' in outcome) resolve(outcome.found);
          else reject(outcome.error);
        },
      };
      const stop = () => this.stop(job, signal.reason);
      signal.addEventListener('abort', stop, {once: true});
      this.waiting.push(job);
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.waiting.length > 0 && (this.idle.length > 0 || this.running.size < this.size)) {
      const job = this.waiting.shift()!;
      const worker = this.idle.pop() ?? this.start();
      this.running.set(worker, job);
      worker.postMessage(job.request);
    }
  }

  private start(): Worker {
    const worker = new Worker(WORKER_FILE, {
      workerData: {
        location: this.site.location,
        basePath: this.site.basePath,
        mount: this.mount,
      } satisfies SearchWorkerData,
    });
    // An idle worker does not keep the process alive.
    worker.unref();
    worker.on('message', (reply: SearchReply) => {
      const job = this.running.get(worker);
      if (!job || job.request.id !== reply.id) return;
      this.running.set(worker, undefined);
      this.idle.push(worker);
      job.settle('found' in reply ? {found: reply.found} : {error: new Error(reply.error)});
      this.dispatch();
    });
    // A worker that fails (it could not open the site) or ends takes its search with it.
    const lost = (error: Error) => {
      if (!this.running.has(worker)) return;
      const job = this.running.get(worker);
      this.forget(worker);
      job?.settle({error});
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the search stopped (its worker exited with code ${code})`)));
    return worker;
  }

  /** Stops a search: one waiting leaves the queue, one running ends with its worker. */
  private stop(job: Job, reason: unknown): void {
    const queued = this.waiting.indexOf(job);
    if (queued !== -1) {
      this.waiting.splice(queued, 1);
    } else {
      const worker = [...this.running].find(([, running]) => running === job)?.[0];
      if (!worker) return;
      this.forget(worker);
      void worker.terminate();
    }
    job.settle({error: reason});
    this.dispatch();
  }

  private forget(worker: Worker): void {
    this.running.delete(worker);
    const index = this.idle.indexOf(worker);
    if (index !== -1) this.idle.splice(index, 1);
  }
}
