/**
 * Runs the request samples of src/openapi/request-samples.ts against the request-validating mock of the OpenAPI
 * file (tests/support/curl-examples.ts), each sample text unchanged:
 * - curl with bash and the docs' reader environment, through the curl function that sends Vigil URLs to the mock;
 * - Python with requests, in one python3 process, over HTTPS: HTTPS_PROXY points at a proxy of this file that
 *   answers CONNECT with TLS (a certificate for *.vigil.example made for the run) and passes each request to the
 *   mock, naming the sample;
 * - JavaScript in one node process, `fetch` sending Vigil URLs to the mock as the curl function does;
 * - Ruby with net/http, in one ruby process, over HTTPS through the same proxy as Python (`http_proxy`: Net::HTTP
 *   tunnels HTTPS through it with CONNECT).
 * Each sample runs with VIGIL_INSTANCE set to its own name (`sample-3`), so the host of its request names it.
 */
import {execFile, execFileSync, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import http from 'node:http';
import type {AddressInfo, Socket} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import {selfSignedCertificateArgs} from './certificates';
import {type ApiMock, type MockCall, READER_ENV, readerShellEnv, runBash} from './curl-examples';
import {scratchFolder} from './scratch';

export const SAMPLE_FIXTURES = 'tests/fixtures/request-samples';

/** One sample text to run, for one operation. */
export type SampleCase = {key: string; operationId: string; code: string};

export type SampleRun = {
  calls: MockCall[];
  /** Empty when the sample sent one request, for its own operation, answered 2xx, and ran to its end. */
  problems: string[];
};

/** Problems of one sample's run: its calls, and what the runner said about it. */
function judge(sample: SampleCase, calls: MockCall[], ran: string | undefined): string[] {
  const where = `${sample.key} (${sample.operationId})`;
  const problems: string[] = [];
  for (const call of calls) {
    if (call.status < 200 || call.status > 299)
      problems.push(`${where}: ${call.method} ${call.url} -> ${call.status}: ${call.errors.join('; ')}`);
    else if (call.operationId !== sample.operationId)
      problems.push(
        `${where}: ${call.method} ${call.url} was answered as ${call.operationId}, not ${sample.operationId}`,
      );
  }
  if (calls.length === 0) problems.push(`${where}: never reached the mock (${ran ?? 'not run'})`);
  if (calls.length > 1) problems.push(`${where}: ${calls.length} requests instead of one`);
  if (ran !== undefined && ran !== 'ok' && calls.length > 0) problems.push(`${where}: ${ran}`);
  return problems;
}

let runs = 0;
const nextRun = (kind: string) => `${kind}${(runs += 1)}`;
const sampleName = (index: number) => `sample-${index + 1}`;

function results(samples: SampleCase[], mock: ApiMock, run: string, ran: Map<string, string>): Map<string, SampleRun> {
  return new Map(
    samples.map((sample, index) => {
      const name = sampleName(index);
      const calls = mock.calls.filter(
        (call) => call.run === run && (call.site === name || call.site.startsWith(`${name}.sh:`)),
      );
      return [sample.key, {calls, problems: judge(sample, calls, ran.get(name))}];
    }),
  );
}

/** Runs curl samples with bash: each a file of its own, sourced in turn by one bash. */
export async function runCurlSamples(
  samples: SampleCase[],
  mock: ApiMock,
  timeoutMs = 300_000,
): Promise<Map<string, SampleRun>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'request-samples-curl-'));
  const run = nextRun('curl');
  const lines = samples.map((sample, index) => {
    const name = sampleName(index);
    writeFileSync(path.join(dir, `${name}.sh`), `${sample.code}\n`);
    return `VIGIL_INSTANCE=${name}; source ./${name}.sh; echo "${name} exit $?" >&2`;
  });
  writeFileSync(path.join(dir, 'run.sh'), lines.join('\n'));
  const result = await runBash('run.sh', dir, readerShellEnv(dir, mock, run), timeoutMs);
  const notSent = readFileSync(path.join(dir, 'curl.log'), 'utf8').split('\n').filter(Boolean);
  rmSync(dir, {recursive: true, force: true});
  const ran = new Map<string, string>();
  samples.forEach((_sample, index) => {
    const name = sampleName(index);
    const exit = new RegExp(`^${name} exit (\\d+)$`, 'm').exec(result.stderr)?.[1];
    const errors = [
      ...notSent.filter((line) => line.startsWith(`${name}.sh:`)),
      ...result.stderr.split('\n').filter((line) => line.startsWith(`./${name}.sh:`)),
    ];
    ran.set(
      name,
      exit === undefined
        ? `not run${result.timedOut ? ': the run timed out' : ''}`
        : exit === '0' && errors.length === 0
          ? 'ok'
          : `bash exited ${exit} ${errors.join(' | ')}`.trim(),
    );
  });
  return results(samples, mock, run, ran);
}

