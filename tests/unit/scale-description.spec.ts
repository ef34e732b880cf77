// The description `npm run bench -- --scale` builds (tools/scale-description.mjs): as many operations as asked,
// made of the corpus's own, each with its page, and a description the site's loader accepts as it is.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {apiPagesOf, loadOpenApiDescription} from '../../src/openapi';
import {scaleDescription} from '../../tools/scale-description.mjs';
import {generateApiDocs} from '../support/api-generator';

test('a description of N operations made of the corpus: N operation pages, webhooks, many tags, nested and alternative schemas', () => {
  test.setTimeout(120_000);
  const operations = 40;
  const description = scaleDescription(operations);
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-scale-'));
  try {
    const file = path.join(dir, 'scale.json');
    writeFileSync(file, JSON.stringify(description));
    const generated = generateApiDocs(file);
    expect(generated.status, generated.output.slice(-2000)).toBe(0);
    const pages = generated.build!.pages;
    expect(pages.filter((page) => page.kind === 'operation')).toHaveLength(operations);
    expect(pages.filter((page) => page.kind === 'webhook').length).toBeGreaterThan(10);
    const json = JSON.stringify(description.components.schemas);
    expect(json).toMatch(/"anyOf":/);
    expect(json).toMatch(/"properties":\{[^}]*"type":"object","properties"/);
    // At bench sizes, every source is copied in rounds: each copy under its own path and operationId, each round
    // with tags of its own.
    const large = 2_500;
    const doubled = scaleDescription(large);
    const ids = Object.values<Record<string, {operationId: string}>>(doubled.paths).flatMap((item) =>
      Object.values(item)
        .filter((entry) => entry && typeof entry === 'object' && 'operationId' in entry)
        .map((entry) => entry.operationId),
    );
    expect(ids).toHaveLength(large);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doubled.tags.length).toBeGreaterThan(100);
    // The site's loader takes it as it is: every reference resolves, every operationId is unique.
    const largeFile = path.join(dir, 'large.json');
    writeFileSync(largeFile, JSON.stringify(doubled));
    expect(
      apiPagesOf(loadOpenApiDescription(largeFile), largeFile).filter((page) => page.kind === 'operation'),
    ).toHaveLength(large);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
