// The fields a reader of the API reference sees for a schema: one tree per parameter list, body or header list,
// with the anchor id of every field and its facts (allowed values, limits, pattern…) as structured text. The
// operation page and its Markdown version both render this tree (src/openapi/render-*.ts), so they agree.
import {deref, resolvePointer, type Json, type JsonObject} from './document';
import type {Direction} from './examples';

/**
 * Inline text of a fact: plain text, a code span, or a link. Rendered as HTML on the page, as Markdown in the twin.
 * A link with `page` is to the anchor `link` (`#response-200`) of another page of the API reference, by its id.
 */
export type Segment = string | {code: string} | {link: string; text: string; page?: string};
/** One sentence about a field: `Allowed values: `a`, `b`.` */
export type Fact = Segment[];

/** The fields of an object, or of the objects an array holds; variants when the schema is `oneOf`/`anyOf`. */
export type SchemaShape = {
  fields: SchemaField[];
  variants: SchemaVariant[];
  /** `oneOf` (exactly one) or `anyOf` (one or more). */
  variantKeyword?: 'oneOf' | 'anyOf';
  /** The discriminating property of the variants (`type`), when the schema names one. */
  discriminator?: string;
  /** Facts about the object itself: other keys (`additionalProperties`, `patternProperties`). */
  facts: Fact[];
};

export type SchemaVariant = {
  /** Anchor id of the variant: `request-body-connection-snowflake`. */
  id: string;
  /** The variant's schema name or title, e.g. `SnowflakeConnection`. */
  title: string;
  /** The discriminator value that selects it, e.g. `snowflake`. */
  selector?: string;
  description?: string;
  shape: SchemaShape;
};

export type SchemaField = {
  /** Anchor id, unique on the page: `request-body-connection-warehouse`. */
  id: string;
  name: string;
  /** A short type: `string<date-time>`, `array of object`, `integer or string`. */
  type: string;
  required: boolean;
  nullable: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  deprecated: boolean;
  description?: string;
  /** Allowed values, default, example, limits, pattern…, in the order a reader wants them. */
  facts: Fact[];
  /** The fields of a nested object (also through arrays). */
  shape?: SchemaShape;
};

/** The flags of a field: the property of SchemaField, and the word the page and its Markdown version show. */
const FIELD_FLAGS = [
  ['required', 'required'],
  ['nullable', 'nullable'],
  ['readOnly', 'read-only'],
  ['writeOnly', 'write-only'],
  ['deprecated', 'deprecated'],
] as const;

export type FieldFlag = (typeof FIELD_FLAGS)[number][1];

/** The words of a field's flags, in the order the pages show them: `['required', 'read-only']`. */
export function fieldFlags(field: Pick<SchemaField, (typeof FIELD_FLAGS)[number][0]>): FieldFlag[] {
  return FIELD_FLAGS.filter(([property]) => field[property]).map(([, word]) => word);
}

/** Lowercase letters, digits and hyphens: `schema_registry_secret_id` -> `schema-registry-secret-id`. */
export function anchorSegment(name: string): string {
  return (
    name
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'x'
  );
}

function refName(node: JsonObject | undefined): string | undefined {
  return typeof node?.$ref === 'string' ? decodeURIComponent(node.$ref.split('/').pop() ?? '') : undefined;
}

/** The JSON text of a value, for a code span. */
export function valueText(value: Json): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The schema's types, `null` left out (it makes the field nullable): `['string', 'null']` -> `['string']`. */
function typesOf(schema: JsonObject): string[] {
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : [];
  return types.filter((type) => type !== 'null');
}

function isNullSchema(spec: JsonObject, raw: JsonObject): boolean {
  const schema = deref(spec, raw) ?? {};
  return (
    schema.type === 'null' || (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === 'null')
  );
}

/** The variants of a `oneOf`/`anyOf`, a `{type: null}` variant left out (it makes the field nullable). */
function variantSchemas(spec: JsonObject, schema: JsonObject): JsonObject[] | undefined {
  const raw = (schema.oneOf ?? schema.anyOf) as JsonObject[] | undefined;
  return raw?.filter((variant) => !isNullSchema(spec, variant));
}