/** The answer of a runner process: one `name<TAB>ok` or `name<TAB>error<TAB>why` line per sample. */
function runnerLines(stdout: string): Map<string, string> {
  return new Map(
    stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [name, status, ...why] = line.split('\t');
        return [name, status === 'ok' ? 'ok' : `${status}: ${why.join(' ')}`];
      }),
  );
}

function runProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeout: number,
): Promise<{stdout: string; stderr: string}> {
  return new Promise((resolve) => {
    execFile(command, args, {env, timeout, killSignal: 'SIGKILL', maxBuffer: 16 << 20}, (_error, stdout, stderr) =>
      resolve({stdout: String(stdout), stderr: String(stderr)}),
    );
  });
}

let made: {caFile: string; truststore: string; context: {key: Buffer; cert: Buffer}} | undefined;

/** A self-signed certificate for *.vigil.example, as PEM and as a Java trust store, made once per test process. */
function certificate() {
  if (!made) {
    const dir = scratchFolder('request-samples-tls-');
    const key = path.join(dir, 'key.pem');
    const caFile = path.join(dir, 'cert.pem');
    const truststore = path.join(dir, 'truststore.p12');
    execFileSync(
      'openssl',
      selfSignedCertificateArgs({
        keyFile: key,
        certFile: caFile,
        commonName: 'vigil.example',
        altNames: ['DNS:*.vigil.example'],
      }),
      {stdio: 'ignore'},
    );
    made = {caFile, truststore, context: {key: readFileSync(key), cert: readFileSync(caFile)}};
  }
  return made;
}

/** The certificate as a PKCS12 trust store for a JVM (`changeit`). */
function javaTruststore(): string {
  const {caFile, truststore} = certificate();
  if (!existsSync(truststore)) {
    execFileSync(
      'keytool',
      [
        '-importcert',
        '-noprompt',
        '-alias',
        'vigil-example',
        '-file',
        caFile,
        '-keystore',
        truststore,
        '-storetype',
        'PKCS12',
        '-storepass',
        'changeit',
      ],
      {stdio: 'ignore'},
    );
  }
  return truststore;
}

/**
 * An HTTPS proxy for the mock: answers CONNECT to any *.vigil.example:443 with TLS, under a certificate for
 * *.vigil.example made for the run (`caFile`), and passes each request to the mock with the headers the curl
 * function sends, the host's first label naming the sample. Other hosts are refused.
 */
