import {readFileSync} from 'node:fs';
import {expect, test} from '@playwright/test';

type Lock = {packages: Record<string, {version?: string}>};
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lock;
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function installed(name: string): string[] {
  return Object.entries(lock.packages)
    .filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`))
    .map(([path, entry]) => `${path}@${entry.version}`);
}

test('every @docusaurus package resolves to exactly 3.7.0', () => {
  const docusaurus = Object.entries(lock.packages).filter(([path]) => /(^|\/)node_modules\/@docusaurus\/[^/]+$/.test(path));
  expect(docusaurus.length).toBeGreaterThan(20);
  const wrong = docusaurus
    .filter(([path, entry]) => entry.version !== '3.7.0' && !path.endsWith('@docusaurus/react-loadable'))
    .map(([path, entry]) => `${path}@${entry.version}`);
  expect(wrong).toEqual([]);
});

test('react and react-dom resolve to exactly 18.3.1, once', () => {
  expect(installed('react')).toEqual(['node_modules/react@18.3.1']);
  expect(installed('react-dom')).toEqual(['node_modules/react-dom@18.3.1']);
});

test('direct dependencies on Docusaurus and React are pinned exactly', () => {
  const all = {...manifest.dependencies, ...manifest.devDependencies};
  for (const [name, range] of Object.entries(all)) {
    if (name.startsWith('@docusaurus/')) expect(range, name).toBe('3.7.0');
  }
  expect(all.react).toBe('18.3.1');
  expect(all['react-dom']).toBe('18.3.1');
});

test('webpack stays below 5.106, which breaks the Docusaurus 3.7 progress bar', () => {
  for (const entry of installed('webpack')) {
    expect(entry).toMatch(/@5\.105\.\d+$/);
  }
});
