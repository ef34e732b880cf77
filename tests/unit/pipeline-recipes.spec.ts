import {chmodSync, copyFileSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import yaml from 'js-yaml';
import {codeBlocks, markdownFiles, readMarkdown} from '../support/content';
import {type ApiMock, type ScenarioAnswer, startApiMock} from '../support/curl-examples';
import {loadSpec} from '../support/openapi';
import {deref, type JsonObject} from '../../src/openapi';
import {ensureDebianPackage} from '../support/debian-package';
import {
  dataset,
  EMR_EXTERNAL_ID,
  FakeVigil,
  job,
  pageBlock,
  PYTHON,
  qualityTask,
  recipeDir,
  recipeEnv,
  removeRecipeDirs,
  ruleTask,
  run,
  type RunPlan,
  type RunResult,
} from '../support/pipeline-recipes';

// The recipes of docs/pipelines/ run as printed, taken from the pages' code blocks by their titles, against
// the validating mock of the OpenAPI file with a scenario of answers (tests/support/pipeline-recipes.ts):
// vigil_gate.py (from the command line, and through dbt-build-and-check.sh with a stand-in for dbt),
// vigil_apply.py, and the `run:` steps of the GitHub Actions workflow. Python is Debian's /usr/bin/python3,
// with Debian's python3-yaml for PyYAML. Airflow, Dagster and dbt are not installed (they are not in Debian,
// and PyPI is not reachable here): orders_hourly.py (Airflow) and orders_assets.py (Dagster) are only
// compiled and parsed, and their calls of vigil_gate.py checked against its signatures; dbt is replaced by
// tests/fixtures/pipeline-recipes/fake-dbt.sh.

const INDEX = 'docs/pipelines/index.md';
const AIRFLOW = 'docs/pipelines/airflow.md';
const DAGSTER = 'docs/pipelines/dagster.md';
const DBT = 'docs/pipelines/dbt.md';
const CONFIG = 'docs/pipelines/configuration-as-code.md';
const GITHUB = 'docs/pipelines/github-actions.md';
const FIXTURES = 'tests/fixtures/pipeline-recipes';

const spec = loadSpec();
const GATE = pageBlock(INDEX, 'vigil_gate.py');
const APPLY = pageBlock(CONFIG, 'vigil_apply.py');
const ORDERS_YAML = pageBlock(CONFIG, 'vigil/orders.yaml');

/** The bash blocks of a page, in page order. */
function shellBlocks(file: string): string[] {
  return codeBlocks(readMarkdown(file).body)
    .filter((block) => block.language === 'bash' && !block.title)
    .map((block) => block.code.trim());
}

/** What a reader's terminal shows of a shell run (stderr is merged into stdout), without the last newline. */
function terminal(result: RunResult): string {
  return result.stdout.trim();
}

async function withMock<T>(fake: FakeVigil, body: (mock: ApiMock) => Promise<T>): Promise<T> {
  const mock = await startApiMock(spec, {scenario: fake.hook});
  try {
    return await body(mock);
  } finally {
    await mock.close();
  }
}

/** Requests the mock rejected or scenario answers it refused: a recipe must cause none. */
function rejected(mock: ApiMock): string[] {
  return mock.calls
    .filter((call) => call.errors.length > 0)
    .map((call) => `${call.method} ${call.url} -> ${call.status}: ${call.errors.join('; ')}`);
}

/** Runs a shell command as a reader types it, stderr merged into stdout as a terminal shows them. */
function shell(command: string, dir: string, env: NodeJS.ProcessEnv, timeout?: number): Promise<RunResult> {
  return run('bash', ['-c', `exec 2>&1\n${command}`], dir, {...env, PYTHONUNBUFFERED: '1'}, timeout);
}

/** The paused job of the gate examples of index.md, airflow.md and dagster.md: it checks ORDERS. */
const ORDERS_GATE = 'job_8c4t1w6m';
/** The paused job of dbt.md: it checks ORDERS and CUSTOMERS. */
const DBT_GATE = 'job_2v9q5k3d';
/** The run that computed the datasets' results before the gate's (the example execution of the OpenAPI file). */
const EARLIER_RUN = 'jex_2b7h5k1w';

/**
 * The account of the gate examples: ORDERS and CUSTOMERS, the paused jobs that check them, their quality tasks,
 * and results of an earlier run.
 */
function gateAccount(...plans: RunPlan[]): FakeVigil {
  const fake = new FakeVigil();
  fake.add(
    fake.datasets,
    dataset('ds_4n7q1x8z', 'ANALYTICS.PUBLIC.ORDERS', 91.1),
    dataset('ds_6r2t9w4k', 'ANALYTICS.PUBLIC.CUSTOMERS', 96.2),
    dataset('ds_9k3m7p2x', 'ANALYTICS.PUBLIC.REFUNDS', 99.0),
  );
  fake.add(
    fake.jobs,
    job({
      id: ORDERS_GATE,
      name: 'orders-gate',
      task_ids: ['pt_6c2v9d3r', 'rt_1h8j4k7m', 'qt_9x2p5w3n'],
      dataset_ids: ['ds_4n7q1x8z'],
    }),
    job({
      id: DBT_GATE,
      name: 'dbt-models-gate',
      task_ids: ['pt_6c2v9d3r', 'rt_1h8j4k7m', 'qt_9x2p5w3n', 'pt_2n6m9k4c', 'qt_4m8c2x6v'],
      dataset_ids: ['ds_4n7q1x8z', 'ds_6r2t9w4k'],
    }),
  );
  fake.metrics.set('ds_4n7q1x8z', EARLIER_RUN).set('ds_6r2t9w4k', EARLIER_RUN);
  fake.add(
    fake.qualityTasks,
    qualityTask({
      id: 'qt_9x2p5w3n',
      dataset_id: 'ds_4n7q1x8z',
      profile_task_id: 'pt_6c2v9d3r',
      rule_task_ids: ['rt_1h8j4k7m'],
    }),
    qualityTask({id: 'qt_4m8c2x6v', dataset_id: 'ds_6r2t9w4k', profile_task_id: 'pt_2n6m9k4c'}),
  );
  fake.runs.push(...plans);
  return fake;
}

const PASSES: RunPlan = {statuses: ['succeeded'], scores: {ds_4n7q1x8z: 97.1, ds_6r2t9w4k: 95.4}};
const LOW_SCORE: RunPlan = {
  statuses: ['succeeded'],
  scores: {ds_4n7q1x8z: 84.2, ds_6r2t9w4k: 95.4},
  dataErrors: [{dataset_id: 'ds_4n7q1x8z', rule_task_id: 'rt_1h8j4k7m', failed_rows: 412}],
};
const FAILS: RunPlan = {
  statuses: ['failed'],
  jobErrors: [
    {
      code: 'permission_denied',
      message: "SQL access control error: Insufficient privileges to operate on table 'ANALYTICS.PUBLIC.ORDERS'.",
    },
  ],
};

test.beforeAll(async () => {
  await ensureDebianPackage(PYTHON, 'python3');
  await ensureDebianPackage('/usr/lib/python3/dist-packages/yaml/__init__.py', 'python3-yaml');
});
test.afterAll(() => removeRecipeDirs());

test.describe('the Python files of the pages', () => {
  const files: Array<[page: string, title: string]> = [
    [INDEX, 'vigil_gate.py'],
    [CONFIG, 'vigil_apply.py'],
    [AIRFLOW, 'orders_hourly.py'],
    [DAGSTER, 'orders_assets.py'],
  ];
  for (const [page, title] of files) {
    test(`${title} (${page}) compiles with python3 -m py_compile`, async () => {
      const dir = recipeDir({[title]: pageBlock(page, title)});
      const result = await run(PYTHON, ['-m', 'py_compile', title], dir, recipeEnv(dir, 0));
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    });
  }

  for (const [page, title] of [
    [AIRFLOW, 'orders_hourly.py'],
    [DAGSTER, 'orders_assets.py'],
  ]) {
    test(`${title} parses with ast and calls vigil_gate.py as the module defines it`, async () => {
      const dir = recipeDir({'vigil_gate.py': GATE, [title]: pageBlock(page, title)});
      copyFileSync(path.join(FIXTURES, 'gate-calls.py'), path.join(dir, 'gate-calls.py'));
      const result = await run(PYTHON, ['gate-calls.py', title], dir, recipeEnv(dir, 0));
      expect(result.stderr).toBe('');
      const report = JSON.parse(result.stdout) as {
        imports: string[];
        used: string[];
        calls: {Vigil: number; gate: number};
        problems: string[];
      };
      expect(report.problems).toEqual([]);
      expect(report.imports).toContain('vigil_gate');
      expect(report.used).toContain('Vigil');
      expect(report.calls).toEqual({Vigil: 1, gate: 1});
    });
  }

  test('the check can fail: a call with a parameter vigil_gate.py does not have is reported', async () => {
    const broken = pageBlock(DAGSTER, 'orders_assets.py').replace('min_score=MIN_SCORE', 'minimum=MIN_SCORE');
    const dir = recipeDir({'vigil_gate.py': GATE, 'broken.py': broken});
    copyFileSync(path.join(FIXTURES, 'gate-calls.py'), path.join(dir, 'gate-calls.py'));
    const result = await run(PYTHON, ['gate-calls.py', 'broken.py'], dir, recipeEnv(dir, 0));
    const {problems} = JSON.parse(result.stdout) as {problems: string[]};
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^line \d+: Vigil\.gate\(\.\.\.\): missing a required argument: 'min_score'$/);
  });

  test('the Airflow DAG runs the gate between the load and the reports, without retries', () => {
    const dag = pageBlock(AIRFLOW, 'orders_hourly.py');
    expect(dag).toMatch(/^\s+load_orders >> quality_gate\(\) >> publish_reports$/m);
    expect(dag).toMatch(/@task\(retries=0,/);
    expect(dag).toMatch(/from airflow\.sdk import Variable, dag, task/);
    expect(dag).toMatch(/token=Variable\.get\("vigil_token"\)/);
  });

  // The Dagster job and schedule (issue 44, row 19), checked against Dagster's documentation: define_asset_job
  // selects assets, and "by default, all jobs targeting an asset will also run associated checks"
  // (docs.dagster.io/guides/test/asset-checks); ScheduleDefinition(job=..., cron_schedule=...) starts the job
  // (docs.dagster.io/guides/automate/schedules). Dagster is not installed here, so the file runs against a
  // stand-in of the parts of dagster and dagster_snowflake it uses, which records what it defines.
  const DAGSTER_STAND_IN = `
"""Stand-in for dagster: records the definitions a file makes. Only the parameters the docs name."""
RECORD = {}


class AssetsDefinition:
    def __init__(self, fn, deps=()):
        self.name, self.deps = fn.__name__, [dep.name for dep in deps]


class AssetChecksDefinition:
    def __init__(self, fn, asset, blocking):
        self.name, self.asset, self.blocking = fn.__name__, asset.name, blocking


def asset(fn=None, *, deps=()):
    return AssetsDefinition(fn) if fn else (lambda f: AssetsDefinition(f, deps))


def asset_check(*, asset, blocking=False):
    return lambda fn: AssetChecksDefinition(fn, asset, blocking)


class AssetCheckResult:
    def __init__(self, *, passed, metadata=None):
        self.passed, self.metadata = passed, metadata


class EnvVar(str):
    pass


class AssetSelection:
    def __init__(self, names, checks=True):
        self.names, self.checks = names, checks

    @staticmethod
    def assets(*definitions):
        return AssetSelection([definition.name for definition in definitions])

    def without_checks(self):
        return AssetSelection(self.names, checks=False)


class UnresolvedAssetJobDefinition:
    def __init__(self, name, selection):
        self.name, self.selection = name, selection


def define_asset_job(name, selection=None, config=None, description=None, tags=None):
    return UnresolvedAssetJobDefinition(name, selection)


class DefaultScheduleStatus:
    RUNNING, STOPPED = "RUNNING", "STOPPED"


class ScheduleDefinition:
    def __init__(self, name=None, *, cron_schedule, job=None, execution_timezone=None,
                 default_status=DefaultScheduleStatus.STOPPED, description=None):
        self.name, self.cron, self.job = name, cron_schedule, job
        self.timezone, self.default_status = execution_timezone, default_status


class Definitions:
    def __init__(self, assets=(), asset_checks=(), jobs=(), schedules=(), sensors=(), resources=None):
        RECORD["definitions"] = {"assets": assets, "asset_checks": asset_checks, "jobs": jobs,
                                 "schedules": schedules, "resources": sorted(resources or {})}
`;
  const DAGSTER_REPORT = `
import json, sys
sys.path.insert(0, ".")
import dagster
import orders_assets  # noqa: F401

d = dagster.RECORD["definitions"]
print(json.dumps({
    "assets": {a.name: a.deps for a in d["assets"]},
    "checks": [{"name": c.name, "asset": c.asset, "blocking": c.blocking} for c in d["asset_checks"]],
    "jobs": [{"name": j.name, "selection": j.selection.names, "checks": j.selection.checks}
             for j in d["jobs"]],
    "schedules": [{"name": s.name, "job": s.job.name, "cron": s.cron, "timezone": s.timezone}
                  for s in d["schedules"]],
    "resources": d["resources"],
}))
`;

  test('Dagster (row 19): a job selects the loaded asset, its check and the report, and a schedule starts it every hour', async () => {
    const dir = recipeDir({
      'vigil_gate.py': GATE,
      'orders_assets.py': pageBlock(DAGSTER, 'orders_assets.py'),
      'dagster/__init__.py': DAGSTER_STAND_IN,
      'dagster_snowflake/__init__.py':
        'class SnowflakeResource:\n    def __init__(self, **fields):\n        self.fields = fields\n',
      'report.py': DAGSTER_REPORT,
    });
    const result = await run(PYTHON, ['report.py'], dir, recipeEnv(dir, 0));
    expect(result.stderr).toBe('');
    const defs = JSON.parse(result.stdout) as {
      assets: Record<string, string[]>;
      checks: Array<{name: string; asset: string; blocking: boolean}>;
      jobs: Array<{name: string; selection: string[]; checks: boolean}>;
      schedules: Array<{name: string; job: string; cron: string; timezone: string | null}>;
      resources: string[];
    };
    expect(defs.checks).toEqual([{name: 'vigil_quality_gate', asset: 'orders', blocking: true}]);
    expect(defs.assets).toEqual({orders: [], daily_revenue: ['orders']});
    // One job, which selects the checked asset (so Dagster runs its check) and the asset downstream of it.
    expect(defs.jobs).toHaveLength(1);
    const [jobDef] = defs.jobs;
    expect(jobDef.checks).toBe(true);
    expect(jobDef.selection.sort()).toEqual(['daily_revenue', 'orders']);
    // One schedule of that job, every hour: a fixed minute, every hour, day, month and weekday.
    expect(defs.schedules).toHaveLength(1);
    expect(defs.schedules[0].job).toBe(jobDef.name);
    const [minute, ...rest] = defs.schedules[0].cron.split(' ');
    expect(Number(minute)).toBeGreaterThanOrEqual(0);
    expect(Number(minute)).toBeLessThan(60);
    expect(rest).toEqual(['*', '*', '*', '*']);
    expect(defs.resources).toEqual(['snowflake']);
    // The page says what the schedule does, and that Dagster deploys it stopped.
    const prose = readMarkdown(DAGSTER).body;
    expect(prose).toContain(`\`${jobDef.name}\``);
    expect(prose).toContain(`\`${defs.schedules[0].name}\``);
    expect(prose).toMatch(/every hour at minute (\d+)/);
    expect(prose.match(/every hour at minute (\d+)/)![1]).toBe(minute);
    expect(prose).toMatch(/DefaultScheduleStatus\.RUNNING/);
  });

  test('the Dagster check is blocking, on the loaded asset, and the report depends on that asset', () => {
    const assets = pageBlock(DAGSTER, 'orders_assets.py');
    expect(assets).toMatch(/@dg\.asset_check\(asset=orders, blocking=True\)/);
    expect(assets).toMatch(/@dg\.asset\(deps=\[orders\]\)/);
    expect(assets).toMatch(/asset_checks=\[vigil_quality_gate\]/);
  });
});

test.describe('vigil_gate.py from the command line (docs/pipelines/index.md)', () => {
  const [command] = shellBlocks(INDEX);

  test('the page shows one command, and it passes: run, wait, read the score', async () => {
    expect(shellBlocks(INDEX)).toHaveLength(1);
    const fake = gateAccount(PASSES);
    await withMock(fake, async (mock) => {
      const dir = recipeDir({'vigil_gate.py': GATE});
      const result = await shell(command, dir, recipeEnv(dir, mock.port));
      expect(rejected(mock)).toEqual([]);
      expect(terminal(result)).toBe(pageBlock(INDEX, 'A gate that passes').trim());
      expect(result.code).toBe(0);
      expect(fake.calls.map((call) => call.operationId)).toEqual([
        'getJob',
        'listQualityTasks',
        'runJob',
        'getJobExecution',
        'getDataset',
        'getDatasetMetrics',
      ]);
      expect(fake.writes().map((call) => call.path)).toEqual([`/jobs/${ORDERS_GATE}/run`]);
    });
  });

  test('it polls getJobExecution while the execution is running', async () => {
    const fake = gateAccount({...PASSES, statuses: ['running', 'running', 'succeeded']});
    await withMock(fake, async (mock) => {
      const dir = recipeDir({'vigil_gate.py': GATE});
      const result = await shell(`${command} --poll-seconds 0.2`, dir, recipeEnv(dir, mock.port));
      expect(rejected(mock)).toEqual([]);
      expect(result.code, result.stdout).toBe(0);
      expect(fake.calls.filter((call) => call.operationId === 'getJobExecution')).toHaveLength(3);
    });
  });

  test('a score below the threshold fails with status 1, naming the dataset, the score and the failing rule', async () => {
    const fake = gateAccount(LOW_SCORE);
    await withMock(fake, async (mock) => {
      const dir = recipeDir({'vigil_gate.py': GATE});
      const result = await shell(command, dir, recipeEnv(dir, mock.port));
      expect(rejected(mock)).toEqual([]);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(
        /ANALYTICS\.PUBLIC\.ORDERS \(ds_4n7q1x8z\): quality score 84\.2 is below 90 .*rt_1h8j4k7m failed 412 rows/,
      );
      expect(terminal(result)).toBe(pageBlock(INDEX, 'A gate that fails on the score').trim());
    });
  });

  test('a failed execution fails with status 1 and its job errors', async () => {
    const fake = gateAccount(FAILS);
    await withMock(fake, async (mock) => {
      const dir = recipeDir({'vigil_gate.py': GATE});
      const result = await shell(command, dir, recipeEnv(dir, mock.port));
      expect(rejected(mock)).toEqual([]);
      expect(result.code).toBe(1);
      expect(terminal(result)).toBe(pageBlock(INDEX, 'A gate that fails on the execution').trim());
      expect(fake.calls.map((call) => call.operationId)).not.toContain('getDataset');
    });
  });

  test('a cancelled execution fails with status 1', async () => {
    const fake = gateAccount({statuses: ['cancelled']});
    await withMock(fake, async (mock) => {
      const dir = recipeDir({'vigil_gate.py': GATE});
      const result = await shell(command, dir, recipeEnv(dir, mock.port));
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`jex_8m3q6t1v of ${ORDERS_GATE} cancelled`);
    });
  });

  test('at the timeout it cancels the execution and fails', async () => {
    const fake = gateAccount({statuses: ['running']});
    await withMock(fake, async (mock) => {
      const dir = recipeDir({'vigil_gate.py': GATE});
      const result = await shell(`${command} --timeout 1 --poll-seconds 0.2`, dir, recipeEnv(dir, mock.port));
      expect(rejected(mock)).toEqual([]);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain('jex_8m3q6t1v was still running at the timeout: cancelled it');
      expect(fake.writes().map((call) => call.operationId)).toEqual(['runJob', 'cancelJobExecution']);
      expect(fake.executions.get('jex_8m3q6t1v')?.status).toBe('cancelled');
    });
  });

  test('a 409 from runJob waits for the running execution, then starts a run of its own', async () => {
    const fake = gateAccount(PASSES);
    const busy = fake.running(ORDERS_GATE, {statuses: ['running', 'succeeded']});
    await withMock(fake, async (mock) => {
      const dir = recipeDir({'vigil_gate.py': GATE});
      const result = await shell(`${command} --poll-seconds 0.2`, dir, recipeEnv(dir, mock.port));
      expect(rejected(mock)).toEqual([]);
      expect(result.code, result.stdout).toBe(0);
      expect(result.stdout).toContain(`${ORDERS_GATE} is running ${busy}: waiting for it first`);
      const runs = mock.calls.filter((call) => call.operationId === 'runJob').map((call) => call.status);
      expect(runs).toEqual([409, 202]);
      expect(fake.calls.map((call) => call.operationId)).toContain('listRunningJobExecutions');
      expect(fake.executions.get(busy)?.status).toBe('succeeded');
    });
  });

  // Someone else's execution (issue 44, row 13): the gate waits for an execution it did not start and never
  // cancels it, and it takes a score only from the results of its own execution (DatasetMetrics.execution_id
  // of getDatasetMetrics, the one field of the OpenAPI file that ties results to an execution).
  test('a 409 from runJob: at the timeout it fails and leaves the execution it did not start running', async () => {
    const fake = gateAccount(PASSES);
    const busy = fake.running(ORDERS_GATE, {statuses: ['running']});
    await withMock(fake, async (mock) => {
      const dir = recipeDir({'vigil_gate.py': GATE});
      const result = await shell(`${command} --timeout 1 --poll-seconds 0.2`, dir, recipeEnv(dir, mock.port));
      expect(rejected(mock)).toEqual([]);
      expect(result.code, result.stdout).toBe(1);
      expect(result.stdout).toContain(
        `${busy}, which this gate did not start, was still running at the timeout: left it running`,
      );
      expect(fake.calls.filter((call) => call.path === `/job-executions/${busy}/cancel`)).toEqual([]);
      expect(fake.writes().map((call) => call.operationId)).toEqual(['runJob']);
      expect(fake.executions.get(busy)?.status).toBe('running');
      expect(fake.runs).toHaveLength(1); // its own run never started
    });
  });

  test('a score from an earlier run is not accepted: this run did not compute the dataset’s results', async () => {
    // The run succeeds but computes no results for ORDERS: its score 91.1, above the threshold, is an earlier run's.
    const fake = gateAccount({statuses: ['succeeded'], scores: {ds_6r2t9w4k: 95.4}});
    await withMock(fake, async (mock) => {
      const dir = recipeDir({'vigil_gate.py': GATE});
      const result = await shell(command, dir, recipeEnv(dir, mock.port));
      expect(rejected(mock)).toEqual([]);
      expect(result.code, result.stdout).toBe(1);
      expect(result.stdout).toContain(
        `quality gate failed: ANALYTICS.PUBLIC.ORDERS (ds_4n7q1x8z): quality score 91.1 is not from jex_8m3q6t1v: ` +
          `the latest results are from ${EARLIER_RUN}`,
      );
      expect(result.stdout).not.toMatch(/quality score 91\.1 \(minimum 90\)/);
    });
  });

  test('a score written by a later run of another job is not accepted', async () => {
    // The gate's run scores ORDERS 84.2; a run of another job ends right after it and writes 95.0.
    const fake = gateAccount({...LOW_SCORE, later: {executionId: 'jex_6t2m9q4w', scores: {ds_4n7q1x8z: 95.0}}});
    await withMock(fake, async (mock) => {
      const dir = recipeDir({'vigil_gate.py': GATE});
      const result = await shell(command, dir, recipeEnv(dir, mock.port));
      expect(rejected(mock)).toEqual([]);
      expect(result.code, result.stdout).toBe(1);
      expect(result.stdout).toContain(
        'ANALYTICS.PUBLIC.ORDERS (ds_4n7q1x8z): quality score 95 is not from jex_8m3q6t1v: ' +
          'the latest results are from jex_6t2m9q4w',
      );
    });
  });

  test('a job that runs the quality task without its profile task is a setup error: status 2, no run', async () => {
    const fake = gateAccount(PASSES);
    fake.jobs.get(ORDERS_GATE)!.task_ids = ['rt_1h8j4k7m', 'qt_9x2p5w3n'];
    await withMock(fake, async (mock) => {
      const dir = recipeDir({'vigil_gate.py': GATE});
      const result = await shell(command, dir, recipeEnv(dir, mock.port));
      expect(rejected(mock)).toEqual([]);
      expect(result.code, result.stdout).toBe(2);
      expect(result.stdout).toContain(`could not check: ${ORDERS_GATE} must cover ds_4n7q1x8z`);
      expect(fake.writes()).toEqual([]);
    });
  });

  test('a 429 is sent again after the seconds of Retry-After', async () => {
    const fake = gateAccount(PASSES);
    fake.rateLimited.getDataset = 1;
    await withMock(fake, async (mock) => {
      const dir = recipeDir({'vigil_gate.py': GATE});
      const result = await shell(command, dir, recipeEnv(dir, mock.port));
      expect(rejected(mock)).toEqual([]);
      expect(result.code, result.stdout).toBe(0);
      const reads = fake.calls.filter((call) => call.operationId === 'getDataset');
      expect(mock.calls.filter((call) => call.operationId === 'getDataset').map((call) => call.status)).toEqual([
        429, 200,
      ]);
      expect(reads[1].at - reads[0].at).toBeGreaterThanOrEqual(1000);
      expect(result.stdout).toContain('rate limited: retrying in 1 s');
    });
  });

  test('a job that does not cover the dataset is a setup error: status 2, and no run is started', async () => {
    const fake = gateAccount();
    await withMock(fake, async (mock) => {
      const dir = recipeDir({'vigil_gate.py': GATE});
      const result = await shell(command.replace('ds_4n7q1x8z', 'ds_9k3m7p2x'), dir, recipeEnv(dir, mock.port));
      expect(result.code).toBe(2);
      expect(result.stdout).toContain(`could not check: ${ORDERS_GATE} must cover ds_9k3m7p2x`);
      expect(fake.writes()).toEqual([]);
    });
  });

  test('without VIGIL_API_URL the base URL is https://$VIGIL_INSTANCE.vigil.example/api/v1; without a token it stops', async () => {
    const dir = recipeDir({'vigil_gate.py': GATE});
    const env = {...recipeEnv(dir, 0), VIGIL_API_URL: '', VIGIL_INSTANCE: 'acme'};
    const url = await run(PYTHON, ['-c', 'import vigil_gate; print(vigil_gate.Vigil().api_url)'], dir, env);
    expect(url.stdout.trim()).toBe(spec.servers[0].url.replace('{instance}', 'acme'));
    const noToken = await run(
      PYTHON,
      ['vigil_gate.py', '--job', ORDERS_GATE, '--dataset', 'ds_4n7q1x8z', '--min-score', '90'],
      dir,
      {
        ...env,
        VIGIL_TOKEN: '',
      },
    );
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('no API token');
  });
});