/** A short type: `string<date-time>`, `array of object`, `SnowflakeConnection or BigQueryConnection`. */
export function typeLabel(spec: JsonObject, rawSchema: JsonObject | undefined, depth = 0): string {
  const schema = deref(spec, rawSchema);
  if (!schema || depth > 6) return 'any';
  const types = typesOf(schema);
  if (Array.isArray(schema.prefixItems)) {
    return `array [${(schema.prefixItems as JsonObject[]).map((item) => refName(item) ?? typeLabel(spec, item, depth + 1)).join(', ')}]`;
  }
  if (types.length === 1 && types[0] === 'array')
    return `array of ${schema.items ? (refName(schema.items) ?? typeLabel(spec, schema.items, depth + 1)) : 'any'}`;
  const variants = variantSchemas(spec, schema);
  if (variants?.length && types.length <= 1) {
    return [...new Set(variants.map((variant) => refName(variant) ?? typeLabel(spec, variant, depth + 1)))].join(
      ' or ',
    );
  }
  if (types.length === 0 && Array.isArray(schema.allOf) && !schema.properties) {
    const parts = (schema.allOf as JsonObject[]).filter((part) => Object.keys(part).length > 0);
    if (parts.length === 1) return refName(parts[0]) ?? typeLabel(spec, parts[0], depth + 1);
  }
  let base: string;
  if (types.length > 0) base = types.join(' or ');
  else if (schema.const !== undefined)
    base = schema.const === null ? 'null' : Array.isArray(schema.const) ? 'array' : typeof schema.const;
  else if (Array.isArray(schema.enum) && schema.enum.length > 0)
    base =
      [
        ...new Set(
          schema.enum.filter((v: Json) => v !== null).map((v: Json) => (typeof v === 'object' ? 'object' : typeof v)),
        ),
      ].join(' or ') || 'any';
  else if (schema.properties || schema.allOf || schema.additionalProperties || schema.patternProperties)
    base = 'object';
  else base = 'any';
  const format = schema.format ?? (schema.contentMediaType ? 'binary' : undefined);
  return format && types.length <= 1 ? `${base}<${format}>` : base;
}

function isNullable(spec: JsonObject, schema: JsonObject): boolean {
  if (schema.nullable === true) return true;
  if (Array.isArray(schema.type) && schema.type.includes('null')) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  const raw = (schema.oneOf ?? schema.anyOf) as JsonObject[] | undefined;
  return Boolean(raw?.some((variant) => isNullSchema(spec, variant)));
}

/** Bounds of a schema, as short phrases: `1 to 500`, `at most 64 characters`. */
export function limitsOf(schema: JsonObject): string[] {
  const limits: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) limits.push(`${min} to ${max}${unit}`);
    else if (min !== undefined) limits.push(`at least ${min}${unit}`);
    else if (max !== undefined) limits.push(`at most ${max}${unit}`);
  };
  // 3.0 writes exclusive bounds as booleans beside minimum/maximum; 3.1 as numbers of their own.
  const exclusive = (flag: unknown, bound: unknown) =>
    flag === true ? bound : typeof flag === 'number' ? flag : undefined;
  const exclusiveMin = exclusive(schema.exclusiveMinimum, schema.minimum);
  const exclusiveMax = exclusive(schema.exclusiveMaximum, schema.maximum);
  range(
    exclusiveMin === undefined ? schema.minimum : undefined,
    exclusiveMax === undefined ? schema.maximum : undefined,
    '',
  );
  if (exclusiveMin !== undefined) limits.push(`more than ${exclusiveMin}`);
  if (exclusiveMax !== undefined) limits.push(`less than ${exclusiveMax}`);
  if (schema.multipleOf !== undefined) limits.push(`a multiple of ${schema.multipleOf}`);
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minItems, schema.maxItems, ' items');
  range(schema.minProperties, schema.maxProperties, ' keys');
  if (schema.uniqueItems) limits.push('unique items');
  return limits;
}

/** Properties and required names of an object schema, `allOf` parts merged in order. */
export function objectShape(
  spec: JsonObject,
  schema: JsonObject,
  seen = new Set<JsonObject>(),
): {properties: Record<string, JsonObject>; required: Set<string>} {
  const properties: Record<string, JsonObject> = {};
  const required = new Set<string>();
  if (seen.has(schema)) return {properties, required};
  seen.add(schema);
  for (const part of (schema.allOf ?? []) as JsonObject[]) {
    const inner = objectShape(spec, deref(spec, part) ?? {}, seen);
    Object.assign(properties, inner.properties);
    inner.required.forEach((name) => required.add(name));
  }
  Object.assign(properties, schema.properties ?? {});
  // A list of names; JSON Schema draft 3's `required: true` (met in public descriptions) names none.
  if (Array.isArray(schema.required)) (schema.required as string[]).forEach((name) => required.add(name));
  return {properties, required};
}

/**
 * The schema whose fields a list describes: array items are looked through, and so is a `oneOf`/`anyOf` whose
 * only other variant is `null` (a nullable reference, as 3.1 writes it), and an `allOf` of one schema.
 */