export async function startTlsFront(mock: ApiMock, run: string) {
  const {caFile, context} = certificate();
  const refused: string[] = [];
  const hostOf = new WeakMap<Socket, string>();

  const front = http.createServer((request, reply) => {
    const host = hostOf.get(request.socket) ?? 'unknown';
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: mock.port,
        method: request.method,
        path: request.url,
        headers: {
          ...request.headers,
          'x-curl-example-site': `${run}/${host.split('.')[0]}`,
          'x-curl-example-origin': `https://${request.headers.host}`,
        },
      },
      (answer) => {
        reply.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(reply);
      },
    );
    request.pipe(upstream);
  });
  // A runner that cannot give each sample its own host names the sample of the next connections here.
  let current: string | undefined;
  const proxy = http.createServer((request, reply) => {
    const marker = /^\/__sample\/([\w-]+)$/.exec(String(request.url));
    if (marker) current = marker[1];
    reply.writeHead(marker ? 204 : 405);
    reply.end();
  });
  proxy.on('connect', (request: http.IncomingMessage, socket: Socket) => {
    const [host, port] = String(request.url).split(':');
    if (!host.endsWith('.vigil.example') || port !== '443') {
      refused.push(String(request.url));
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    const secure = new tls.TLSSocket(socket, {isServer: true, ...context});
    hostOf.set(secure, current ? `${current}.vigil.example` : host);
    front.emit('connection', secure);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    caFile,
    refused,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

/** python3 of this machine (its executable, for a run with another HOME), whether it has requests, or why not. */
export function python(): {executable?: string; requests: boolean; why: string} {
  const probe = spawnSync(
    'python3',
    ['-c', 'import sys; print(sys.executable); import requests; print(requests.__version__)'],
    {encoding: 'utf8'},
  );
  if (probe.error) return {requests: false, why: `python3 is not installed (${probe.error.message})`};
  const [executable, version] = probe.stdout.trim().split('\n');
  if (probe.status !== 0)
    return {
      executable,
      requests: false,
      why: `python3 has no requests module (${probe.stderr.trim().split('\n').pop()})`,
    };
  return {executable, requests: true, why: `${executable} with requests ${version}`};
}

function writeSamples(samples: SampleCase[], dir: string, extension: string): string[] {
  mkdirSync(dir, {recursive: true});
  return samples.map((sample, index) => {
    const file = path.join(dir, `${sampleName(index)}${extension}`);
    writeFileSync(file, `${sample.code}\n`);
    return file;
  });
}

/**
 * How a language's samples run in one process of its interpreter over HTTPS through startTlsFront: the runner
 * script of tests/fixtures/request-samples, and the environment that sends the requests through the front and
 * trusts its certificate.
 */
type TlsFrontRunner = {
  language: string;
  extension: string;
  command: string;
  script: string;
  frontEnv: (front: {url: string; caFile: string}) => Record<string, string>;
};

/** Runs `samples` with `runner`, each sample's text unchanged in a file of its own, and judges each run. */
async function runThroughTlsFront(
  runner: TlsFrontRunner,
  samples: SampleCase[],
  mock: ApiMock,
  timeoutMs: number,
): Promise<Map<string, SampleRun>> {
  const id = runner.language.toLowerCase();
  const dir = mkdtempSync(path.join(os.tmpdir(), `request-samples-${id}-`));
  const run = nextRun(id);
  const front = await startTlsFront(mock, run);
  try {
    const files = writeSamples(samples, dir, runner.extension);
    const env = {PATH: process.env.PATH, HOME: dir, LANG: 'C.UTF-8', ...READER_ENV, ...runner.frontEnv(front)};
    const {stdout, stderr} = await runProcess(
      runner.command,
      [path.resolve(SAMPLE_FIXTURES, runner.script), ...files],
      env,
      timeoutMs,
    );
    const ran = runnerLines(stdout);
    if (ran.size === 0) throw new Error(`the ${runner.language} runner reported nothing: ${stderr}`);
    return results(samples, mock, run, ran);
  } finally {
    await front.close();
    rmSync(dir, {recursive: true, force: true});
  }
}

/** Runs Python samples with requests over HTTPS through startTlsFront. */
export function runPythonSamples(
  executable: string,
  samples: SampleCase[],
  mock: ApiMock,
  timeoutMs = 300_000,
): Promise<Map<string, SampleRun>> {
  const runner: TlsFrontRunner = {
    language: 'Python',
    extension: '.py',
    command: executable,
    script: 'run_python_samples.py',
    frontEnv: (front) => ({HTTPS_PROXY: front.url, REQUESTS_CA_BUNDLE: front.caFile}),
  };
  return runThroughTlsFront(runner, samples, mock, timeoutMs);
}

/** ruby of this machine, or why not: the samples use only its standard library (net/http, json, uri). */
export function ruby(): {available: boolean; why: string} {
  const probe = spawnSync('ruby', ['--version'], {encoding: 'utf8'});
  if (probe.error) return {available: false, why: `ruby is not installed (${probe.error.message})`};
  return {available: true, why: probe.stdout.trim().split(' ').slice(0, 2).join(' ')};
}

/** Runs Ruby samples with net/http in one ruby process, over HTTPS through startTlsFront. */
export function runRubySamples(
  samples: SampleCase[],
  mock: ApiMock,
  timeoutMs = 300_000,
): Promise<Map<string, SampleRun>> {
  // Net::HTTP reads the proxy of http_proxy and tunnels HTTPS through it with CONNECT.
  const runner: TlsFrontRunner = {
    language: 'Ruby',
    extension: '.rb',
    command: 'ruby',
    script: 'run_ruby_samples.rb',
    frontEnv: (front) => ({http_proxy: front.url, SSL_CERT_FILE: front.caFile}),
  };
  return runThroughTlsFront(runner, samples, mock, timeoutMs);
}

/** Runs JavaScript samples in one node process, `fetch` sending Vigil URLs to the mock. */
export async function runJavaScriptSamples(
  samples: SampleCase[],
  mock: ApiMock,
  timeoutMs = 300_000,
): Promise<Map<string, SampleRun>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'request-samples-javascript-'));
  const run = nextRun('javascript');
  try {
    const files = writeSamples(samples, dir, '.js');
    const env = {PATH: process.env.PATH, HOME: dir, ...READER_ENV, CURL_EXAMPLES_RUN: run};
    const {stdout, stderr} = await runProcess(
      process.execPath,
      [path.resolve(SAMPLE_FIXTURES, 'run-javascript-samples.mjs'), String(mock.port), ...files],
      env,
      timeoutMs,
    );
    const ran = runnerLines(stdout);
    if (ran.size === 0) throw new Error(`the JavaScript runner reported nothing: ${stderr}`);
    return results(samples, mock, run, ran);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

/** `python3 -m py_compile` of every sample, in one process: the file names of those that do not compile, with why. */
export function pythonCompileErrors(executable: string, samples: SampleCase[]): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'request-samples-py-compile-'));
  try {
    const files = writeSamples(samples, dir, '.py');
    const script =
      'import py_compile, sys\nfor f in sys.argv[1:]:\n    try:\n        py_compile.compile(f, doraise=True)\n    except py_compile.PyCompileError as e:\n        print(f + "\\t" + str(e.msg).replace("\\n", " "))';
    const result = spawnSync(executable, ['-c', script, ...files], {encoding: 'utf8'});
    if (result.status !== 0) throw new Error(`py_compile did not run: ${result.stderr}`);
    return result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [file, why] = line.split('\t');
        return `${samples[files.indexOf(file)].key}: ${why}`;
      });
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

