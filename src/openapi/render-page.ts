// The page of one operation or webhook of the API reference, written from its model (model.ts) as data: the MDX
// page is a title and one element, `<ApiReferencePage page={page} />`, given the JSON of the module beside it
// (generatedPageMdx), which holds every section, field,
// example and sample, with descriptions as sanitised HTML, the pipeline's own sentences as data (prose.ts: text,
// code spans and links, which React renders as text nodes) and code blocks already highlighted. MDX parses no text
// of the OpenAPI file (braces, `<`, backticks or multi-line examples cannot break a page), and a page costs the
// build one small module instead of thousands of JSX elements: the build time grows with the operations, not
// with the size of their schemas. src/plugins/api-reference/theme/ApiReferencePage renders the data, all of it in the HTML the
// server sends; nested objects, variants and examples fold in native <details> that work without JavaScript.
import {PLAIN_TOKEN, type HighlightedCode} from '../utils/highlighted-code';
import type {ExampleModel} from './examples';
import {fieldFlags, type Fact, type FieldFlag, type SchemaField, type SchemaShape} from './fields';
import type {RequestTemplate} from './sample-code';
import type {ApiPageModel, BodyModel, CallbackModel, MediaModel, ResponseModel, SecurityModel} from './model';
import type {ObjectPageModel, ObjectUses} from './objects';
import {factsParagraph, htmlBlock, joined, link, type Inline, type Prose, type ProseBlock} from './prose';
import {descriptionHtml} from './text';
import {codeSampleLanguage, exampleCode} from './render-text';

/** The tab group whose choice Docusaurus remembers across pages and browser tabs. */
export const SAMPLE_LANGUAGE_GROUP = 'api-sample-language';

/** A highlighted code block: the properties src/components/StaticCodeBlock takes. */
export type CodeBlockData = HighlightedCode;

/** Highlights code as the site's fenced code blocks are highlighted at build time. */
export type Highlighter = (code: string, options: {language?: string; metastring?: string}) => CodeBlockData;

/** What the page renderer needs from the site. */
export type PageRenderOptions = {
  /** The site's base URL (`/docs/`): links to site paths in descriptions get it. */
  baseUrl: string;
  /** Where the reader learns to authenticate: a site path (`/api#authentication`), or none. */
  authenticationHelp?: string;
  highlight: Highlighter;
  /**
   * The site path of a page of the API reference by its id (`/docs/api/get-customer`), for the links of a page
   * that lists more than PAGE_FIELD_BUDGET fields (src/openapi/fields.ts) to the pages of its schemas' homes.
   * Without it such a link is its text.
   */
  apiPageHref?: (pageId: string) => string;
};

export type FieldData = {
  id: string;
  name: string;
  type: string;
  /** Required, nullable, read-only, write-only, deprecated: the words the page shows, in that order. */
  flags?: FieldFlag[];
  /** Description and facts. */
  text?: Prose;
  nested?: ShapeData;
};

export type VariantData = {id: string; summary: string; text?: Prose; shape: ShapeData};

/** The fields of an object, its variants (`oneOf`/`anyOf`) and facts about its other keys. */
export type ShapeData = {
  /** `Fields of connection (7)`, for a nested object's fold. */
  summary?: string;
  fields: FieldData[];
  variants?: {summary: string; items: VariantData[]};
  text?: Prose;
};

export type ExampleData = {summary: string; text?: Prose; code?: CodeBlockData};

export type MediaData = {
  /** `Media type `application/json`: Dataset.` */
  text?: Prose;
  /** The fields, and the summary of their fold in a response (none: listed directly). */
  shape?: ShapeData;
  fold?: {summary: string; open: boolean};
  examples: ExampleData[];
};

export type BodyData = {id: string; level: 3 | 4; required?: true; text?: Prose; media: MediaData[]};

export type ResponseData = {
  id: string;
  level: 3 | 4;
  title: string;
  text?: Prose;
  headers?: {summary: string; open: boolean; fields: FieldData[]};
  media: MediaData[];
  /** The operations its values lead to (OpenAPI links). */
  links?: Prose;
};

export type SectionData = {
  id: string;
  title: string;
  text?: Prose;
  groups: Array<{id: string; title: string; fields: FieldData[]}>;
  body?: BodyData;
  responses: ResponseData[];
};