function holderOf(spec: JsonObject, rawSchema: JsonObject | undefined): {schema?: JsonObject; name?: string} {
  let name = refName(rawSchema);
  let schema = deref(spec, rawSchema);
  for (let depth = 0; schema && depth < 8; depth += 1) {
    if (typesOf(schema)[0] === 'array' && schema.items) {
      name = refName(schema.items) ?? name;
      schema = deref(spec, schema.items);
      continue;
    }
    const variants = variantSchemas(spec, schema);
    if (variants?.length === 1 && !schema.properties && !schema.allOf) {
      name = refName(variants[0]) ?? name;
      schema = deref(spec, variants[0]);
      continue;
    }
    // `allOf` of one schema beside a description (`{allOf: [{$ref: Address}], description: …}`): that schema. Not
    // beside `required` (`{allOf: [{properties: …}], required: [id]}`, as PagerDuty writes its objects): the names it
    // lists are required of the merged object (objectShape), which the part alone would lose.
    const parts = Array.isArray(schema.allOf)
      ? (schema.allOf as JsonObject[]).filter((part) => Object.keys(part).length > 0)
      : [];
    if (
      parts.length === 1 &&
      !schema.properties &&
      !schema.required &&
      !variants?.length &&
      !schema.additionalProperties
    ) {
      name = refName(parts[0]) ?? name;
      schema = deref(spec, parts[0]);
      continue;
    }
    break;
  }
  return {schema, name};
}

/** Whether a schema has fields to list: properties, other keys, or variants that have them. */
export function hasFields(spec: JsonObject, schema: JsonObject | undefined): boolean {
  if (!schema) return false;
  if (schema.properties || schema.allOf || typeof schema.additionalProperties === 'object' || schema.patternProperties)
    return true;
  const variants = variantSchemas(spec, schema);
  return Boolean(variants?.some((variant) => hasFields(spec, deref(spec, variant))));
}

/**
 * How many levels of fields a page lists before a named object (one with its own object page, objects.ts) is only
 * linked: a body's own fields and their children, a union's variants counting as a level. Measured on the corpus's
 * largest Markdown page: at 1, Stripe 59 kB and OpenAI 82 kB; at 2 without counting variants, 176 and 166 kB (Stripe's
 * expandable fields are unions); at 2, 95 and 102 kB (59 kB with VARIANTS_LISTED); at 3, 232 and 164 kB. Two is also
 * where Stripe's own reference stops ("Show child attributes", one level down). A schema without a name has no page of
 * its own: it is listed wherever it is, to any depth.
 */
export const FIELD_DEPTH = 2;

/**
 * The same for an object's own page: its fields, with the unnamed objects inside them, and every named object inside
 * linked (Stripe's object pages do the same): the page of an error that may hold a payment intent, a setup intent or
 * a payment source (Stripe's `api_errors`) would list all of theirs, 105 kB of Markdown.
 */
export const OBJECT_FIELD_DEPTH = 1;

/**
 * A union of more named variants than this lists each by name and link, its fields on its own page: OpenAI's stream
 * of 58 event kinds would otherwise be 64 kB of one page's Markdown, and a reader picks one kind, not all of them.
 */
export const VARIANTS_LISTED = 12;

/** A named schema's own page of the API reference (objects.ts): its page id (`objects/dataset`) and its name. */
export type ObjectPageRef = {id: string; name: string};

/** `See the Dataset object.`, a link to the object's page. */
export function objectLink(object: ObjectPageRef): Fact {
  return ['See ', {link: '', text: `the ${object.name} object`, page: object.id}, '.'];
}

/**
 * How many alternatives deep (`oneOf`/`anyOf` variants inside variants) a variant is listed where it is met. Deeper,
 * it links to where the page lists it or to its home, and is listed there only if the page lists it nowhere else:
 * Stripe's expandable fields (`anyOf: [string, customer]`) nest a customer in a charge in a balance transaction,
 * 35 levels down, and a schema is best read where it is least deep.
 */
export const ALTERNATIVES_EXPANDED = 2;

/**
 * An unnamed schema with at least this many fields (nested ones counted) is shown once per page, like a named one:
 * a description whose tool wrote every schema inline repeats it thousands of times; a smaller one costs less to
 * repeat than a link costs to follow.
 */
export const SHARED_INLINE_FIELDS = 4;