/**
 * The JDK and the OkHttp jars (OkHttp 4, Okio, the Kotlin standard library) from the local Maven repository
 * (`M2_REPO`, default ~/.m2/repository), or why the Java samples cannot be compiled and run here.
 */
export function javaToolchain(): {classpath?: string[]; why: string} {
  const javac = spawnSync('javac', ['-version'], {encoding: 'utf8'});
  if (javac.error || javac.status !== 0) return {why: 'no JDK (javac) on this machine'};
  const repository = process.env.M2_REPO ?? path.join(os.homedir(), '.m2', 'repository');
  const newest = (dir: string, pattern: RegExp) => {
    const versions = existsSync(dir) ? readdirSync(dir).filter((version) => pattern.test(version)) : [];
    const found = versions
      .sort((a, b) => a.localeCompare(b, 'en', {numeric: true}))
      .reverse()
      .map((version) => path.join(dir, version, `${path.basename(dir)}-${version}.jar`))
      .find((jar) => existsSync(jar));
    return found;
  };
  const jars = {
    'OkHttp 4': newest(path.join(repository, 'com/squareup/okhttp3/okhttp'), /^4\./),
    Okio: newest(path.join(repository, 'com/squareup/okio/okio-jvm'), /^3\./),
    'the Kotlin standard library': newest(
      path.join(repository, 'org/jetbrains/kotlin/kotlin-stdlib'),
      /^1\.[89]\.|^2\./,
    ),
  };
  const missing = Object.entries(jars)
    .filter(([, jar]) => !jar)
    .map(([name]) => name);
  if (missing.length > 0) return {why: `${missing.join(', ')} not in the Maven repository ${repository}`};
  const classpath = Object.values(jars) as string[];
  return {
    classpath,
    why: `${javac.stdout.trim() || javac.stderr.trim()} with ${classpath.map((jar) => path.basename(jar)).join(', ')}`,
  };
}