export type ApiPageData = {
  method: string;
  server: string;
  path: string;
  webhook?: true;
  deprecation?: string;
  /** Description, external docs and authentication. */
  text: Prose;
  samples?: {
    title: string;
    text?: Prose;
    groupId: string;
    tabs: Array<{value: string; label: string; code: CodeBlockData}>;
    /** What the generated samples send: the "your values" panel writes them again from it, in the browser. */
    template: RequestTemplate;
  };
  request: SectionData;
  responses: SectionData;
  callbacks?: {title: string; text: Prose; sections: SectionData[]};
};

/** The data of an object's page (objects.ts), which src/plugins/api-reference/theme/ApiObjectPage renders. */
export type ApiObjectData = {
  deprecation?: string;
  /** Its schema's name and type, and its description. */
  text: Prose;
  fields: ShapeData;
  example: CodeBlockData;
  /** The operations and webhooks that show it, and the objects that hold it: lists of links. */
  operations?: Prose;
  objects?: Prose;
};

/**
 * The characters of example code a page highlights, in the order the page shows its examples; the examples after them
 * are plain text, in one span (plainCode). Highlighted JSON is 4 to 7 bytes of HTML per character of code (a span per
 * run of one color; 9 to 10 when each token had its span), plain text about 1: Okta's createPolicyRule, with 52 named
 * examples of its request and responses, was 647 kB of HTML, 503 kB of it code. Vigil's pages have at most 3,419
 * characters of examples.
 */
export const EXAMPLE_HIGHLIGHT_BUDGET = 4_000;

/**
 * The characters of request samples a page highlights, in the order of its tabs; the tabs after them are plain text.
 * A highlighted sample is 3 to 7 bytes of HTML per character (6 to 11 when each token had its span): Okta's
 * createTokenInlineHook, whose six samples each send a body of about 4,600 characters, had 164 kB of samples in its
 * 350 kB of HTML. Vigil's pages have at most 9,066 characters of samples.
 */
export const SAMPLE_HIGHLIGHT_BUDGET = 12_000;

/** Each kind of code a page highlights up to a budget of characters. */
const HIGHLIGHT_BUDGETS = {examples: EXAMPLE_HIGHLIGHT_BUDGET, samples: SAMPLE_HIGHLIGHT_BUDGET};

/**
 * Code as plain text: one token holding every line, so the block's HTML is its text in one line's span, whose line
 * breaks the <pre> shows (a span per line took 46 bytes of each short line of JSON), and its copy button copies it.
 */
function plainCode(block: CodeBlockData, code: string): CodeBlockData {
  return {...block, tokens: JSON.stringify([[PLAIN_TOKEN], [[0, code]]])};
}

class PageData {
  /** The characters of each kind of code this page has highlighted so far (HIGHLIGHT_BUDGETS). */
  private readonly highlighted = {examples: 0, samples: 0};

  constructor(private readonly options: PageRenderOptions) {}

  /** The code highlighted while the page's budget for its kind lasts, else as plain text (plainCode). */
  private code(
    kind: keyof typeof HIGHLIGHT_BUDGETS,
    code: string,
    {language, metastring}: {language: string; metastring?: string},
  ): CodeBlockData {
    if (this.highlighted[kind] + code.length <= HIGHLIGHT_BUDGETS[kind]) {
      this.highlighted[kind] += code.length;
      return this.options.highlight(code, {language, metastring});
    }
    return plainCode(this.options.highlight(code, {language: 'text', metastring}), code);
  }

  description(markdown: string | undefined): ProseBlock[] {
    return htmlBlock(descriptionHtml(markdown, this.options.baseUrl));
  }

  facts(facts: Fact[]): ProseBlock[] {
    return factsParagraph(
      facts.map((fact) => this.resolvePageLinks(fact)),
      this.options.baseUrl,
    );
  }

  /** A link to another page of the API reference, at its site path; its text alone when the site gives none. */
  resolvePageLinks(fact: Fact): Fact {
    return fact.map((segment) => {
      if (typeof segment === 'string' || 'code' in segment || segment.page === undefined) return segment;
      const href = this.options.apiPageHref?.(segment.page);
      return href ? {link: `${href}${segment.link}`, text: segment.text} : segment.text;
    });
  }