test.describe('dbt-build-and-check.sh (docs/pipelines/dbt.md)', () => {
  const script = 'dbt-build-and-check.sh';

  async function runScript(fake: FakeVigil, dbtExit: number) {
    return withMock(fake, async (mock) => {
      const dir = recipeDir({'vigil_gate.py': GATE, [script]: pageBlock(DBT, script)});
      const env = recipeEnv(dir, mock.port, {FAKE_DBT_LOG: path.join(dir, 'dbt.log'), FAKE_DBT_EXIT: String(dbtExit)});
      copyFileSync(path.join(FIXTURES, 'fake-dbt.sh'), path.join(dir, '.bin', 'dbt'));
      chmodSync(path.join(dir, '.bin', 'dbt'), 0o755);
      const result = await shell(`./${script}`, dir, env);
      const dbtLog = (() => {
        try {
          return readFileSync(path.join(dir, 'dbt.log'), 'utf8');
        } catch {
          return '';
        }
      })();
      return {result, dbtLog, problems: rejected(mock)};
    });
  }

  test('runs dbt build, then the gate on both tables, and prints what the page shows', async () => {
    const fake = gateAccount(PASSES);
    const {result, dbtLog, problems} = await runScript(fake, 0);
    expect(problems).toEqual([]);
    expect(dbtLog).toBe('build --target prod\n');
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout.trim().endsWith(pageBlock(DBT, 'Output of a passing run').trim())).toBe(true);
  });

  test('a failing dbt build stops the script with its status before Vigil is called', async () => {
    const fake = gateAccount(PASSES);
    const {result, dbtLog} = await runScript(fake, 1);
    expect(dbtLog).toBe('build --target prod\n');
    expect(result.code).toBe(1);
    expect(fake.calls).toEqual([]);
  });

  test('a score below the threshold fails the script with status 1', async () => {
    const fake = gateAccount(LOW_SCORE);
    const {result} = await runScript(fake, 0);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('ANALYTICS.PUBLIC.ORDERS (ds_4n7q1x8z): quality score 84.2 is below 90');
  });
});