/**
 * The most fields a page lists. Each was 660 to 870 bytes of the page's HTML (its name, type, flags, text and anchor:
 * Stripe's createPaymentIntent served 293 kB for 299 fields; about 70 fewer since the link's mark is drawn by the
 * style sheet and a field's text is plain markup of its list), so 250 fields, the site's chrome and a page's samples
 * keep it under the 300 kB budget of a page. A page that would list more lists one level of fields (named objects
 * all linked: 33 pages of the corpus, 18 of Stripe's, such as five whose response is one of four kinds of payment
 * source, 452 to 476 fields at two levels, and 13 of Discord's); one that would still list more, because its schemas
 * have no names, links each schema that is the body of an operation (its home, model.ts) to that operation's page
 * instead (without object pages, every page of Stripe's description listed 2,000 to 2,700 fields).
 */
export const PAGE_FIELD_BUDGET = 250;

/** What a schema holds, as one number per distinct content: equal numbers, equal schemas. */
type Content = {
  id: number;
  /** Its properties, nested ones counted (capped): how large it is to a reader. */
  fields: number;
  /** It or a schema inside it is read-only or write-only: a request and a response show it differently. */
  directional: boolean;
};

/**
 * The content of each schema of one description, computed once per object (memoised) from the contents of its
 * children: the cost is linear in the size of the description. A `$ref` has its target's content, so a schema and
 * an inline copy of it are equal; a reference back into a schema being computed (recursion) is its pointer.
 */
class Contents {
  private readonly ids = new Map<string, number>();
  private readonly known = new WeakMap<object, Content>();
  private readonly inProgress = new Set<object>();

  constructor(private readonly spec: JsonObject) {}

  private idOf(canonical: string): number {
    let id = this.ids.get(canonical);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(canonical, id);
    }
    return id;
  }

  of(node: Json): Content {
    if (node === null || typeof node !== 'object')
      return {id: this.idOf(JSON.stringify(node)), fields: 0, directional: false};
    const known = this.known.get(node);
    if (known) return known;
    if (!Array.isArray(node) && typeof node.$ref === 'string') {
      // A `$ref` inside an example is data and may name nothing: then it is content like any other key.
      const target = node.$ref.startsWith('#/') ? resolvePointer(this.spec, node.$ref) : undefined;
      if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
        // Recursion: the pointer stands for the schema; read-only fields cannot be ruled out, so the direction counts.
        if (this.inProgress.has(target)) return {id: this.idOf(`$ref ${node.$ref}`), fields: 0, directional: true};
        const content = this.of(target);
        this.known.set(node, content);
        return content;
      }
    }
    this.inProgress.add(node);
    let fields = 0;
    let directional = false;
    const parts: string[] = [];
    const entries: Array<[string, Json]> = Array.isArray(node)
      ? node.map((item, index) => [String(index), item])
      : Object.keys(node)
          .sort()
          .map((key) => [key, node[key]]);
    for (const [key, value] of entries) {
      const child = this.of(value);
      parts.push(`${JSON.stringify(key)}:${child.id}`);
      fields += child.fields;
      directional ||= child.directional;
    }
    if (!Array.isArray(node)) {
      if (node.properties !== null && typeof node.properties === 'object')
        fields += Object.keys(node.properties).length;
      directional ||= node.readOnly === true || node.writeOnly === true;
    }
    this.inProgress.delete(node);
    const content = {
      id: this.idOf(`${Array.isArray(node) ? '[' : '{'}${parts.join(',')}`),
      fields: Math.min(fields, 1_000_000),
      directional,
    };
    this.known.set(node, content);
    return content;
  }
}

const contentsOfDescription = new WeakMap<JsonObject, Contents>();

/** Where a schema's fields are listed: the anchor of the field, variant or body heading, and what a link reads. */
export type Showing = {id: string; name: string};

/** The body an operation's page lists a schema as (model.ts): `response-200` of `get-customer`. */
export type SchemaHome = Showing & {page: string};

/** Thrown when a page lists more fields than PAGE_FIELD_BUDGET while its schemas are all in place. */
export class PageOverBudget extends Error {}

/**
 * The schemas one page (an operation or a webhook, model.ts) has listed, across its parameters, request body,
 * responses and callbacks: each is listed once, where it first appears, and linked after. A schema is recognised by
 * its content (Contents), so a description that repeats a schema inline links its copies too.
 */
export class PageSchemas {
  private readonly contents: Contents;
  private readonly shown = new Map<string, Showing>();
  /** Alternatives too deep to list here and listed nowhere yet: linked or listed once the rest of the page is. */
  private readonly deferred: Array<{key: string; shape: SchemaShape; list: () => SchemaShape}> = [];
  private listed = 0;

