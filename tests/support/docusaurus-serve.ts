import {spawn} from 'node:child_process';
import {createServer, type AddressInfo} from 'node:net';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * `docusaurus serve` of build/ (the README's serve command), or of `dir`, on a free loopback port, whose answers
 * are the reference for the production server's URLs. It sends no Content-Security-Policy. Resolves once /docs/
 * answers.
 */
export async function startDocusaurusServe(dir = 'build'): Promise<{url: string; stop: () => Promise<void>}> {
  const port = await freePort();
  const child = spawn(
    'node_modules/.bin/docusaurus',
    ['serve', '--dir', dir, '--port', String(port), '--host', '127.0.0.1', '--no-open'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {...process.env, NO_UPDATE_NOTIFIER: '1'},
    },
  );
  const errors: string[] = [];
  child.stderr.on('data', (chunk) => errors.push(String(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`docusaurus serve exited on start:\n${errors.join('')}`);
    const answered = await fetch(`${url}/docs/`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return {url, stop};
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`docusaurus serve did not answer ${url}/docs/ within 30 s:\n${errors.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
