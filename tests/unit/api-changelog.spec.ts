// The API changelog (src/plugins/api-reference/changelog) from a scratch git repository whose description gains an operation,
// loses a required response property and narrows a request enum: three dated entries, two of them breaking, grouped
// by version and linked to the anchors of today's pages; the same repository cloned shallow and copied without git;
// and its Atom feed, checked as RFC 4287 asks.
import {execFileSync} from 'node:child_process';
import {cpSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import yaml from 'js-yaml';
import type {JsonObject} from '../../src/openapi';
import type {ApiBuild} from '../../src/plugins/api-reference/build';
import {atomFeed, type ApiChangelog} from '../../src/plugins/api-reference/changelog';
import {changeWords, wordsText} from '../../src/plugins/api-reference/changelog/model';
import {generateApiDocs} from '../support/api-generator';
import {atomProblems} from '../support/atom';

/** A value whose characters XML, HTML and Markdown treat as syntax: it must come out as text everywhere. */
const HOSTILE_VALUE = 'bird <script>alert(1)</script> & `x`';

function description(version: string, change: (spec: JsonObject) => void = () => {}): JsonObject {
  const pet = {
    type: 'object',
    required: ['id', 'name'],
    properties: {id: {type: 'string'}, name: {type: 'string'}, kind: {type: 'string'}},
  };
  const spec: JsonObject = {
    openapi: '3.1.0',
    info: {title: 'Pets API', version},
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          summary: 'List pets',
          responses: {
            '200': {
              description: 'The pets.',
              content: {'application/json': {schema: {$ref: '#/components/schemas/Pet'}}},
            },
          },
        },
        post: {
          operationId: 'createPet',
          summary: 'Create a pet',
          requestBody: {
            content: {'application/json': {schema: {$ref: '#/components/schemas/PetCreate'}}},
          },
          responses: {'201': {description: 'Created.'}},
        },
      },
    },
    components: {
      schemas: {
        Pet: pet,
        PetCreate: {
          type: 'object',
          properties: {kind: {type: 'string', enum: ['cat', 'dog', HOSTILE_VALUE]}},
        },
      },
    },
  };
  change(spec);
  return spec;
}

const addOperation = (spec: JsonObject) => {
  spec.paths['/pets/{pet_id}'] = {
    get: {
      operationId: 'getPet',
      summary: 'Get a pet',
      parameters: [{name: 'pet_id', in: 'path', required: true, schema: {type: 'string'}}],
      responses: {'200': {description: 'The pet.'}},
    },
  };
};
const loseProperty = (spec: JsonObject) => {
  delete spec.components.schemas.Pet.properties.name;
  spec.components.schemas.Pet.required = ['id'];
};
const narrowEnum = (spec: JsonObject) => {
  spec.components.schemas.PetCreate.properties.kind.enum = ['cat', 'dog'];
};

/** The versions, each a commit a day apart from 2026-01-01. */
const VERSIONS: Array<[string, Array<(spec: JsonObject) => void>]> = [
  ['1.0.0', []],
  ['1.1.0', [addOperation]],
  ['2.0.0', [addOperation, loseProperty]],
  // A commit of prose only is no entry.
  ['2.0.0', [addOperation, loseProperty, (spec) => (spec.info.description = 'Pets, and nothing else.')]],
  ['2.0.0', [addOperation, loseProperty, (spec) => (spec.info.description = 'Pets, and nothing else.'), narrowEnum]],
];

function git(cwd: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    cwd,
    encoding: 'utf8',
    env: {...process.env, ...env},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

let scratch: string;
let repository: string;

test.beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'api-changelog-'));
  repository = path.join(scratch, 'repository');
  git(scratch, ['init', '-q', '-b', 'main', repository]);
  VERSIONS.forEach(([version, changes], day) => {
    const spec = description(version, (document) => changes.forEach((change) => change(document)));
    writeFileSync(path.join(repository, 'api.yaml'), yaml.dump(spec));
    const date = `2026-01-0${day + 1}T12:00:00Z`;
    git(repository, ['add', 'api.yaml']);
    git(repository, ['commit', '-q', '-m', `version ${day}`], {GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date});
  });
});

test.afterAll(() => {
  rmSync(scratch, {recursive: true, force: true});
});

/** The build object the API reference makes of `specFile`, with its changelog. */
function buildOf(specFile: string): ApiBuild {
  const generated = generateApiDocs(specFile, {site: {changelogCacheDir: path.join(scratch, 'cache')}});
  expect(generated.status, generated.output).toBe(0);
  return generated.build!;
}