  /**
   * `homes` (schemas that are operations' bodies) given, a schema whose home is not on this page is linked there;
   * `budget` given, the page throws PageOverBudget past that many fields.
   */
  constructor(
    readonly spec: JsonObject,
    private readonly options: {
      pageId?: string;
      homes?: Map<string, SchemaHome>;
      budget?: number;
      /** The named schemas with a page of their own: a field of one links there, and lists its fields to FIELD_DEPTH. */
      objects?: Map<JsonObject, ObjectPageRef>;
      /** The schema whose own page this is: it does not link to itself. */
      self?: JsonObject;
      /** How many levels of fields the page lists before a named object is only linked: FIELD_DEPTH unless given. */
      fieldDepth?: number;
    } = {},
  ) {
    let contents = contentsOfDescription.get(spec);
    if (!contents) {
      contents = new Contents(spec);
      contentsOfDescription.set(spec, contents);
    }
    this.contents = contents;
  }

  /** The key of a schema: its content, and the direction when read-only or write-only fields make them differ. */
  keyOf(schema: JsonObject, direction: Direction | undefined): {key: string; fields: number} {
    const content = this.contents.of(schema);
    return {
      key: content.directional ? `${direction ?? 'both'} ${content.id}` : String(content.id),
      fields: content.fields,
    };
  }

  /** How many levels of fields the page lists before a named object is only linked. */
  get fieldDepth(): number {
    return this.options.fieldDepth ?? FIELD_DEPTH;
  }

  /** The object pages this page links to, by id, in the order it first links them. */
  readonly objectsLinked = new Set<string>();

  /** The page of a named schema, if it has one (and is not this page's own): the page links it from here on. */
  objectPage(schema: JsonObject): ObjectPageRef | undefined {
    if (schema === this.options.self) return undefined;
    const object = this.options.objects?.get(schema);
    if (object) this.objectsLinked.add(object.id);
    return object;
  }

  /** Counts a listed field against the budget. */
  count(): void {
    this.listed += 1;
    if (this.options.budget !== undefined && this.listed > this.options.budget) throw new PageOverBudget();
  }

  /** Where this page lists a schema's fields, if it does so above. */
  first(key: string): Showing | undefined {
    return this.shown.get(key);
  }

  /** Where the fields of a schema already are, instead of listing them again: above on this page, or its home. */
  linkTo(key: string): Fact | undefined {
    const first = this.shown.get(key);
    if (first) return sameFieldsAs(first);
    const home = this.options.homes?.get(key);
    if (!home) return undefined;
    // The page's own bodies are always listed: its home on this page is further down.
    if (home.page === this.options.pageId)
      return ['Same fields as ', {link: `#${home.id}`, text: home.name}, ' below.'];
    return ['Same fields as ', {link: `#${home.id}`, text: home.name, page: home.page}, '.'];
  }

  show(key: string, showing: Showing): void {
    if (!this.shown.has(key)) this.shown.set(key, showing);
  }

  /** An alternative too deep to list now: `shape` is filled in by complete(). */
  defer(key: string, shape: SchemaShape, list: () => SchemaShape): void {
    this.deferred.push({key, shape, list});
  }

  /**
   * Fills in each deferred alternative, in the page's order: a link to its schema's listing if the rest of the page
   * has one, else its fields, listed in place after all (whose own deferred alternatives follow in turn).
   */
  complete(): void {
    for (let index = 0; index < this.deferred.length; index += 1) {
      const {key, shape, list} = this.deferred[index];
      const listed = this.shown.get(key);
      Object.assign(
        shape,
        listed ? {facts: [['Same fields as ', {link: `#${listed.id}`, text: listed.name}, '.']]} : list(),
      );
    }
    this.deferred.length = 0;
  }
}

/** `Same fields as <link> above.` */
function sameFieldsAs(first: Showing): Fact {
  return ['Same fields as ', {link: `#${first.id}`, text: first.name}, ' above.'];
}

type Context = {
  spec: JsonObject;
  /** A request lists no read-only field, a response no write-only one; an object page (none given) lists both. */
  direction: Direction | undefined;
  /** How many levels of fields enclose this schema's: 0 for a body's or an object page's own fields. */
  depth: number;
  /** The schemas enclosing this one: a schema met again is recursion. */
  trail: JsonObject[];
  /** The schemas of the page: each listed once, then linked. */
  page: PageSchemas;
  /** How many alternatives (variants of a `oneOf`/`anyOf`) enclose this schema. */
  alternatives: number;
};

const code = (value: Json): Segment => ({code: valueText(value)});

function listFact(label: string, values: Json[]): Fact {
  return [label, ...values.flatMap((value, index) => (index === 0 ? [code(value)] : [', ', code(value)])), '.'];
}