/**
 * Compiles the Java samples (each in a package of its own, the line `package sample_N;` added before the text)
 * with the driver, then runs those of `runKeys` in one JVM over HTTPS through startTlsFront (a JVM takes about
 * 0.2 s per sample here: the others are compiled only). A sample that does not compile is reported with javac's
 * first message about it.
 */
export async function runJavaSamples(
  classpath: string[],
  samples: SampleCase[],
  runKeys: Set<string>,
  mock: ApiMock,
  timeoutMs = 300_000,
): Promise<Map<string, SampleRun>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'request-samples-java-'));
  const run = nextRun('java');
  const front = await startTlsFront(mock, run);
  try {
    const sources = samples.map((sample, index) => {
      const pkg = sampleName(index).replace('-', '_');
      mkdirSync(path.join(dir, 'src', pkg), {recursive: true});
      const file = path.join(dir, 'src', pkg, 'Main.java');
      writeFileSync(file, `package ${pkg};\n${sample.code}\n`);
      return {name: sampleName(index), pkg, file};
    });
    const classes = path.join(dir, 'classes');
    const javac = spawnSync(
      'javac',
      [
        '-nowarn',
        '-encoding',
        'UTF-8',
        '-d',
        classes,
        '-cp',
        classpath.join(':'),
        path.resolve(SAMPLE_FIXTURES, 'RunJavaSamples.java'),
        ...sources.map((source) => source.file),
      ],
      {encoding: 'utf8'},
    );
    const ran = new Map<string, string>();
    for (const source of sources) {
      const error = javac.stderr.split('\n').find((line) => line.startsWith(`${source.file}:`));
      if (error) ran.set(source.name, `does not compile: ${error.slice(source.file.length + 1)}`);
    }
    if (javac.status !== 0 && ran.size === 0) throw new Error(`javac failed: ${javac.stderr}`);
    if (ran.size === 0) {
      const port = new URL(front.url).port;
      const env = {PATH: process.env.PATH, HOME: dir, ...READER_ENV};
      const chosen = sources.filter((_source, index) => runKeys.has(samples[index].key));
      const args = [
        `-Djavax.net.ssl.trustStore=${javaTruststore()}`,
        '-Djavax.net.ssl.trustStorePassword=changeit',
        '-cp',
        [classes, ...classpath].join(':'),
        'RunJavaSamples',
        port,
        ...chosen.map((source) => `${source.name}=${source.pkg}`),
      ];
      const {stdout, stderr} = await runProcess('java', args, env, timeoutMs);
      for (const [name, status] of runnerLines(stdout)) ran.set(name, status);
      if (ran.size === 0) throw new Error(`the Java runner reported nothing: ${stderr}`);
    }
    const all = results(samples, mock, run, ran);
    // Compiled, not run: only a compile error counts.
    samples.forEach((sample, index) => {
      if (!runKeys.has(sample.key))
        all.set(sample.key, {
          calls: [],
          problems: ran.has(sampleName(index))
            ? [`${sample.key} (${sample.operationId}): ${ran.get(sampleName(index))}`]
            : [],
        });
    });
    return all;
  } finally {
    await front.close();
    rmSync(dir, {recursive: true, force: true});
  }
}

/**
 * The syntax errors a checker reports on samples written to files (`gofmt -e`, `ruby -c`), one process per sample,
 * or undefined when the checker is not on this machine.
 */
export function syntaxErrors(
  command: string,
  args: string[],
  extension: string,
  samples: SampleCase[],
): string[] | undefined {
  const probe = spawnSync(command, ['--version'], {encoding: 'utf8'});
  if (probe.error) return undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'request-samples-syntax-'));
  try {
    return writeSamples(samples, dir, extension).flatMap((file, index) => {
      const result = spawnSync(command, [...args, file], {encoding: 'utf8'});
      return result.status === 0
        ? []
        : [`${samples[index].key}: ${(result.stderr || result.stdout).trim().split('\n')[0]}`];
    });
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