/** The changelog the API reference's build object makes of `specFile`, linked to the pages it makes. */
function changelogOf(specFile: string): ApiChangelog {
  return buildOf(specFile).changelog!.data;
}

test('gaining an operation, losing a property and narrowing an enum are three dated entries, two breaking', () => {
  const changelog = changelogOf(path.join(repository, 'api.yaml'));
  expect(changelog.coverage).toMatchObject({source: 'git', shallow: false, commits: 5, entries: 3});
  expect(changelog.coverage.note).toContain('whole history of api.yaml');
  // Newest version first; within it, newest entry first; the first commit is where the history starts.
  expect(
    changelog.versions.map((group) => [group.version, group.entries.map((entry) => entry.date.slice(0, 10))]),
  ).toEqual([
    ['2.0.0', ['2026-01-05', '2026-01-03']],
    ['1.1.0', ['2026-01-02']],
    ['1.0.0', ['2026-01-01']],
  ]);
  const entries = changelog.versions.flatMap((group) => group.entries).filter((entry) => !entry.start);
  expect(entries.map((entry) => entry.breaking)).toEqual([true, true, false]);
  const [narrowed, lost, gained] = entries.map((entry) =>
    entry.changes.map((change) => ({
      breaking: change.breaking,
      text: wordsText(changeWords(change)),
      links: change.operations.map((operation) => operation.href),
    })),
  );
  expect(gained).toEqual([{breaking: false, text: 'Added operation', links: ['/docs/api/get-pet']}]);
  // The response lost a required property: a client reading it breaks. The anchor is the response's, the field gone.
  expect(lost).toContainEqual({
    breaking: true,
    text: 'Removed property name in the response 200',
    links: ['/docs/api/list-pets#response-200'],
  });
  // The request accepts fewer values: a client sending the value left out breaks. The anchor is the field's.
  expect(narrowed).toEqual([
    {
      breaking: true,
      text: `Removed enum value ${JSON.stringify(HOSTILE_VALUE)} in the property kind of the request body`,
      links: ['/docs/api/create-pet#request-body-kind'],
    },
  ]);
  // The description's text stays text in the Markdown version: in a code span, never markup.
  const [page] = buildOf(path.join(repository, 'api.yaml')).pages.filter((built) => built.kind === 'changelog');
  const {markdown} = page;
  expect(markdown).toContain('``"bird <script>alert(1)</script> & `x`"``');
  expect(markdown).not.toMatch(/^[^`]*<script>/m);
});

test('a shallow clone builds, and its changelog says it covers only the commits the clone holds', () => {
  const shallow = path.join(scratch, 'shallow');
  git(scratch, ['clone', '-q', '--depth', '2', `file://${repository}`, shallow]);
  const changelog = changelogOf(path.join(shallow, 'api.yaml'));
  expect(changelog.coverage).toMatchObject({source: 'git', shallow: true, commits: 2, entries: 1});
  expect(changelog.coverage.note).toMatch(
    /^Built from a shallow clone: this changelog covers only the history the clone holds, from 2026-01-04/,
  );
  expect(changelog.versions.flatMap((group) => group.entries.map((entry) => Boolean(entry.start)))).toEqual([
    false,
    true,
  ]);

  const copy = path.join(scratch, 'copy');
  cpSync(path.join(repository, 'api.yaml'), path.join(copy, 'api.yaml'));
  const outside = changelogOf(path.join(copy, 'api.yaml'));
  expect(outside.coverage).toMatchObject({source: 'none', entries: 0});
  expect(outside.coverage.note).toContain('could read no history of api.yaml');
  expect(outside.versions).toEqual([]);
});

test('the changelog feed is Atom 1.0: well-formed XML with the elements RFC 4287 requires', () => {
  const changelog = changelogOf(path.join(repository, 'api.yaml'));
  const feed = atomFeed(changelog, 'https://vigil.example', 'Vigil');
  expect(atomProblems(feed)).toEqual([]);
  expect(feed).toContain('bird &lt;script&gt;alert(1)&lt;/script&gt; &amp; `x`');
  // Four entries (three changes and the start), each with its own id.
  expect(feed.match(/<entry>/g)).toHaveLength(4);
  // The checker itself finds what it must: an entry without its id and text that is not XML.
  expect(atomProblems(feed.replace(/<id>urn:git:[^<]*<\/id>/, ''))).toEqual(['entry 1 has no id']);
  expect(atomProblems(feed.replace('&amp;', '&'))[0]).toMatch(/^not well-formed XML/);
});

/** A description of six operations under two tags, all returning one `Thing`; `change` edits it. */
function taggedDescription(change: (spec: JsonObject) => void = () => {}): JsonObject {
  const thing = {
    description: 'The thing.',
    content: {'application/json': {schema: {$ref: '#/components/schemas/Thing'}}},
  };
  const paths: JsonObject = {};
  for (const [index, tag] of ['Boxes', 'Boxes', 'Boxes', 'Boxes', 'Crates', 'Crates'].entries()) {
    paths[`/things/${index}`] = {get: {operationId: `getThing${index}`, tags: [tag], responses: {'200': thing}}};
  }
  const spec: JsonObject = {
    openapi: '3.1.0',
    info: {title: 'Things API', version: '1.0.0'},
    tags: [{name: 'Boxes'}, {name: 'Crates'}],
    paths,
    components: {schemas: {Thing: {type: 'object', properties: {id: {type: 'string'}}}}},
  };
  change(spec);
  return spec;
}

test('a history of two years is a page a year, the newest at the changelog URL; a change in many operations is counted by tag there', () => {
  const years = path.join(scratch, 'years');
  git(scratch, ['init', '-q', '-b', 'main', years]);
  const addLabel = (spec: JsonObject) =>
    Object.assign(spec.components.schemas.Thing.properties, {label: {type: 'string'}, colour: {type: 'string'}});
  const commits: Array<[string, (spec: JsonObject) => void]> = [
    ['2025-12-30T12:00:00Z', () => {}],
    ['2025-12-31T12:00:00Z', addLabel],
    [
      '2026-01-02T12:00:00Z',
      (spec) => {
        addLabel(spec);
        spec.paths['/crates'] = {
          post: {operationId: 'createCrate', tags: ['Crates'], responses: {'201': {description: 'Made.'}}},
        };
      },
    ],
  ];
  for (const [date, change] of commits) {
    writeFileSync(path.join(years, 'api.yaml'), yaml.dump(taggedDescription(change)));
    git(years, ['add', 'api.yaml']);
    git(years, ['commit', '-q', '-m', date], {GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date});
  }
  const build = buildOf(path.join(years, 'api.yaml'));
  const pages = build.pages.filter((page) => page.kind === 'changelog');
  expect(pages.map((page) => [page.id, page.permalink])).toEqual([
    ['changelog', '/docs/api/changelog'],
    ['changelog/2025', '/docs/api/changelog/2025'],
  ]);
  const [newest, earlier] = pages.map((page) => page.markdown);
  // Each year's entries on its page, and a link to the other year.
  expect(newest).toContain('### 2026-01-02: 1 change');
  expect(newest).not.toContain('2025-12-31');
  expect(newest).toContain('Other years: [2025](https://vigil.example/docs/api/changelog/2025)');
  expect(earlier).toMatch(/^# API changelog: 2025$/m);
  // Its title counts both changes, which the page shows on one line.
  expect(earlier).toContain('### 2025-12-31: 2 changes');
  expect(earlier).toContain('Other years: [2026](https://vigil.example/docs/api/changelog)');
  // Two properties added to six operations' response: one line, the operations counted by tag, each tag linked.
  expect(earlier).toContain(
    '- Added properties `label`, `colour` in the response 200: 6 operations, by tag: [Boxes](https://vigil.example/docs/api/boxes) (4), [Crates](https://vigil.example/docs/api/crates) (2).',
  );
  // The changelog's data (changes.json, the MCP server's api_changes) keeps each change and every operation.
  const added = build.changelog!.data.versions[0].entries.find((entry) => entry.date.startsWith('2025-12-31'))!;
  expect(added.changes.map((change) => change.name)).toEqual(['label', 'colour']);
  expect(added.changes[0].operations.map((operation) => operation.href)).toEqual(
    [0, 1, 2, 3, 4, 5].map((index) => `/docs/api/get-thing-${index}#response-200-label`),
  );
  // The sidebar: the changelog's page, the earlier year under it.
  expect(build.sidebar).toContainEqual({
    type: 'category',
    label: 'Changelog',
    collapsed: true,
    link: {type: 'doc', id: 'changelog'},
    items: [{type: 'doc', id: 'changelog/2025', label: '2025'}],
  });
  // The feed: every entry, each linked to its year's page.
  const feed = atomFeed(build.changelog!.data, 'https://vigil.example', 'Vigil');
  expect(atomProblems(feed)).toEqual([]);
  const links = [...feed.matchAll(/<link rel="alternate" type="text\/html" href="([^"]+)"\/>/g)].map(
    (match) => match[1],
  );
  expect(links.slice(1).map((link) => link.replace(/#.*/, ''))).toEqual([
    'https://vigil.example/docs/api/changelog',
    'https://vigil.example/docs/api/changelog/2025',
    'https://vigil.example/docs/api/changelog/2025',
  ]);
});