function variantsOf(
  context: Context,
  schema: JsonObject,
  idPrefix: string,
): Pick<SchemaShape, 'variants' | 'discriminator' | 'variantKeyword'> {
  const {spec} = context;
  const raw = variantSchemas(spec, schema);
  if (!raw?.length || !raw.some((variant) => hasFields(spec, deref(spec, variant)))) return {variants: []};
  // An alternative to a value without fields (Stripe's expandable `string or Customer`: an id, or the object) is a
  // level of its own; the kinds of one thing (a discriminated union, every variant an object) are not.
  const level = raw.every((variant) => hasFields(spec, deref(spec, variant))) ? 0 : 1;
  const discriminator: string | undefined = schema.discriminator?.propertyName;
  const mapping = Object.entries<string>(schema.discriminator?.mapping ?? {});
  const titles = new Set<string>();
  const variants = raw.map((variant, index) => {
    const target = deref(spec, variant) ?? {};
    const name = refName(variant);
    const selectorFromEnum = discriminator
      ? deref(spec, objectShape(spec, target).properties[discriminator])?.enum
      : undefined;
    const selectorFromConst = discriminator
      ? deref(spec, objectShape(spec, target).properties[discriminator])?.const
      : undefined;
    const selector =
      mapping.find(([, ref]) => decodeURIComponent(ref.split('/').pop() ?? '') === name)?.[0] ??
      (selectorFromEnum?.length === 1
        ? String(selectorFromEnum[0])
        : selectorFromConst !== undefined
          ? String(selectorFromConst)
          : discriminator && name
            ? name
            : undefined);
    let title: string = target.title ?? name ?? typeLabel(spec, variant);
    if (titles.has(title)) title = `${title} (${index + 1})`;
    titles.add(title);
    // The variant is part of its fields' anchors (`…-connection-snowflake-warehouse`): an anchor names one
    // field, and stays the same when another variant gains a field of the same name.
    const variantPrefix = `${idPrefix}-${anchorSegment(selector ?? title)}`;
    const linked = (fact: Fact): SchemaVariant => ({
      id: variantPrefix,
      title,
      selector,
      description: target.description,
      shape: {fields: [], variants: [], facts: [fact]},
    });
    if (context.trail.includes(target)) return linked(['Same fields as the enclosing ', code(title), '.']);
    const object = hasFields(spec, target) ? context.page.objectPage(target) : undefined;
    if (object && (context.depth + level >= context.page.fieldDepth || raw.length > VARIANTS_LISTED))
      return linked(objectLink(object));
    const {key, fields} = context.page.keyOf(target, context.direction);
    const elsewhere = context.page.linkTo(key);
    if (elsewhere) return linked(elsewhere);
    const shared = Boolean(name) || fields >= SHARED_INLINE_FIELDS;
    const list = (): SchemaShape => {
      if (shared) context.page.show(key, {id: variantPrefix, name: title});
      return withLink(
        shapeOf(
          {...context, depth: context.depth + level, alternatives: context.alternatives + 1},
          target,
          variantPrefix,
        ),
      );
    };
    const listing: SchemaVariant = {
      id: variantPrefix,
      title,
      selector,
      description: target.description,
      shape: {fields: [], variants: [], facts: []},
    };
    const withLink = (shape: SchemaShape): SchemaShape =>
      object ? {...shape, facts: [...shape.facts, objectLink(object)]} : shape;
    // Too deep: listed here only if the rest of the page does not list it (PageSchemas.complete).
    if (context.alternatives >= ALTERNATIVES_EXPANDED && shared && hasFields(spec, target))
      context.page.defer(key, listing.shape, list);
    else listing.shape = list();
    return listing;
  });
  return {variants, discriminator, variantKeyword: schema.oneOf ? 'oneOf' : 'anyOf'};
}

function shapeOf(context: Context, schema: JsonObject, idPrefix: string): SchemaShape {
  const {spec, direction} = context;
  const inner: Context = {...context, trail: [...context.trail, schema]};
  const {properties, required} = objectShape(spec, schema);
  const fields: SchemaField[] = [];
  for (const [propertyName, rawProperty] of Object.entries(properties)) {
    const property = deref(spec, rawProperty) ?? {};
    if ((direction === 'request' && property.readOnly) || (direction === 'response' && property.writeOnly)) continue;
    fields.push(
      fieldOf(
        inner,
        propertyName,
        rawProperty,
        required.has(propertyName),
        `${idPrefix}-${anchorSegment(propertyName)}`,
      ),
    );
  }
  const facts: Fact[] = [];
  for (const [pattern, rawValue] of Object.entries<JsonObject>(schema.patternProperties ?? {})) {
    facts.push(['Keys matching ', code(pattern), ': ', code(typeLabel(spec, rawValue)), ' values.']);
  }
  if (typeof schema.additionalProperties === 'object') {
    const additional = deref(spec, schema.additionalProperties) ?? {};
    facts.push([
      fields.length ? 'Any other key: ' : 'Any key: ',
      code(typeLabel(spec, schema.additionalProperties)),
      ' values.',
      ...(additional.description ? [` ${oneLine(additional.description)}`] : []),
    ]);
  }
  return {fields, facts, ...variantsOf(inner, schema, idPrefix)};
}