/** The account the Dry run section of configuration-as-code.md describes. */
function configAccount(): FakeVigil {
  const fake = new FakeVigil();
  fake.add(fake.datasets, dataset('ds_4n7q1x8z', 'ANALYTICS.PUBLIC.ORDERS', 91.1));
  fake.add(
    fake.rules,
    ruleTask({
      id: 'rt_1h8j4k7m',
      dataset_id: 'ds_4n7q1x8z',
      name: 'Order amount is not negative',
      rule_type: 'sql_predicate',
      expression: 'amount >= 0',
      column: 'amount',
      severity: 'critical',
    }),
    ruleTask({
      id: 'rt_4d8k2w6x',
      dataset_id: 'ds_4n7q1x8z',
      name: 'Every order has a known customer',
      rule_type: 'referential',
      expression: 'ANALYTICS.PUBLIC.CUSTOMERS.CUSTOMER_ID',
      column: 'customer_id',
      severity: 'critical',
    }),
  );
  fake.add(
    fake.jobs,
    job({
      id: 'job_3t8v1q6z',
      name: 'finance-nightly',
      schedule: '30 2 * * *',
      task_ids: ['pt_2n6m9k4c'],
      dataset_ids: ['ds_9k3m7p2x'],
      status: 'active',
    }),
    job({
      id: 'job_7p2m4x9k',
      name: 'orders-hourly',
      task_ids: ['pt_6c2v9d3r', 'rt_1h8j4k7m', 'qt_9x2p5w3n'],
      dataset_ids: ['ds_4n7q1x8z'],
      status: 'active',
    }),
  );
  return fake;
}