  field(field: SchemaField): FieldData {
    const text = [...this.description(field.description), ...this.facts(field.facts)];
    const flags = fieldFlags(field);
    return {
      id: field.id,
      name: field.name,
      type: field.type,
      ...(flags.length ? {flags} : {}),
      ...(text.length ? {text} : {}),
      ...(field.shape
        ? {nested: this.shape(field.shape, field.name, `Fields of ${field.name} (${field.shape.fields.length})`)}
        : {}),
    };
  }

  shape(shape: SchemaShape, owner: string, summary?: string): ShapeData {
    const how = shape.variantKeyword === 'anyOf' ? 'one or more' : 'one';
    const selectedBy = shape.discriminator ? `, selected by ${shape.discriminator}` : '';
    const text = this.facts(shape.facts);
    return {
      ...(summary && shape.fields.length ? {summary} : {}),
      fields: shape.fields.map((field) => this.field(field)),
      ...(shape.variants.length
        ? {
            variants: {
              summary: `${owner} is ${how} of ${shape.variants.length} kinds${selectedBy}`,
              items: shape.variants.map((variant) => {
                const variantText = this.description(variant.description);
                return {
                  id: variant.id,
                  summary:
                    variant.selector && shape.discriminator
                      ? `${shape.discriminator} = ${variant.selector}: ${variant.title}`
                      : variant.title,
                  ...(variantText.length ? {text: variantText} : {}),
                  shape: this.shape(variant.shape, variant.title),
                };
              }),
            },
          }
        : {}),
      ...(text.length ? {text} : {}),
    };
  }

  examples(examples: ExampleModel[], contentType: string, what: string): ExampleData[] {
    return examples.map((example) => {
      const summary = example.name
        ? `${what}: ${example.summary ?? example.name}`
        : `${what}${example.generated ? ' (built from the schema)' : ''}`;
      const description = this.description(example.description);
      if (example.externalValue) {
        const at: ProseBlock = {
          paragraph: ['The example is at ', link(example.externalValue, example.externalValue), '.'],
        };
        return {summary, text: [...description, at]};
      }
      const {language, code} = exampleCode(example.value, contentType);
      return {
        summary,
        ...(description.length ? {text: description} : {}),
        code: this.code('examples', code, {language}),
      };
    });
  }

  mediaLine(media: MediaModel): ProseBlock {
    const schema: Inline[] =
      media.schemaName && media.schemaName !== media.type ? [' (schema ', {code: media.schemaName}, ')'] : [];
    return {paragraph: ['Media type ', {code: media.contentType}, `: ${media.type}`, ...schema, '.']};
  }

  hasFields(shape: SchemaShape): boolean {
    return shape.fields.length + shape.variants.length + shape.facts.length > 0;
  }

  body(body: BodyModel, id: string, level: 3 | 4): BodyData {
    const lead: ProseBlock[] =
      body.media.length > 1 ? [{paragraph: [`In one of ${body.media.length} media types.`]}] : [];
    const text = [...lead, ...this.description(body.description)];
    return {
      id,
      level,
      ...(body.required ? {required: true as const} : {}),
      ...(text.length ? {text} : {}),
      media: body.media.map((media) => ({
        text: [this.mediaLine(media)],
        ...(this.hasFields(media.shape) ? {shape: this.shape(media.shape, 'The body')} : {}),
        examples: this.examples(media.examples, media.contentType, 'Example request body'),
      })),
    };
  }

  response(response: ResponseModel, idPrefix: string, level: 3 | 4): ResponseData {
    const success = /^2/.test(response.status);
    const text = this.description(response.description);
    const links = response.links.map((target): Inline[] => [
      {code: target.name},
      ...(target.target ? [': ', {code: target.target}] : []),
      ...(target.parameters.length
        ? [
            ' with ',
            ...joined(
              target.parameters.map(([name, value]): Inline[] => [
                {code: name},
                ' = ',
                {code: typeof value === 'string' ? value : JSON.stringify(value)},
              ]),
              ', ',
            ),
          ]
        : []),
      ...(target.description ? [`. ${target.description.replace(/\s+/g, ' ').trim()}`] : []),
    ]);
    return {
      id: `${idPrefix}${response.status.toLowerCase()}`,
      level,
      title: response.title,
      ...(text.length ? {text} : {}),
      ...(response.headers.length
        ? {
            headers: {
              summary: `Headers (${response.headers.length})`,
              open: success,
              fields: response.headers.map((field) => this.field(field)),
            },
          }
        : {}),
      media: response.media.map((media) => {
        const fields = this.hasFields(media.shape);
        return {
          ...(fields ? {} : {text: [this.mediaLine(media)]}),
          ...(fields
            ? {
                shape: this.shape(media.shape, 'The body'),
                fold: {summary: `Body: ${media.type}, ${media.contentType}`, open: success},
              }
            : {}),
          examples: this.examples(media.examples, media.contentType, `Example ${response.status} response`),
        };
      }),
      ...(links.length ? {links: [{paragraph: ['Links to other operations:']}, {list: links}]} : {}),
    };
  }

