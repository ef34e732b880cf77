import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {apiReferenceOptions} from '../../config/api-reference';
import {apiPagesOf, loadOpenApiDescription, pageMarkdown, pageModel, type JsonObject} from '../../src/openapi';
import {PAGE_FIELD_BUDGET} from '../../src/openapi/fields';
import {pageData, type PageRenderOptions} from '../../src/openapi/render-page';
import {OPENAPI_FIXTURES} from '../support/api-generator';
import {
  markdownFields,
  markdownSameFieldsLinks,
  pageAnchors,
  pageDataHtml,
  pageFields,
  sameFieldsLinks,
} from '../support/openapi-corpus';

/**
 * A page lists each schema once and links there after (src/openapi/fields.ts, PageSchemas), so that its size grows
 * with the schemas it has, not with how often its bodies use them: named schemas, schemas a dereferenced description
 * writes out again and again, alternatives nested in alternatives, and, on a page too large to list everything, the
 * schemas other operations return.
 */

const PAGES_URL = 'https://docs.example/docs/api/';
const RENDER: PageRenderOptions = {...apiReferenceOptions.render, apiPageHref: (id) => `/docs/api/${id}`};

/** Each page of a description as a reader gets it: its HTML (as the theme lays out its data) and its Markdown version. */
async function renderedPages(file: string, render = RENDER): Promise<Map<string, {html: string; markdown: string}>> {
  const spec = loadOpenApiDescription(file);
  const pages = new Map<string, {html: string; markdown: string}>();
  for (const operation of apiPagesOf(spec, file)) {
    const model = pageModel(spec, operation, file);
    pages.set(operation.slug, {
      html: pageDataHtml(pageData(model, render)),
      markdown: await pageMarkdown(model, {
        pageUrl: `${PAGES_URL}${operation.slug}`,
        apiBase: PAGES_URL,
        serverUrl: operation.server,
        origin: 'https://docs.example',
        baseUrl: '/docs/',
      }),
    });
  }
  return pages;
}

/** A description written for one test, as a JSON file in a scratch folder. */
function writtenDescription(description: JsonObject): {file: string; remove: () => void} {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-linearity-'));
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(description));
  return {file, remove: () => rmSync(dir, {recursive: true, force: true})};
}

for (const [fixture, what] of [
  ['shared-schema-once-per-page.yaml', 'a named schema'],
  ['shared-schema-dereferenced.yaml', 'the same schema written out three times (a dereferenced description)'],
]) {
  test(`${what}, used by the request body and two responses, is listed once on the page and linked after: ${fixture}`, async () => {
    const {html, markdown} = (await renderedPages(`${OPENAPI_FIXTURES}/${fixture}`)).get('replace-widget')!;
    // Widget's fields, nested ones included, once each: under the request body.
    for (const name of ['name', 'colour', 'dimensions', 'width_mm']) {
      expect(pageFields(html).filter((field) => field.name === name)).toHaveLength(1);
      expect(markdownFields(markdown).filter((field) => field.name === name)).toHaveLength(1);
    }
    expect(pageFields(html).find((field) => field.name === 'width_mm')?.id).toBe('request-body-dimensions-width-mm');
    // The 200 response is Widget, the 409 response's `current` field too: both link to the request body.
    expect(sameFieldsLinks(html)).toEqual([
      {section: 'response-200', href: '#request-body'},
      {section: 'response-409', href: '#request-body'},
    ]);
    expect(pageAnchors(html).has('request-body')).toBe(true);
    expect(markdown).toContain('- `current` (`object`, required): Same fields as [the request body]');
    expect(markdownSameFieldsLinks(markdown)).toEqual([
      {section: 'response-200', href: `${PAGES_URL}replace-widget#request-body`},
      {section: 'response-409', href: `${PAGES_URL}replace-widget#request-body`},
    ]);
  });
}

test('an alternative inside three others links to where the page lists it; where the page has it nowhere else, it is listed in place', async () => {
  const pages = await renderedPages(`${OPENAPI_FIXTURES}/nested-alternatives.yaml`);
  const level4 = 'response-200-next-level2-next-level3-next-level4';
  // Level2 and Level3, alternatives inside one and two others, are listed where they are met.
  const chainAndLeaf = pages.get('get-chain-and-leaf')!;
  const listed = pageFields(chainAndLeaf.html).map((field) => field.id);
  expect(listed).toContain('response-200-next-level2-next-level3-id');
  // Level4 is inside three: it links to the 202 response, which lists it.
  expect(listed.filter((id) => id?.startsWith(level4))).toEqual([]);
  expect(chainAndLeaf.html).toMatch(
    new RegExp(`<details id="${level4}"><summary>Level4</summary><p>Same fields as <a href="#response-202">`),
  );
  expect(listed).toContain('response-202-depth-reached');
  expect(markdownSameFieldsLinks(chainAndLeaf.markdown)).toEqual([
    {section: 'response-200', href: `${PAGES_URL}get-chain-and-leaf#response-202`},
  ]);
  // getChain has Level4 only there: its fields are listed in place, no link leads nowhere.
  const chain = pages.get('get-chain')!;
  expect(pageFields(chain.html).map((field) => field.id)).toContain(`${level4}-depth-reached`);
  expect(sameFieldsLinks(chain.html)).toEqual([]);
  expect(markdownFields(chain.markdown).filter((field) => field.name === 'depth_reached')).toHaveLength(1);
});

