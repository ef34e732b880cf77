/**
 * Runs the recipes of docs/pipelines/ (Python modules, a shell script, a GitHub Actions workflow) against
 * the validating mock of the OpenAPI file (tests/support/curl-examples.ts), with FakeVigil as its scenario
 * hook: a small in-memory account that answers the operations the recipes call in sequence (an execution
 * `running`, then `succeeded`; a `409`; a `429` with `Retry-After`). The mock validates every request the
 * recipes send and every answer FakeVigil gives against the OpenAPI file.
 */
import {execFile} from 'node:child_process';
import {chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {codeBlocks, readMarkdown} from './content';
import {READER_ENV, type ScenarioAnswer, type ScenarioRequest} from './curl-examples';

/** Debian's Python, the one the tests install python3-yaml for. */
export const PYTHON = '/usr/bin/python3';

/** The code of the block titled `title` on a docs page, exactly as printed. */
export function pageBlock(file: string, title: string): string {
  const blocks = codeBlocks(readMarkdown(file).body).filter((block) => block.title === title);
  if (blocks.length !== 1) throw new Error(`${file} has ${blocks.length} code blocks titled "${title}", not 1`);
  return blocks[0].code;
}

const dirs: string[] = [];

/** A temporary folder holding `files` (relative path → content); scripts ending in .sh are executable. */
export function recipeDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pipeline-recipes-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), {recursive: true});
    writeFileSync(file, content);
    if (name.endsWith('.sh')) chmodSync(file, 0o755);
  }
  return dir;
}

/** Removes the folders recipeDir made. */
export function removeRecipeDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, {recursive: true, force: true});
}

/**
 * The environment of a recipe: the reader's token, VIGIL_API_URL pointed at the mock (the variable the
 * module reads instead of building https://$VIGIL_INSTANCE.vigil.example/api/v1), and a PATH of `bin`
 * (python3 and python as Debian's Python, plus what a test adds) and the system folders.
 */
export function recipeEnv(dir: string, port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const bin = path.join(dir, '.bin');
  mkdirSync(bin, {recursive: true});
  for (const name of ['python3', 'python']) {
    try {
      symlinkSync(PYTHON, path.join(bin, name));
    } catch {
      // Already linked by an earlier call for this folder.
    }
  }
  return {
    PATH: `${bin}:/usr/bin:/bin`,
    LANG: 'C.UTF-8',
    HOME: dir,
    PYTHONDONTWRITEBYTECODE: '1',
    VIGIL_TOKEN: READER_ENV.VIGIL_TOKEN,
    VIGIL_API_URL: `http://127.0.0.1:${port}/api/v1`,
    ...extra,
  };
}

export type RunResult = {code: number | null; stdout: string; stderr: string; ms: number};