  security(security: SecurityModel): ProseBlock[] {
    const help: Inline[] = this.options.authenticationHelp
      ? [' (', {href: `${this.options.baseUrl.replace(/\/$/, '')}${this.options.authenticationHelp}`, text: 'how'}, ')']
      : [];
    if (security.alternatives.length === 0)
      return [{paragraph: ['No authentication: anyone can call this operation.']}];
    const requirement = (alternative: SecurityModel['alternatives'][number]): Inline[] =>
      joined(
        alternative.map(({scheme, scopes}): Inline[] => [
          scheme.label,
          ...(scopes.length
            ? [
                ', with the scopes ',
                ...joined(
                  scopes.map((scope): Inline[] => [{code: scope}]),
                  ', ',
                ),
              ]
            : []),
        ]),
        ' and ',
      );
    const lead = security.optional ? 'Authentication is optional; with it, send' : 'Authentication:';
    return security.alternatives.length === 1
      ? [{paragraph: [`${lead} `, ...requirement(security.alternatives[0]), ...help, '.']}]
      : [{paragraph: [`${lead} one of`, ...help, ':']}, {list: security.alternatives.map(requirement)}];
  }

  samples(model: ApiPageModel): ApiPageData['samples'] {
    if (model.samples.length === 0 && model.codeSamples.length === 0) return undefined;
    const variables = model.sampleVariables.map((variable): Inline[] => [
      {code: variable.name},
      ` (${variable.meaning})`,
    ]);
    const lead: ProseBlock[] =
      model.kind === 'webhook'
        ? [{paragraph: [`Send the request ${model.productName} sends, to test your endpoint.`]}]
        : [];
    const given = model.codeSamples.map((sample, index) => ({
      value: `given-${index}`,
      label: sample.label,
      code: this.code('samples', sample.source, {
        language: codeSampleLanguage(sample.language),
        metastring: `title=${JSON.stringify(sample.label)}`,
      }),
    }));
    const generated = model.samples.map((sample) => ({
      value: sample.id,
      label: sample.label,
      code: this.code('samples', sample.code, {
        language: sample.language,
        metastring: `title=${JSON.stringify(sample.library)}`,
      }),
    }));
    const text: Prose = [
      ...lead,
      ...(variables.length
        ? [{paragraph: ['The generated samples read ', ...joined(variables, ' and '), ' from the environment.']}]
        : []),
    ];
    return {
      title: model.kind === 'webhook' ? 'Delivery samples' : 'Request samples',
      ...(text.length ? {text} : {}),
      groupId: SAMPLE_LANGUAGE_GROUP,
      tabs: [...given, ...generated],
      template: model.sampleTemplate,
    };
  }

  callback(callback: CallbackModel): SectionData {
    return {
      id: `${callback.idPrefix}request`,
      title: `${callback.name}: ${callback.method.toUpperCase()} ${callback.expression}`,
      groups: callback.parameters.length
        ? [
            {
              id: `${callback.idPrefix}parameters`,
              title: 'Parameters',
              fields: callback.parameters.map((field) => this.field(field)),
            },
          ]
        : [],
      ...(callback.request ? {body: this.body(callback.request, `${callback.idPrefix}body`, 4)} : {}),
      responses: callback.responses.map((response) => this.response(response, `${callback.idPrefix}response-`, 4)),
    };
  }
}