/** An object of `count` string properties `prefix_0`…, each with a description, as Stripe's objects have. */
function objectOf(prefix: string, count: number): JsonObject {
  return {
    type: 'object',
    properties: Object.fromEntries(
      Array.from({length: count}, (_, index) => [
        `${prefix}_${index}`,
        {type: 'string', description: `The ${prefix} number ${index} of the record.`},
      ]),
    ),
  };
}

test('each further use of a schema adds a link to a page, not a listing: N and 2N uses of one inline schema', async () => {
  // A dereferenced description: one response whose `uses` fields each hold the same 30-field object, written out.
  const sizes = async (uses: number) => {
    const {file, remove} = writtenDescription({
      openapi: '3.1.0',
      info: {title: 'Repetition', version: '1'},
      paths: {
        '/records': {
          get: {
            operationId: 'listRecords',
            responses: {
              '200': {
                description: 'The records.',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: Object.fromEntries(
                        Array.from({length: uses}, (_, index) => [`use_${index}`, objectOf('detail', 30)]),
                      ),
                    },
                  },
                },
              },
            },
          },
        },
      },
    });
    try {
      const {html, markdown} = (await renderedPages(file)).get('list-records')!;
      // The example (one value per field) grows with the fields of every use, by design: the fields are measured.
      const fields = (text: string) => text.replace(/<details><summary>Example[\s\S]*?<\/details>/g, '');
      return {html: fields(html).length, markdown: markdown.slice(0, markdown.indexOf('## Request samples')).length};
    } finally {
      remove();
    }
  };
  const [none, one, many, twiceAsMany] = await Promise.all([0, 1, 20, 40].map(sizes));
  for (const rendering of ['html', 'markdown'] as const) {
    const listing = one[rendering] - none[rendering];
    const perUse = (twiceAsMany[rendering] - many[rendering]) / 20;
    expect(perUse, `${rendering}: bytes a further use adds, against ${listing} for the listing`).toBeLessThan(
      listing / 5,
    );
  }
});

test(`a page that would list more than ${PAGE_FIELD_BUDGET} fields links a schema another operation returns to that operation's page`, async () => {
  const {file, remove} = writtenDescription({
    openapi: '3.0.3',
    info: {title: 'Budget', version: '1'},
    paths: {
      '/owners/{owner_id}': {
        get: {
          operationId: 'getOwner',
          parameters: [{name: 'owner_id', in: 'path', required: true, schema: {type: 'string'}}],
          responses: {
            '200': {
              description: 'An owner.',
              content: {'application/json': {schema: {$ref: '#/components/schemas/Owner'}}},
            },
          },
        },
      },
      '/things/{thing_id}': {
        get: {
          operationId: 'getThing',
          parameters: [{name: 'thing_id', in: 'path', required: true, schema: {type: 'string'}}],
          responses: {
            '200': {
              description: 'A thing.',
              content: {'application/json': {schema: {$ref: '#/components/schemas/Thing'}}},
            },
          },
        },
      },
      '/things/{thing_id}/card': {
        get: {
          operationId: 'getThingCard',
          parameters: [{name: 'thing_id', in: 'path', required: true, schema: {type: 'string'}}],
          responses: {
            '200': {
              description: 'A short card of a thing.',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {title: {type: 'string'}, owner: {$ref: '#/components/schemas/Owner'}},
                  },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Owner: objectOf('owner', 10),
        // Thing lists more than the budget: its `owner` is Owner, the body of getOwner.
        Thing: {
          type: 'object',
          properties: {
            owner: {$ref: '#/components/schemas/Owner'},
            specification: {$ref: '#/components/schemas/Specification'},
          },
        },
        Specification: objectOf('spec', PAGE_FIELD_BUDGET),
      },
    },
  });
  try {
    const pages = await renderedPages(file);
    const thing = pages.get('get-thing')!;
    expect(sameFieldsLinks(thing.html)).toEqual([{section: 'response-200', href: '/docs/api/get-owner#response-200'}]);
    expect(pageFields(thing.html).filter((field) => field.name.startsWith('owner_'))).toEqual([]);
    expect(markdownSameFieldsLinks(thing.markdown)).toEqual([
      {section: 'response-200', href: `${PAGES_URL}get-owner#response-200`},
    ]);
    expect(thing.markdown).toContain('Same fields as [the 200 response of getOwner]');
    // The page it links to lists Owner under that anchor.
    const owner = pages.get('get-owner')!;
    expect(pageAnchors(owner.html).has('response-200')).toBe(true);
    expect(pageFields(owner.html).map((field) => field.id)).toContain('response-200-owner-9');
    // A page within the budget lists Owner in place.
    expect(pageFields(pages.get('get-thing-card')!.html).map((field) => field.id)).toContain(
      'response-200-owner-owner-9',
    );
    // Where the site gives no path of its pages, the link is its text: never an anchor of the wrong page.
    const {apiPageHref, ...withoutPaths} = RENDER;
    expect(apiPageHref).toBeDefined();
    const textOnly = (await renderedPages(file, withoutPaths)).get('get-thing')!;
    expect(sameFieldsLinks(textOnly.html)).toEqual([]);
    expect(textOnly.html).toContain('Same fields as the 200 response of getOwner.');
  } finally {
    remove();
  }
});