test.describe('vigil_apply.py (docs/pipelines/configuration-as-code.md)', () => {
  const [dryRun, apply] = shellBlocks(CONFIG);
  const files = () => ({'vigil_gate.py': GATE, 'vigil_apply.py': APPLY, 'vigil/orders.yaml': ORDERS_YAML});

  test('the page shows the dry run, then the apply', () => {
    expect(shellBlocks(CONFIG)).toEqual(['python3 vigil_apply.py --dry-run vigil/', 'python3 vigil_apply.py vigil/']);
  });

  test('the dry run prints the difference the page shows and sends no write', async () => {
    const fake = configAccount();
    await withMock(fake, async (mock) => {
      const dir = recipeDir(files());
      const result = await shell(dryRun, dir, recipeEnv(dir, mock.port));
      expect(rejected(mock)).toEqual([]);
      expect(result.code, result.stdout).toBe(0);
      expect(fake.writes()).toEqual([]);
      expect(result.stdout).toMatch(/^~ rule 'Order amount is not negative' \(rt_1h8j4k7m\): change$/m);
      expect(result.stdout).toMatch(/^\+ rule 'Country code is ISO 3166 alpha-2': create$/m);
      expect(result.stdout).toMatch(/^\+ contract 'Orders for finance reporting': create$/m);
      expect(result.stdout).toMatch(/^~ job 'orders-hourly' \(job_7p2m4x9k\): change$/m);
      expect(terminal(result)).toBe(pageBlock(CONFIG, 'Dry-run output').trim());
    });
  });

  test('the apply creates and changes what the dry run printed; a second apply sends nothing', async () => {
    const fake = configAccount();
    await withMock(fake, async (mock) => {
      const dir = recipeDir(files());
      const first = await shell(apply, dir, recipeEnv(dir, mock.port));
      expect(rejected(mock)).toEqual([]);
      expect(first.code, first.stdout).toBe(0);
      expect(terminal(first)).toBe(pageBlock(CONFIG, 'Apply output').trim());
      expect(fake.writes().map((call) => `${call.method} ${call.operationId}`)).toEqual([
        'PATCH updateRuleTask',
        'POST createRuleTask',
        'POST createDataContract',
        'PATCH updateJob',
      ]);
      const created = [...fake.rules.values()].find((rule) => rule.name === 'Country code is ISO 3166 alpha-2')!;
      const contract = [...fake.contracts.values()][0];
      expect(contract.rules).toEqual([{rule_task_id: 'rt_1h8j4k7m'}, {rule_task_id: created.id}]);
      expect(contract.status).toBe('draft');
      expect(fake.jobs.get('job_7p2m4x9k')?.task_ids).toEqual([
        'pt_6c2v9d3r',
        'rt_1h8j4k7m',
        created.id,
        'qt_9x2p5w3n',
      ]);
      expect(fake.rules.get('rt_1h8j4k7m')?.expression).toBe("amount >= 0 AND currency IN ('EUR', 'USD', 'GBP')");

      const writes = fake.writes().length;
      const second = await shell(apply, dir, recipeEnv(dir, mock.port));
      expect(second.code, second.stdout).toBe(0);
      expect(fake.writes()).toHaveLength(writes);
      expect(second.stdout.split('\n').filter((line) => /^[+~=] /.test(line))).toEqual([
        `= rule 'Order amount is not negative' (rt_1h8j4k7m): unchanged`,
        `= rule 'Country code is ISO 3166 alpha-2' (${String(created.id)}): unchanged`,
        `= contract 'Orders for finance reporting' (${String(contract.id)}): unchanged`,
        `= job 'orders-hourly' (job_7p2m4x9k): unchanged`,
      ]);
      expect(second.stdout).toContain('Applied: 0 created, 0 changed, 4 unchanged.');
    });
  });

  test('lists are read page by page, following next_cursor', async () => {
    const fake = configAccount();
    fake.pageSize = 1;
    await withMock(fake, async (mock) => {
      const dir = recipeDir(files());
      const result = await shell(dryRun, dir, recipeEnv(dir, mock.port));
      expect(rejected(mock)).toEqual([]);
      expect(terminal(result)).toBe(pageBlock(CONFIG, 'Dry-run output').trim());
      expect(fake.calls.filter((call) => call.operationId === 'listJobs').map((call) => call.query)).toEqual([
        'limit=200',
        'limit=200&cursor=o1',
      ]);
    });
  });

  test('a misspelled field fails the dry run before any request', async () => {
    const fake = configAccount();
    await withMock(fake, async (mock) => {
      const dir = recipeDir({
        ...files(),
        'vigil/orders.yaml': ORDERS_YAML.replace('severity: warning', 'severty: warning'),
      });
      const result = await shell(dryRun, dir, recipeEnv(dir, mock.port));
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(
        "error: vigil/orders.yaml: rules entry 'Country code is ISO 3166 alpha-2' has unknown fields ['severty']",
      );
      expect(fake.calls).toEqual([]);
    });
  });

  test('a change of a field fixed at creation is refused, and nothing is written', async () => {
    const fake = configAccount();
    fake.rules.get('rt_1h8j4k7m')!.rule_type = 'threshold';
    await withMock(fake, async (mock) => {
      const dir = recipeDir(files());
      const result = await shell(apply, dir, recipeEnv(dir, mock.port));
      expect(result.code).toBe(1);
      expect(result.stdout).toContain('rule_type cannot change, threshold -> sql_predicate');
      expect(fake.writes()).toEqual([]);
    });
  });

  // EMR jobs (issue 44, row 5): compute_config.external_id is read-only in the OpenAPI file (Vigil generates it
  // when it creates the job and returns it in every answer), so the script must neither compare nor send it.
  const EMR_YAML = [
    'jobs:',
    '  - name: orders-hourly-emr',
    '    mode: batch',
    '    schedule: "0 * * * *"',
    '    task_ids: [pt_6c2v9d3r, rt_1h8j4k7m, qt_9x2p5w3n]',
    '    dataset_ids: [ds_4n7q1x8z]',
    '    compute: emr_serverless',
    '    compute_config:',
    '      region: eu-central-1',
    '      application_id: "00fkq7ex1c2v3b09"',
    '      role_arn: arn:aws:iam::111122223333:role/vigil-emr',
    '      execution_role_arn: arn:aws:iam::111122223333:role/vigil-emr-serverless-runtime',
    '      staging_uri: s3://acme-vigil-staging/vigil/',
    '    status: paused',
    '',
  ].join('\n');
  /** The EMR job of docs/product/deployment.md, as getJob answers it once created. */
  function emrJob(): Record<string, unknown> {
    const [entry] = (yaml.load(EMR_YAML) as {jobs: Array<Record<string, unknown>>}).jobs;
    return job({
      ...entry,
      id: 'job_5m8q2v7c',
      compute_config: {external_id: EMR_EXTERNAL_ID, ...(entry.compute_config as object)},
    });
  }
  const emrLines = (output: string) => output.split('\n').filter((line) => line.includes("job 'orders-hourly-emr'"));

  test('an EMR job the apply created: a second dry run prints no change and a second apply sends no write', async () => {
    const fake = configAccount();
    await withMock(fake, async (mock) => {
      const dir = recipeDir({...files(), 'vigil/emr.yaml': EMR_YAML});
      const first = await shell(apply, dir, recipeEnv(dir, mock.port));
      expect(rejected(mock)).toEqual([]);
      expect(first.code, first.stdout).toBe(0);
      const created = [...fake.jobs.values()].find((candidate) => candidate.name === 'orders-hourly-emr')!;
      expect((created.compute_config as {external_id: string}).external_id).toBe(EMR_EXTERNAL_ID);
      const writes = fake.writes().length;

      const dryRunAgain = await shell(dryRun, dir, recipeEnv(dir, mock.port));
      expect(dryRunAgain.code, dryRunAgain.stdout).toBe(0);
      expect(emrLines(dryRunAgain.stdout)).toEqual([`= job 'orders-hourly-emr' (${String(created.id)}): unchanged`]);
      expect(dryRunAgain.stdout).toContain('Plan: 0 to create, 0 to change, 5 unchanged.');
      const applyAgain = await shell(apply, dir, recipeEnv(dir, mock.port));
      expect(applyAgain.code, applyAgain.stdout).toBe(0);
      expect(applyAgain.stdout).toContain('Applied: 0 created, 0 changed, 5 unchanged.');
      expect(fake.writes()).toHaveLength(writes);
    });
  });

  test('an EMR job made in the app: the dry run and the apply leave it unchanged; a real change sends no external ID', async () => {
    const fake = configAccount();
    fake.add(fake.jobs, emrJob());
    await withMock(fake, async (mock) => {
      const dir = recipeDir({'vigil_gate.py': GATE, 'vigil_apply.py': APPLY, 'vigil/emr.yaml': EMR_YAML});
      const planned = await shell(dryRun, dir, recipeEnv(dir, mock.port));
      expect(rejected(mock)).toEqual([]);
      expect(emrLines(planned.stdout)).toEqual([`= job 'orders-hourly-emr' (job_5m8q2v7c): unchanged`]);
      const applied = await shell(apply, dir, recipeEnv(dir, mock.port));
      expect(applied.code, applied.stdout).toBe(0);
      expect(fake.writes()).toEqual([]);

      // A change of another part of compute_config is sent, without the external ID, which Vigil keeps.
      const moved = EMR_YAML.replace('s3://acme-vigil-staging/vigil/', 's3://acme-vigil-staging/vigil-v2/');
      const changedDir = recipeDir({'vigil_gate.py': GATE, 'vigil_apply.py': APPLY, 'vigil/emr.yaml': moved});
      const changed = await shell(apply, changedDir, recipeEnv(changedDir, mock.port));
      expect(rejected(mock)).toEqual([]);
      expect(changed.code, changed.stdout).toBe(0);
      expect(changed.stdout).not.toContain(EMR_EXTERNAL_ID);
      const [patch] = fake.writes();
      expect(patch.operationId).toBe('updateJob');
      expect(JSON.stringify(patch.body)).not.toContain('external_id');
      expect(fake.jobs.get('job_5m8q2v7c')?.compute_config).toMatchObject({
        external_id: EMR_EXTERNAL_ID,
        staging_uri: 's3://acme-vigil-staging/vigil-v2/',
      });
    });
  });

  test('a file that sets a read-only field fails before any request', async () => {
    const fake = configAccount();
    await withMock(fake, async (mock) => {
      const withId = EMR_YAML.replace('      region:', `      external_id: ${EMR_EXTERNAL_ID}\n      region:`);
      const dir = recipeDir({'vigil_gate.py': GATE, 'vigil_apply.py': APPLY, 'vigil/emr.yaml': withId});
      const result = await shell(dryRun, dir, recipeEnv(dir, mock.port));
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(
        "error: vigil/emr.yaml: jobs entry 'orders-hourly-emr' has read-only fields ['compute_config.external_id']",
      );
      expect(fake.calls).toEqual([]);
    });
  });

  test('every read-only property the OpenAPI file has inside a field the script manages is in its READ_ONLY', async () => {
    const dir = recipeDir(files());
    const printed = await run(
      PYTHON,
      ['-c', 'import json, vigil_apply as a; print(json.dumps({"kinds": a.KINDS, "read_only": a.READ_ONLY}))'],
      dir,
      recipeEnv(dir, 0),
    );
    expect(printed.stderr).toBe('');
    const script = JSON.parse(printed.stdout) as {
      kinds: Record<string, {fixed: string[]; fields: string[]}>;
      read_only: Record<string, Record<string, string[]>>;
    };
    const schemas = (spec.components as {schemas: Record<string, JsonObject>}).schemas;
    const resolve = (schema: JsonObject | undefined): JsonObject => deref(spec, schema) ?? {};
    /** The dotted paths of the read-only properties under a schema (objects, arrays, allOf/oneOf/anyOf). */
    function readOnlyPaths(schema: JsonObject, prefix: string): string[] {
      const node = resolve(schema);
      const parts = [
        node,
        ...(['allOf', 'oneOf', 'anyOf'] as const).flatMap((key) => (node[key] ?? []) as JsonObject[]),
      ];
      return parts.flatMap((part) => [
        ...Object.entries<JsonObject>(resolve(part).properties ?? {}).flatMap(([name, property]) => [
          ...(resolve(property).readOnly ? [`${prefix}.${name}`] : []),
          ...readOnlyPaths(property, `${prefix}.${name}`),
        ]),
        ...(resolve(part).items ? readOnlyPaths(resolve(part).items as JsonObject, `${prefix}[]`) : []),
      ]);
    }
    const schemaOf = {rules: 'RuleTask', contracts: 'DataContract', jobs: 'Job'} as const;
    expect(Object.keys(script.kinds).sort()).toEqual(Object.keys(schemaOf).sort());
    for (const [kind, {fixed, fields}] of Object.entries(script.kinds)) {
      const name = schemaOf[kind as keyof typeof schemaOf];
      const [entity, create] = [schemas[name], schemas[`${name}Create`]];
      for (const field of [...fixed, ...fields]) {
        const property = (entity.properties as Record<string, JsonObject>)[field];
        expect(property, `${kind}.${field} in the OpenAPI file`).toBeDefined();
        // A read-only field the script manages must be one that createJob and the like accept (a job's status).
        if (resolve(property).readOnly)
          expect(Object.keys(create.properties as object), `${kind}.${field}`).toContain(field);
        const nested = readOnlyPaths(property, field);
        const handled = (script.read_only[kind]?.[field] ?? []).map((key) => `${field}.${key}`);
        expect(nested.sort(), `read-only parts of ${kind}.${field}`).toEqual(handled.sort());
      }
    }
  });

  test("a job's status goes through setJobStatus, the other fields through updateJob", async () => {
    const fake = configAccount();
    await withMock(fake, async (mock) => {
      const yamlWithStatus = ORDERS_YAML.replace('    compute: vigil\n', '    compute: vigil\n    status: paused\n');
      expect(yamlWithStatus).not.toBe(ORDERS_YAML);
      const dir = recipeDir({...files(), 'vigil/orders.yaml': yamlWithStatus});
      const result = await shell(apply, dir, recipeEnv(dir, mock.port));
      expect(rejected(mock)).toEqual([]);
      expect(result.code, result.stdout).toBe(0);
      expect(
        fake
          .writes()
          .slice(-2)
          .map((call) => `${call.method} ${call.path}`),
      ).toEqual(['PATCH /jobs/job_7p2m4x9k', 'PUT /jobs/job_7p2m4x9k/status']);
      expect(fake.jobs.get('job_7p2m4x9k')?.status).toBe('paused');
    });
  });
});