/** The data of an object's page: the same fields, example and uses as its Markdown (render-markdown.ts). */
export function objectPageData(model: ObjectPageModel, uses: ObjectUses, options: PageRenderOptions): ApiObjectData {
  const data = new PageData(options);
  const href = (id: string) => options.apiPageHref?.(id);
  const item = (id: string, text: string): Inline[] => {
    const target = href(id);
    return [target ? {href: target, text} : text];
  };
  const operations = uses.operations.map((use): Inline[] => [
    ...item(use.id, use.title),
    ': ',
    {code: use.kind === 'webhook' ? `webhook ${use.path}` : `${use.method.toUpperCase()} ${use.path}`},
  ]);
  const tags = uses.tags.map((tag): Inline[] => [
    ...item(tag.id, tag.label),
    `: ${tag.count} operation${tag.count === 1 ? '' : 's'}`,
  ]);
  const objects = uses.objects.map((object) => item(object.id, `The ${object.name} object`));
  return {
    ...(model.deprecated
      ? {deprecation: 'This object is deprecated: avoid it in new code; its description says what replaces it.'}
      : {}),
    text: [
      {paragraph: ['Schema ', {code: model.name}, ' (', {code: model.type}, ').']},
      ...data.description(model.description),
    ],
    fields: data.shape(model.shape, model.name),
    example: options.highlight(JSON.stringify(model.example, null, 2), {language: 'json'}),
    ...(operations.length + tags.length ? {operations: [{list: [...operations, ...tags]}]} : {}),
    ...(objects.length ? {objects: [{list: objects}]} : {}),
  };
}

/** The data of a page of the API reference, which src/plugins/api-reference/theme/ApiReferencePage renders. */
export function pageData(model: ApiPageModel, options: PageRenderOptions): ApiPageData {
  const data = new PageData(options);
  const externalDocs: ProseBlock[] = model.externalDocs
    ? [
        {
          paragraph: [
            'See also: ',
            link(model.externalDocs.description ?? model.externalDocs.url, model.externalDocs.url),
            '.',
          ],
        },
      ]
    : [];
  const webhook = model.kind === 'webhook';
  const samples = data.samples(model);
  return {
    method: model.method,
    server: webhook ? '' : model.server,
    path: model.path,
    ...(webhook ? {webhook: true as const} : {}),
    ...(model.deprecated
      ? {
          deprecation: `This ${webhook ? 'webhook' : 'operation'} is deprecated: avoid it in new code; its description says what replaces it.`,
        }
      : {}),
    text: [...data.description(model.description), ...externalDocs, ...(webhook ? [] : data.security(model.security))],
    ...(samples ? {samples} : {}),
    request: {
      id: 'request',
      title: webhook ? `Request ${model.productName} sends` : 'Request',
      ...(model.parameters.length || model.body ? {} : {text: [{paragraph: ['No parameters and no request body.']}]}),
      groups: model.parameters.map((group) => ({
        id: `${group.place}-parameters`,
        title: group.title,
        fields: group.fields.map((field) => data.field(field)),
      })),
      ...(model.body ? {body: data.body(model.body, 'request-body', 3)} : {}),
      responses: [],
    },
    responses: {
      id: 'responses',
      title: webhook ? `Responses ${model.productName} expects` : 'Responses',
      groups: [],
      responses: model.responses.map((response) => data.response(response, 'response-', 3)),
    },
    ...(model.callbacks.length
      ? {
          callbacks: {
            title: 'Callbacks',
            text: [{paragraph: ['Requests the API sends to your server after this operation.']}],
            sections: model.callbacks.map((callback) => data.callback(callback)),
          },
        }
      : {}),
  };
}

/**
 * A JavaScript string literal of any text with no brace in its source (`{` and `}` written as \\u escapes): MDX
 * finds the end of an expression by trying to parse it at every `}`, which takes time quadratic in the braces of a
 * long expression.
 */
export function braceFreeString(text: string): string {
  return JSON.stringify(text).replace(/[{}]/g, (brace) => (brace === '{' ? '\\u007b' : '\\u007d'));
}

/**
 * The MDX of a generated page: its component, given the page's data, which is a module beside it, and its title.
 * The data stays out of the MDX: the bundler parses a string literal of a module at once, where MDX would tokenize
 * hundreds of kilobytes of an attribute or an export character by character, and Docusaurus would run its excerpt's
 * Markdown patterns over them (together a fifth of the build of a large description).
 */
export function generatedPageMdx(component: string, title: string, dataFile: string, exports = ''): string {
  return [
    `import ${component} from '@theme/${component}';`,
    `import page from './${dataFile}';`,
    ...(exports ? ['', exports] : []),
    '',
    `# {${braceFreeString(title)}}`,
    '',
    `<${component} page={page} />`,
    '',
  ].join('\n');
}