/** A description on one line, for a fact. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function factsOf(
  spec: JsonObject,
  schema: JsonObject,
  items: JsonObject | undefined,
  example: Json | undefined,
): Fact[] {
  const facts: Fact[] = [];
  const allowed = (schema.enum ?? items?.enum) as Json[] | undefined;
  if (allowed?.length)
    facts.push(
      listFact(
        'Allowed values: ',
        allowed.filter((value) => value !== null),
      ),
    );
  if (schema.const !== undefined) facts.push(['Always ', code(schema.const), '.']);
  if (schema.default !== undefined) facts.push(['Default: ', code(schema.default), '.']);
  // Objects are shown by their fields and in the body's example; a scalar's own example is worth a line.
  const scalar = (value: Json) =>
    value === null ||
    typeof value !== 'object' ||
    (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object'));
  if (example !== undefined && !allowed && schema.const === undefined && scalar(example))
    facts.push(['Example: ', code(example), '.']);
  const limits = [...limitsOf(schema), ...(items ? limitsOf(items).map((limit) => `each ${limit}`) : [])];
  if (limits.length) facts.push([`${limits.join('; ')}.`.replace(/^./, (first) => first.toUpperCase())]);
  const pattern = schema.pattern ?? items?.pattern;
  if (pattern) facts.push(['Matches ', code(pattern), '.']);
  if (schema.not)
    facts.push([
      'Must not be ',
      code(typeLabel(spec, schema.not)),
      ...(deref(spec, schema.not)?.enum
        ? [' ', ...listFact('with a value among ', deref(spec, schema.not)?.enum).slice(1)]
        : ['.']),
    ]);
  if (schema.contentMediaType)
    facts.push(
      [
        'Content: ',
        code(schema.contentMediaType),
        schema.contentEncoding ? [' (', code(schema.contentEncoding), ').'] : '.',
      ].flat(),
    );
  if (Array.isArray(schema.prefixItems)) {
    facts.push([
      'Items in order: ',
      ...(schema.prefixItems as JsonObject[]).flatMap((item, index) => [
        index ? ', ' : '',
        code(typeLabel(spec, item)),
      ]),
      '.',
    ]);
  }
  if (schema.externalDocs?.url)
    facts.push([
      'See ',
      {
        link: String(schema.externalDocs.url),
        text: oneLine(String(schema.externalDocs.description ?? schema.externalDocs.url)),
      },
      '.',
    ]);
  return facts;
}

function exampleOfSchema(schema: JsonObject): Json | undefined {
  if (schema.example !== undefined) return schema.example;
  return Array.isArray(schema.examples) && schema.examples.length > 0 ? schema.examples[0] : undefined;
}

/** How a field named by the empty string shows: as the JSON string it is, not as nothing. */
export const EMPTY_NAME = '""';

function fieldOf(
  context: Context,
  name: string,
  rawSchema: JsonObject,
  required: boolean,
  id: string,
  example?: Json,
): SchemaField {
  const {spec} = context;
  context.page.count();
  const schema = deref(spec, rawSchema) ?? {};
  const items = typesOf(schema)[0] === 'array' ? (deref(spec, schema.items) ?? {}) : undefined;
  const field: SchemaField = {
    id,
    // JSON allows a property named by the empty string (PagerDuty's Notification has one): it shows as `""`.
    name: name === '' ? EMPTY_NAME : name,
    type: typeLabel(spec, rawSchema),
    required,
    nullable: isNullable(spec, schema),
    readOnly: Boolean(schema.readOnly),
    writeOnly: Boolean(schema.writeOnly),
    deprecated: Boolean(schema.deprecated),
    description: schema.description,
    facts: factsOf(spec, schema, items, example ?? exampleOfSchema(schema)),
  };
  const holder = holderOf(spec, rawSchema);
  if (!holder.schema || !hasFields(spec, holder.schema)) return field;
  const label = holder.name ?? holder.schema.title ?? name;
  const object = context.page.objectPage(holder.schema);
  if (object) field.facts.push(objectLink(object));
  if (context.trail.includes(holder.schema)) {
    field.facts.push(['Same fields as the enclosing ', code(label), '.']);
    return field;
  }
  // Deeper than the page's field depth, a named object is its link.
  if (object && context.depth + 1 >= context.page.fieldDepth) return field;
  const {key, fields} = context.page.keyOf(holder.schema, context.direction);
  const elsewhere = context.page.linkTo(key);
  if (elsewhere) {
    field.facts.push(elsewhere);
    return field;
  }
  if (holder.name || fields >= SHARED_INLINE_FIELDS) context.page.show(key, {id, name});
  field.shape = shapeOf({...context, depth: context.depth + 1}, holder.schema, id);
  return field;
}