test.describe('the GitHub Actions workflow (docs/pipelines/github-actions.md)', () => {
  type Step = {name?: string; run?: string; uses?: string; env?: Record<string, string>};
  type Job = {if: string; environment?: string; steps: Step[]};
  type Workflow = {
    on: {pull_request: {paths: string[]}; push: {branches: string[]; paths: string[]}};
    concurrency: {group: string};
    env: Record<string, string>;
    jobs: {plan: Job; apply: Job};
  };
  const workflow = yaml.load(pageBlock(GITHUB, '.github/workflows/vigil.yml')) as Workflow;
  const {plan, apply} = workflow.jobs;
  const step = (job: Job, name: string) => job.steps.find((candidate) => candidate.name === name)!;
  const layout = () => ({
    'ci/vigil_gate.py': GATE,
    'ci/vigil_apply.py': APPLY,
    'vigil/orders.yaml': ORDERS_YAML,
  });

  test('parses, runs on pull requests and on pushes to main, and its run steps are the commands of the pages', () => {
    expect(workflow.on.push.branches).toEqual(['main']);
    expect(workflow.on.pull_request.paths).toEqual(workflow.on.push.paths);
    expect(workflow.on.push.paths).toContain('vigil/**');
    expect(workflow.concurrency.group).toContain('${{ github.ref }}');
    expect(workflow.env).toEqual({VIGIL_INSTANCE: 'acme'});
    const runs = (job: Job) => job.steps.filter((candidate) => candidate.run).map((candidate) => candidate.run!.trim());
    expect(runs(plan)).toEqual(['pip install PyYAML==6.0.2', 'python ci/vigil_apply.py --dry-run vigil/']);
    expect(runs(apply)).toEqual(['pip install PyYAML==6.0.2', 'python ci/vigil_apply.py vigil/']);
    // The same commands as the Configuration as code page, with the scripts in ci/.
    const [dryRun, applyCommand] = shellBlocks(CONFIG).map((command) =>
      command.replace(/^python3 vigil_apply\.py/, 'python ci/vigil_apply.py'),
    );
    expect(step(plan, 'Dry run').run!.trim()).toBe(dryRun);
    expect(step(apply, 'Apply').run!.trim()).toBe(applyCommand);
    expect(plan.if).toBe("github.event_name == 'pull_request'");
    expect(apply.if).toBe("github.event_name == 'push'");
    // A viewer token from the repository's secrets for pull requests; the editor token only in the job
    // that references the environment whose branch rule allows main.
    expect(step(plan, 'Dry run').env).toEqual({VIGIL_TOKEN: '${{ secrets.VIGIL_VIEWER_TOKEN }}'});
    expect(plan.environment).toBeUndefined();
    expect(step(apply, 'Apply').env).toEqual({VIGIL_TOKEN: '${{ secrets.VIGIL_EDITOR_TOKEN }}'});
    expect(apply.environment).toBe('vigil-production');
  });

  test('on a pull request the Dry run step prints the plan and sends no write; on main the Apply step applies it', async () => {
    const fake = configAccount();
    await withMock(fake, async (mock) => {
      const dir = recipeDir(layout());
      const env = recipeEnv(dir, mock.port, workflow.env);
      const planned = await shell(step(plan, 'Dry run').run!, dir, env);
      expect(rejected(mock)).toEqual([]);
      expect(planned.code, planned.stdout).toBe(0);
      expect(terminal(planned)).toBe(pageBlock(CONFIG, 'Dry-run output').trim());
      expect(fake.writes()).toEqual([]);

      const applied = await shell(step(apply, 'Apply').run!, dir, env);
      expect(applied.code, applied.stdout).toBe(0);
      expect(terminal(applied)).toBe(pageBlock(CONFIG, 'Apply output').trim());
      expect(fake.writes()).toHaveLength(4);
    });
  });
});