/** Runs a program in `cwd`, killed after `timeout` ms. */
export function run(
  program: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeout = 30_000,
): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(program, args, {cwd, env, timeout, killSignal: 'SIGKILL'}, (error, stdout, stderr) => {
      const failure = error as (NodeJS.ErrnoException & {code?: number | string}) | null;
      resolve({
        code: failure ? (typeof failure.code === 'number' ? failure.code : null) : 0,
        stdout: String(stdout),
        stderr: String(stderr),
        ms: Date.now() - started,
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// FakeVigil

type Json = Record<string, unknown>;
type ExecutionStatus = 'running' | 'succeeded' | 'failed' | 'cancelled';

/** What one run of a job does, in the order runJob starts them. */
export type RunPlan = {
  /** The status each getJobExecution answers, in turn; the last one repeats. */
  statuses: ExecutionStatus[];
  /** Each dataset's quality score once the run succeeded; the run also writes those datasets' metrics. */
  scores?: Record<string, number>;
  /** A run of another job that ends right after this one and writes its own scores and metrics. */
  later?: {executionId: string; scores: Record<string, number>};
  jobErrors?: Array<{code: string; message: string}>;
  dataErrors?: Array<{dataset_id: string; rule_task_id: string; failed_rows: number}>;
};

const CREATED = '2025-03-17T05:58:03Z';
const NOW = '2025-03-18T09:00:00Z';
/** The external ID Vigil generates for an EMR job (the example of the OpenAPI file). */
export const EMR_EXTERNAL_ID = 'vgl-5p8r2k7w4m9x3q6n';

export function dataset(id: string, qualifiedName: string, score: number | null): Json {
  return {
    id,
    datastore_id: 'dst_2k7w4n9s',
    database_id: 'db_5k2m8p1r',
    name: qualifiedName.split('.').pop(),
    kind: 'table',
    qualified_name: qualifiedName,
    domain_id: null,
    owners: [],
    tags: [],
    watermark: null,
    quality_score: score,
    created_at: CREATED,
    updated_at: CREATED,
  };
}

export function job(fields: Json): Json {
  return {
    mode: 'batch',
    schedule: '0 * * * *',
    streaming_interval_seconds: null,
    compute: 'vigil',
    compute_config: null,
    status: 'paused',
    next_run_at: null,
    created_at: CREATED,
    updated_at: CREATED,
    ...fields,
  };
}

export function ruleTask(fields: Json): Json {
  return {column: null, severity: 'warning', status: 'enabled', created_at: CREATED, updated_at: CREATED, ...fields};
}

export function qualityTask(fields: Json): Json {
  return {rule_task_ids: [], status: 'enabled', created_at: CREATED, updated_at: CREATED, ...fields};
}

function problem(status: number, kind: string, title: string, detail: string, instance: string): ScenarioAnswer {
  return {
    status,
    body: {type: `https://vigil.example/problems/${kind}`, title, status, detail, instance: `/api/v1${instance}`},
  };
}

/** One request FakeVigil answered, with the time it arrived. */
export type FakeCall = {operationId: string; method: string; path: string; query: string; body?: unknown; at: number};

/**
 * An account in memory: datasets, rule and quality tasks, contracts, jobs and executions. Its `hook` answers
 * the operations the recipes call and leaves the others to the mock.
 */
export class FakeVigil {
  datasets = new Map<string, Json>();
  jobs = new Map<string, Json>();
  rules = new Map<string, Json>();
  contracts = new Map<string, Json>();
  qualityTasks = new Map<string, Json>();
  executions = new Map<string, Json>();
  /** Per dataset, the execution that computed its latest results (getDatasetMetrics). */
  metrics = new Map<string, string>();
  /** The plans of the runs runJob will start, first first. */
  runs: RunPlan[] = [];
  /** How many requests of an operation answer 429 before the others are served. */
  rateLimited: Record<string, number> = {};
  /** Items per page of list operations. */
  pageSize = 200;
  calls: FakeCall[] = [];
  private plans = new Map<string, RunPlan & {seen: number}>();
  private counter = 0;
  private executionIds = ['jex_8m3q6t1v', 'jex_3c7n1r5d', 'jex_9t4w2k6p'];

  add(map: Map<string, Json>, ...items: Json[]): this {
    for (const item of items) map.set(String(item.id), item);
    return this;
  }

  /** A running execution of a job, as a schedule started it, that ends as `plan` says. */
  running(jobId: string, plan: RunPlan): string {
    const id = 'jex_5d9w2k7n';
    this.executions.set(id, this.execution(id, jobId, 'schedule'));
    this.plans.set(id, {...plan, seen: 0});
    return id;
  }

  /** Requests that change something (any method but GET). */
  writes(): FakeCall[] {
    return this.calls.filter((call) => call.method !== 'GET');
  }

  /** Ids of created entities, as the examples of the OpenAPI file spell them, then numbered ones. */
  private newIds: Record<string, string[]> = {rt: ['rt_7q4z2n9b'], dc: ['dc_2m8r5t1q'], job: ['job_6h3k8w2r']};

  private newId(prefix: string): string {
    this.counter += 1;
    return this.newIds[prefix]?.shift() ?? `${prefix}_new${String(this.counter).padStart(5, '0')}`;
  }

  private execution(id: string, jobId: string, trigger: string): Json {
    return {
      id,
      job_id: jobId,
      status: 'running',
      started_at: NOW,
      finished_at: null,
      rows_scanned: 0,
      trigger,
    };
  }

  private page(items: Json[], query: URLSearchParams): ScenarioAnswer {
    const start = Number(query.get('cursor')?.replace(/^o/, '') ?? 0);
    const size = Math.min(Number(query.get('limit') ?? 50), this.pageSize);
    const next = start + size < items.length ? `o${start + size}` : null;
    return {status: 200, body: {data: items.slice(start, start + size), next_cursor: next}};
  }

  private filtered(map: Map<string, Json>, query: URLSearchParams, keys: string[]): Json[] {
    return [...map.values()].filter((item) =>
      keys.every((key) => !query.has(key) || String(item[key]) === query.get(key)),
    );
  }

  /** Advances an execution as its plan says, one status per getJobExecution. */
  private advance(execution: Json): void {
    const plan = this.plans.get(String(execution.id));
    if (!plan || execution.status !== 'running') return;
    const status = plan.statuses[Math.min(plan.seen, plan.statuses.length - 1)];
    plan.seen += 1;
    if (status === 'running') return;
    execution.status = status;
    execution.finished_at = '2025-03-18T09:03:12Z';
    execution.rows_scanned = status === 'succeeded' ? 1000000 : 0;
    if (status !== 'succeeded') return;
    const results: Array<[string, Record<string, number>]> = [[String(execution.id), plan.scores ?? {}]];
    if (plan.later) results.push([plan.later.executionId, plan.later.scores]);
    for (const [executionId, scores] of results)
      for (const [id, score] of Object.entries(scores)) {
        this.datasets.get(id)!.quality_score = score;
        this.metrics.set(id, executionId);
      }
  }

  hook = (request: ScenarioRequest): ScenarioAnswer | undefined => {
    const {operationId, method, path: apiPath, params, query} = request;
    this.calls.push({operationId, method, path: apiPath, query: query.toString(), body: request.body, at: Date.now()});
    if ((this.rateLimited[operationId] ?? 0) > 0) {
      this.rateLimited[operationId] -= 1;
      const answer = problem(
        429,
        'rate-limited',
        'Too many requests',
        'This API token sent more than 600 requests in the last minute. Retry after 1 seconds.',
        apiPath,
      );
      return {...answer, headers: {'Retry-After': '1'}};
    }
    const body = (request.body ?? {}) as Json;
    const notFound = (what: string, id: string) =>
      problem(404, 'not-found', 'Not found', `No ${what} with id ${id} exists in this account.`, apiPath);

    switch (operationId) {
      case 'getDataset': {
        const found = this.datasets.get(params.dataset_id);
        return found ? {status: 200, body: found} : notFound('dataset', params.dataset_id);
      }
      case 'getDatasetMetrics': {
        const executionId = this.metrics.get(params.dataset_id);
        if (!executionId)
          return problem(
            404,
            'not-found',
            'Not found',
            `Dataset ${params.dataset_id} has not been profiled yet.`,
            apiPath,
          );
        const body = {
          dataset_id: params.dataset_id,
          execution_id: executionId,
          computed_at: '2025-03-18T09:03:10Z',
          row_count: 1000000,
          columns: [],
        };
        return {status: 200, body};
      }
      case 'getJob': {
        const found = this.jobs.get(params.job_id);
        return found ? {status: 200, body: found} : notFound('job', params.job_id);
      }
      case 'listJobs':
        return this.page([...this.jobs.values()], query);
      case 'listRuleTasks':
        return this.page(this.filtered(this.rules, query, ['dataset_id', 'status']), query);
      case 'listDataContracts':
        return this.page(this.filtered(this.contracts, query, ['dataset_id', 'status']), query);
      case 'listQualityTasks':
        return this.page(this.filtered(this.qualityTasks, query, ['dataset_id', 'status']), query);
      case 'createRuleTask': {
        const created = ruleTask({id: this.newId('rt'), ...body, created_at: NOW, updated_at: NOW});
        this.rules.set(String(created.id), created);
        return {status: 201, body: created};
      }
      case 'updateRuleTask': {
        const found = this.rules.get(params.task_id);
        if (!found) return notFound('rule task', params.task_id);
        Object.assign(found, body, {updated_at: NOW});
        return {status: 200, body: found};
      }
      case 'createDataContract': {
        const created = {
          id: this.newId('dc'),
          dataset_id: body.dataset_id,
          name: body.name,
          version: 1,
          status: 'draft',
          owners: body.owners ?? [],
          schema: body.schema ?? {columns: []},
          freshness: body.freshness ?? null,
          volume: body.volume ?? null,
          rules: body.rules ?? [],
          created_at: NOW,
          updated_at: NOW,
        };
        this.contracts.set(created.id, created);
        return {status: 201, body: created};
      }
      case 'updateDataContract': {
        const found = this.contracts.get(params.contract_id);
        if (!found) return notFound('data contract', params.contract_id);
        if (found.status === 'deprecated')
          return problem(409, 'conflict', 'Conflict', `Data contract ${params.contract_id} is deprecated.`, apiPath);
        Object.assign(found, body, {updated_at: NOW});
        return {status: 200, body: found};
      }
      case 'createJob': {
        if ([...this.jobs.values()].some((existing) => existing.name === body.name))
          return problem(409, 'conflict', 'Conflict', `A job named ${String(body.name)} exists.`, apiPath);
        const emr = String(body.compute).startsWith('emr_');
        const created = job({
          id: this.newId('job'),
          ...body,
          compute_config: emr
            ? {...(body.compute_config as Json), external_id: EMR_EXTERNAL_ID}
            : (body.compute_config ?? null),
          schedule: body.schedule ?? null,
          streaming_interval_seconds: body.mode === 'streaming' ? (body.streaming_interval_seconds ?? 60) : null,
          status: body.status ?? 'active',
          created_at: NOW,
          updated_at: NOW,
        });
        this.jobs.set(String(created.id), created);
        return {status: 201, body: created};
      }
      case 'updateJob':
      case 'setJobStatus':
      case 'setStreamingInterval': {
        const found = this.jobs.get(params.job_id);
        if (!found) return notFound('job', params.job_id);
        // The external ID of an EMR job is read-only: Vigil keeps it for the job's life.
        const externalId = (found.compute_config as Json | null)?.external_id;
        Object.assign(found, body, {updated_at: NOW});
        if (externalId && body.compute_config)
          found.compute_config = {...(body.compute_config as Json), external_id: externalId};
        return {status: 200, body: found};
      }
      case 'runJob': {
        const found = this.jobs.get(params.job_id);
        if (!found) return notFound('job', params.job_id);
        const busy = [...this.executions.values()].find(
          (execution) => execution.job_id === params.job_id && execution.status === 'running',
        );
        if (busy)
          return problem(
            409,
            'conflict',
            'Conflict',
            `Job ${params.job_id} is running execution ${String(busy.id)}; a job never overlaps itself.`,
            apiPath,
          );
        const plan = this.runs.shift();
        if (!plan) throw new Error(`FakeVigil: runJob of ${params.job_id} has no RunPlan left`);
        const id = this.executionIds.shift() ?? this.newId('jex');
        const execution = this.execution(id, params.job_id, 'manual');
        this.executions.set(id, execution);
        this.plans.set(id, {...plan, seen: 0});
        return {status: 202, body: {...execution}};
      }
      case 'getJobExecution': {
        const found = this.executions.get(params.execution_id);
        if (!found) return notFound('job execution', params.execution_id);
        this.advance(found);
        return {status: 200, body: found};
      }
      case 'listRunningJobExecutions':
        return this.page(
          this.filtered(this.executions, query, ['job_id']).filter((execution) => execution.status === 'running'),
          query,
        );
      case 'cancelJobExecution': {
        const found = this.executions.get(params.execution_id);
        if (!found) return notFound('job execution', params.execution_id);
        if (found.status !== 'running')
          return problem(409, 'conflict', 'Conflict', `Execution ${params.execution_id} is not running.`, apiPath);
        Object.assign(found, {status: 'cancelled', finished_at: '2025-03-18T09:01:45Z'});
        return {status: 200, body: found};
      }
      case 'listJobErrors': {
        const id = query.get('execution_id') ?? '';
        const errors = (this.plans.get(id)?.jobErrors ?? []).map((error, index) => ({
          id: `jer_${id.slice(4)}${index}`,
          job_id: this.executions.get(id)?.job_id,
          execution_id: id,
          ...error,
          occurred_at: '2025-03-18T09:00:12Z',
        }));
        return this.page(errors, query);
      }
      case 'listDataErrors': {
        const id = query.get('execution_id') ?? '';
        const errors = (this.plans.get(id)?.dataErrors ?? [])
          .filter((error) => !query.has('dataset_id') || error.dataset_id === query.get('dataset_id'))
          .map((error, index) => ({
            id: `der_${id.slice(4)}${index}`,
            ...error,
            execution_id: id,
            partition: null,
            sample: [],
            detected_at: '2025-03-18T09:03:18Z',
          }));
        return this.page(errors, query);
      }
      default:
        return undefined;
    }
  };
}