/**
 * The fields of a body schema, anchored under `idPrefix` (`request-body`, `response-200`); a body whose schema the
 * page already lists links there instead. With `showing` (the anchor of the body's heading and what a link to it
 * reads, `the 200 response`), a later body of the same schema links here.
 */
export function schemaShape(
  spec: JsonObject,
  rawSchema: JsonObject | undefined,
  idPrefix: string,
  direction: Direction | undefined,
  page = new PageSchemas(spec),
  showing?: Showing,
): SchemaShape {
  const {schema} = holderOf(spec, rawSchema);
  if (!schema || !hasFields(spec, schema)) return {fields: [], variants: [], facts: []};
  const object = page.objectPage(schema);
  const linked = object ? [objectLink(object)] : [];
  const key = sharedSchemaKey(page, rawSchema, direction);
  // Only a listing on this page counts: a body is listed on its own operation's page, wherever its home is.
  const first = key === undefined ? undefined : page.first(key);
  if (first) return {fields: [], variants: [], facts: [sameFieldsAs(first), ...linked]};
  if (showing && key !== undefined) page.show(key, showing);
  const shape = shapeOf({spec, direction, depth: 0, trail: [], page, alternatives: 0}, schema, idPrefix);
  return {...shape, facts: [...shape.facts, ...linked]};
}

/**
 * The key of a body's schema (array items and a nullable reference looked through) when a page lists it once and
 * links it after: a named schema, or an unnamed one of SHARED_INLINE_FIELDS fields or more.
 */
export function sharedSchemaKey(
  page: PageSchemas,
  rawSchema: JsonObject | undefined,
  direction: Direction | undefined,
): string | undefined {
  const {schema, name} = holderOf(page.spec, rawSchema);
  if (!schema || !hasFields(page.spec, schema)) return undefined;
  const {key, fields} = page.keyOf(schema, direction);
  return name || fields >= SHARED_INLINE_FIELDS ? key : undefined;
}

/**
 * One parameter (or response header) as a field, anchored `path-dataset-id`, `query-limit`,
 * `header-idempotency-key`. A parameter described by `content` takes the schema of its media type.
 */
export function parameterField(
  spec: JsonObject,
  parameter: JsonObject,
  idPrefix = String(parameter.in),
  page = new PageSchemas(spec),
): SchemaField {
  const [contentType, media] = Object.entries<JsonObject>(parameter.content ?? {})[0] ?? [];
  const rawSchema = parameter.schema ?? media?.schema ?? {};
  const example =
    parameter.example ??
    (deref(spec, Object.values<JsonObject>(parameter.examples ?? {})[0])?.value as Json | undefined);
  const field = fieldOf(
    {spec, direction: 'request', depth: 0, trail: [], page, alternatives: 0},
    parameter.name,
    rawSchema,
    // A path parameter is always required (OpenAPI: `required` MUST be true), whatever the file writes.
    Boolean(parameter.required) || parameter.in === 'path',
    `${idPrefix}-${anchorSegment(parameter.name)}`,
    example,
  );
  if (contentType) field.facts.push(['Sent as ', code(contentType), '.']);
  if (parameter.style !== undefined || parameter.explode !== undefined) {
    field.facts.push([
      'Serialised with ',
      ...(parameter.style !== undefined ? ['style ', code(parameter.style)] : []),
      ...(parameter.style !== undefined && parameter.explode !== undefined ? [', '] : []),
      ...(parameter.explode !== undefined ? ['explode ', code(parameter.explode)] : []),
      '.',
    ]);
  }
  if (parameter.allowReserved) field.facts.push(['Reserved characters are sent as they are.']);
  return {
    ...field,
    description: parameter.description ?? field.description,
    deprecated: Boolean(parameter.deprecated) || field.deprecated,
  };
}
