import {spawn} from 'node:child_process';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

const SCRIPT = path.join(__dirname, '../../scripts/write-search-index.mjs');

/**
 * Writes the search index of the built site into `<build>/pagefind/` (`scripts/write-search-index.mjs`;
 * `tools/search-index.mjs` says what is indexed and how), from the build's routes. It runs as its own Node
 * process: Pagefind is an ES module only, and this configuration is loaded as CommonJS. A failure fails the build with the script's message.
 */
export function searchIndexPlugin(): Plugin {
  return {
    name: 'vigil-search-index',
    postBuild({outDir, routesPaths, siteConfig}) {
      return new Promise<void>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [SCRIPT, '--build', outDir, '--base-path', siteConfig.baseUrl, '--routes-from-stdin'],
          {
            stdio: ['pipe', 'inherit', 'pipe'],
          },
        );
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
        });
        child.on('error', reject);
        child.on('close', (code) =>
          code === 0
            ? resolve()
            : reject(new Error(`The search index was not written: ${stderr.trim() || `exit code ${code}`}`)),
        );
        child.stdin.end(JSON.stringify(routesPaths));
      });
    },
  };
}