test.describe('the mock answers scenarios only as the API can', () => {
  async function ask(answer: ScenarioAnswer, url: string) {
    const mock = await startApiMock(spec, {scenario: () => answer});
    try {
      const response = await fetch(`http://127.0.0.1:${mock.port}${url}`, {
        headers: {authorization: 'Bearer token'},
      });
      return {status: response.status, call: mock.calls[0]};
    } finally {
      await mock.close();
    }
  }

  test('a body against the response schema is refused with 500 and named', async () => {
    const {status, call} = await ask({status: 200, body: {id: 'ds_4n7q1x8z'}}, '/api/v1/datasets/ds_4n7q1x8z');
    expect(status).toBe(500);
    expect(call.errors.join('\n')).toMatch(/scenario answer: getDataset 200 body \/ must have required property/);
  });

  test('a status the operation does not document is refused', async () => {
    const {status, call} = await ask({status: 503}, '/api/v1/datasets/ds_4n7q1x8z');
    expect(status).toBe(500);
    expect(call.errors.join('\n')).toMatch(/503 is not a documented response of getDataset/);
  });

  test('a header the response does not document, or an invalid Retry-After, is refused', async () => {
    const rateLimited = {
      type: 'https://vigil.example/problems/rate-limited',
      title: 'Too many requests',
      status: 429,
      detail: 'Retry after 1 seconds.',
      instance: '/api/v1/datasets/ds_4n7q1x8z',
    };
    const undocumented = await ask(
      {status: 200, body: dataset('ds_4n7q1x8z', 'ANALYTICS.PUBLIC.ORDERS', 90), headers: {'Retry-After': '1'}},
      '/api/v1/datasets/ds_4n7q1x8z',
    );
    expect(undocumented.call.errors.join('\n')).toMatch(/getDataset 200 does not document the header Retry-After/);
    const invalid = await ask(
      {status: 429, body: rateLimited, headers: {'Retry-After': '0'}},
      '/api/v1/datasets/ds_4n7q1x8z',
    );
    expect(invalid.call.errors.join('\n')).toMatch(/header parameter Retry-After="0"/);
    const valid = await ask(
      {status: 429, body: rateLimited, headers: {'Retry-After': '1'}},
      '/api/v1/datasets/ds_4n7q1x8z',
    );
    expect(valid.status).toBe(429);
    expect(valid.call.errors).toEqual([]);
  });

  test('requests are validated before the scenario is asked', async () => {
    let asked = 0;
    const mock = await startApiMock(spec, {
      scenario: () => {
        asked += 1;
        return undefined;
      },
    });
    try {
      const response = await fetch(`http://127.0.0.1:${mock.port}/api/v1/jobs?limti=5`, {
        headers: {authorization: 'Bearer token'},
      });
      expect(response.status).toBe(400);
      expect(asked).toBe(0);
    } finally {
      await mock.close();
    }
  });
});

test('no code block of the section holds an API token: every recipe reads it from the environment or a secret store', () => {
  for (const page of markdownFiles('docs/pipelines')) {
    for (const block of codeBlocks(page.body)) {
      expect(block.code, `${page.file}:${block.line}`).not.toMatch(/VIGIL_TOKEN\s*[:=]\s*["']?(?!\$)[\w-]{8,}/);
      expect(block.code, `${page.file}:${block.line}`).not.toMatch(/token\s*=\s*["'][\w-]{8,}["']/);
    }
  }
});
