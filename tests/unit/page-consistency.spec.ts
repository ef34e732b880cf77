// Where one page says what another page or the OpenAPI file also says, they agree: the reader who follows either
// gets the same answer.
import {expect, test} from '@playwright/test';
import {writeFileSync} from 'node:fs';
import {deref, operationsOf, type JsonObject} from '../../src/openapi';
import {codeBlocks, readMarkdown, withoutCode} from '../support/content';
import {loadSpec} from '../support/openapi';
import {runAsPrinted, standIn} from '../support/stand-ins';
import {ensureDebianPackage} from '../support/debian-package';

const spec = loadSpec();

/** Every property path under `schema` whose last name ends in `suffix`, through $ref, allOf, oneOf and anyOf. */
function propertyPaths(schema: JsonObject | undefined, suffix: string, trail: string[] = [], seen = new Set()) {
  const resolved = deref(spec, schema);
  if (!resolved || seen.has(resolved)) return [] as string[][];
  const inner = new Set(seen).add(resolved);
  const paths: string[][] = [];
  for (const part of [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])])
    paths.push(...propertyPaths(part, suffix, trail, inner));
  for (const [name, property] of Object.entries<JsonObject>(resolved.properties ?? {})) {
    if (name.endsWith(suffix)) paths.push([...trail, name]);
    paths.push(...propertyPaths(property, suffix, [...trail, name], inner));
  }
  return paths;
}

test.describe('Secrets page: finding the datastores that use a secret', () => {
  test.beforeAll(async () => {
    await ensureDebianPackage('/usr/bin/jq', 'jq');
  });

  test('the loop finds a datastore through every secret reference its connection can hold', () => {
    const list = operationsOf(spec).find((op) => op.operationId === 'listDatastores')!;
    const listSchema = deref(spec, list.definition.responses['200'].content['application/json'].schema);
    const itemSchema = deref(spec, listSchema?.properties?.data)?.items;
    const references = [...new Set(propertyPaths(itemSchema, 'secret_id').map((trail) => trail.join('.')))];
    // The connection's own secret, Kafka's schema registry secret and the SSH tunnel's key at least.
    expect(references).toEqual(
      expect.arrayContaining([
        'connection.secret_id',
        'connection.schema_registry_secret_id',
        'connection.ssh_tunnel.secret_id',
      ]),
    );
    const SECRET = 'sec_5t9w2c4r';
    const datastores = references.flatMap((reference, index) => {
      const make = (secret: string, id: string) => {
        const datastore: JsonObject = {id, name: `${reference} ${secret}`};
        let node = datastore;
        const names = reference.split('.');
        for (const name of names.slice(0, -1)) node = node[name] ??= {};
        node[names[names.length - 1]] = secret;
        return datastore;
      };
      return [make(SECRET, `dst_uses${index}`), make('sec_0ther0ne', `dst_other${index}`)];
    });

    const block = codeBlocks(readMarkdown('docs/configuring-datastore/secrets.md').body).find((b) =>
      b.code.includes('/api/v1/datastores"'),
    )!;
    expect(block.code).toContain(`SECRET=${SECRET}`);
    // curl answers the two pages of listDatastores, the first with a next_cursor.
    const run = runAsPrinted(block.code, (bin, _dir, state) => {
      const half = Math.ceil(datastores.length / 2);
      writeFileSync(`${state}/page1.json`, JSON.stringify({data: datastores.slice(0, half), next_cursor: 'c2'}));
      writeFileSync(`${state}/page2.json`, JSON.stringify({data: datastores.slice(half), next_cursor: null}));
      standIn(
        bin,
        'curl',
        'case " $* " in *"cursor=c2"*) cat "$STATE/page2.json" ;; *) cat "$STATE/page1.json" ;; esac',
      );
    });
    expect(run.calls).toHaveLength(2);
    expect(run.stdout.trim().split('\n').sort()).toEqual(
      datastores
        .filter((datastore) => datastore.id.startsWith('dst_uses'))
        .map((datastore) => `${datastore.id} ${datastore.name}`)
        .sort(),
    );
  });
});

test('the Kaggle page names the status the OpenAPI file gives when no Kaggle source is configured', () => {
  const page = withoutCode(readMarkdown('docs/onboarding-catalog/kaggle.md').body);
  const search = operationsOf(spec).find((op) => op.operationId === 'searchKaggleDatasets')!;
  const statuses = Object.keys(search.definition.responses);
  const missing = Object.entries<JsonObject>(search.definition.responses).find(([, response]) =>
    /no kaggle source is configured/i.test(String(deref(spec, response)?.description)),
  );
  expect(missing, `a response of searchKaggleDatasets (${statuses.join(', ')}) says "No Kaggle source"`).toBeTruthy();
  const [status] = missing!;
  const sentence = /with no Kaggle source configured they return\s+`(\d{3})[^`]*`/.exec(page);
  expect(sentence?.[1], 'the page says which status').toBe(status);
  expect(page).toContain(`### \`${status}\`: \`No Kaggle source is configured\``);
});

test('the pages agree on when a connection is encrypted: PostgreSQL and MySQL can be set to connect without TLS', () => {
  const prose = (file: string) => withoutCode(readMarkdown(`docs/${file}`).body).replace(/\s+/g, ' ');
  // The connection fields that turn TLS off, in the OpenAPI file.
  const enumOf = (property: string) =>
    Object.values<JsonObject>(spec.components.schemas).flatMap(
      (schema) => deref(spec, deref(spec, schema)?.properties?.[property])?.enum ?? [],
    );
  expect(enumOf('ssl_mode')).toContain('disable');
  expect(enumOf('tls')).toContain('disabled');
  for (const file of [
    'configuring-datastore/index.md',
    'configuring-datastore/network-access.md',
    'product/security.md',
  ]) {
    const text = prose(file);
    expect(text, `${file} does not promise TLS always`).not.toMatch(
      /always with TLS|every connection from Vigil to a datastore is encrypted/i,
    );
  }
  expect(prose('configuring-datastore/network-access.md')).toMatch(
    /PostgreSQL with `ssl_mode` `disable` and MySQL with `tls` `disabled` connect without encryption/,
  );
});
