/**
 * `search_docs`: the site's own search (src/components/SiteSearch, compiled into this package), the code the
 * navbar's search box runs, over the site's own index: the same results in the same order. Searches run in worker
 * threads (./search-worker.ts), at most SEARCH_WORKERS at once; a search stopped (its call's budget spent, or the
 * client gone) ends its worker, and the next search starts a new one.
 *
 * The searches waiting for a worker are queued per client and served in turn (round-robin): a client's searches
 * wait behind its own, never in front of another client's. A worker is retired after SEARCHES_PER_WORKER
 * searches: Pagefind's WebAssembly memory only grows (each search's restart loads the index's metadata and chunks
 * again into it, and a WebAssembly memory never shrinks), so a worker kept for ever grew by about 0.2 MB a search.
 */
import path from 'node:path';
import {Worker} from 'node:worker_threads';
import {wordsOf} from '../../../src/components/SiteSearch/query';
import type {SearchSection} from '../../../src/components/SearchableContent/sections';
import {SEARCHES_PER_WORKER, SEARCH_WORKERS, SEARCH_WORKERS_PER_CLIENT} from './limits';
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
/** What a worker holds, in bytes: its V8 heap used, and the memory outside it (WebAssembly memory, buffers). */
export interface WorkerMemory {
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}
export type SearchReply =
  {id: number; found: DocsSearch} | {id: number; error: string} | {id: number; memory: WorkerMemory};

interface Job {
  request: SearchRequest;
  client: string;
  settle(outcome: {found: DocsSearch} | {error: unknown}): void;
}

const WORKER_FILE = path.join(__dirname, 'search-worker.js');

/**
 * The search workers of one site: started when a search needs one, each kept for the next search until it has
 * answered SEARCHES_PER_WORKER.
 */
export class SearchPool {
  /** The searches waiting for a worker, per client, the clients in the order they are served (round-robin). */
  private readonly waiting = new Map<string, Job[]>();
  private readonly idle: Worker[] = [];
  /** Every worker alive, with the search it runs. */
  private readonly running = new Map<Worker, Job | undefined>();
  /** The searches running of each client. */
  private readonly runningOf = new Map<string, number>();
  /** The searches each worker alive has answered. */
  private readonly answered = new Map<Worker, number>();
  /** The answers of memory(), by request id. */
  private readonly memoryAsked = new Map<number, (memory: WorkerMemory) => void>();
  private library: Promise<string> | undefined;
  /** The URL of the search library, once written. */
  private mount = '';
  private nextId = 0;

  constructor(
    private readonly site: Site,
    private readonly size = SEARCH_WORKERS,
    /** The searches a worker answers before it is retired (Infinity: never; what the bench compares with). */
    private readonly searchesPerWorker = SEARCHES_PER_WORKER,
    /**
     * The searches one client (a `client` other than '', the one client of stdio) may run at once: the other
     * workers stay free for other clients, who never wait for one client's searches to end.
     */
    private readonly perClient = SEARCH_WORKERS_PER_CLIENT,
  ) {}

  /** Searches the site as its search box does; `limit` results at most, best first. Stops when `signal` aborts. */
  async search(
    query: string,
    section: SearchSection | undefined,
    limit: number,
    signal: AbortSignal,
    /** Who asks (a client's address over HTTP): the searches waiting are served one client after another. */
    client = '',
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
        client,
        settle(outcome) {
          signal.removeEventListener('abort', stop);
          if ('found' in outcome) resolve(outcome.found);
          else reject(outcome.error);
        },
      };
      const stop = () => this.stop(job, signal.reason);
      signal.addEventListener('abort', stop, {once: true});
      const queue = this.waiting.get(client);
      if (queue) queue.push(job);
      else this.waiting.set(client, [job]);
      this.dispatch();
    });
  }

  /**
   * The next search to run: the first of the client whose turn it is (and who runs fewer than its searches at
   * once), who then goes to the end of the line.
   */
  private next(): Job | undefined {
    for (const [client, queue] of this.waiting) {
      if (client !== '' && (this.runningOf.get(client) ?? 0) >= this.perClient) continue;
      this.waiting.delete(client);
      const job = queue.shift();
      if (queue.length > 0) this.waiting.set(client, queue);
      if (job) return job;
    }
    return undefined;
  }

  private dispatch(): void {
    // Clients at their bound are passed over: their searches wait for one of their own to end.
    while (this.waiting.size > 0 && (this.idle.length > 0 || this.running.size < this.size)) {
      const job = this.next();
      if (!job) return;
      const worker = this.idle.pop() ?? this.start();
      this.running.set(worker, job);
      this.runningOf.set(job.client, (this.runningOf.get(job.client) ?? 0) + 1);
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
    this.answered.set(worker, 0);
    worker.on('message', (reply: SearchReply) => {
      if ('memory' in reply) {
        this.memoryAsked.get(reply.id)?.(reply.memory);
        this.memoryAsked.delete(reply.id);
        return;
      }
      const job = this.running.get(worker);
      if (!job || job.request.id !== reply.id) return;
      this.finished(job);
      const answered = (this.answered.get(worker) ?? 0) + 1;
      if (answered >= this.searchesPerWorker) {
        // Retired: the next search starts a worker whose memory holds nothing yet.
        this.forget(worker);
        void worker.terminate();
      } else {
        this.answered.set(worker, answered);
        this.running.set(worker, undefined);
        this.idle.push(worker);
      }
      job.settle('found' in reply ? {found: reply.found} : {error: new Error(reply.error)});
      this.dispatch();
    });
    // A worker that fails (it could not open the site) or ends takes its search with it.
    const lost = (error: Error) => {
      if (!this.running.has(worker)) return;
      const job = this.running.get(worker);
      this.forget(worker);
      if (job) this.finished(job);
      job?.settle({error});
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the search stopped (its worker exited with code ${code})`)));
    return worker;
  }

  /** Stops a search: one waiting leaves the queue, one running ends with its worker. */
  private stop(job: Job, reason: unknown): void {
    const queue = this.waiting.get(job.client) ?? [];
    const queued = queue.indexOf(job);
    if (queued !== -1) {
      queue.splice(queued, 1);
      if (queue.length === 0) this.waiting.delete(job.client);
    } else {
      const worker = [...this.running].find(([, running]) => running === job)?.[0];
      if (!worker) return;
      this.forget(worker);
      this.finished(job);
      void worker.terminate();
    }
    job.settle({error: reason});
    this.dispatch();
  }

  /** A search of a client no longer runs. */
  private finished(job: Job): void {
    const left = (this.runningOf.get(job.client) ?? 1) - 1;
    if (left > 0) this.runningOf.set(job.client, left);
    else this.runningOf.delete(job.client);
  }

  /** What each idle worker holds (a worker running a search is not asked). For the bench and the tests. */
  async memory(): Promise<WorkerMemory[]> {
    return Promise.all(
      this.idle.map(
        (worker) =>
          new Promise<WorkerMemory>((resolve) => {
            const id = (this.nextId += 1);
            this.memoryAsked.set(id, resolve);
            worker.postMessage({id, memory: true});
          }),
      ),
    );
  }

  /** Ends every worker. */
  async close(): Promise<void> {
    const workers = [...this.running.keys()];
    for (const worker of workers) this.forget(worker);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private forget(worker: Worker): void {
    this.running.delete(worker);
    this.answered.delete(worker);
    const index = this.idle.indexOf(worker);
    if (index !== -1) this.idle.splice(index, 1);
  }
}
