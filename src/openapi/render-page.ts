// The MDX of one page of the API reference (an operation or a webhook), written from its model (model.ts).
// Every text that comes from the OpenAPI file reaches MDX as data: a JSON string in a JSX attribute (sanitised
// HTML for descriptions, text for names and types) or the content of a fenced code block. MDX never parses it,
// so braces, `<`, backticks or a multi-line example cannot break the page. Nested objects, variants and
// examples fold in native <details> that work without JavaScript.
import type {Json} from './document';
import type {ExampleModel} from './examples';
import type {Fact, SchemaField, SchemaShape} from './fields';
import type {ApiPageModel, BodyModel, CallbackModel, MediaModel, ResponseModel, SecurityModel} from './model';
import {descriptionHtml} from './text';
import {codeSampleLanguage, escapeHtml, exampleCode, factHtml, fenced} from './render-text';

/** The tab group whose choice Docusaurus remembers across pages and browser tabs. */
export const SAMPLE_LANGUAGE_GROUP = 'api-sample-language';

/** What the page renderer needs from the site. */
export type PageRenderOptions = {
  /** The site's base URL (`/docs/`): links to site paths in descriptions get it. */
  baseUrl: string;
  /** Where the reader learns to authenticate: a site path (`/api#authentication`), or none. */
  authenticationHelp?: string;
};

/** A JSX attribute value: any JSON as an expression. */
const attribute = (value: Json | undefined) => `{${JSON.stringify(value)}}`;

function heading(level: 2 | 3 | 4, id: string, text: string): string {
  return `<Heading as="h${level}" id=${attribute(id)}>{${JSON.stringify(text)}}</Heading>`;
}

class PageWriter {
  constructor(private readonly options: PageRenderOptions) {}

  /** Sanitised HTML, as an ApiText element; nothing when empty. */
  html(html: string): string {
    return html ? `<ApiText html=${attribute(html)} />` : '';
  }

  description(markdown: string | undefined): string {
    return this.html(descriptionHtml(markdown, this.options.baseUrl));
  }

  facts(facts: Fact[]): string {
    return facts.length ? `<p>${facts.map((fact) => factHtml(fact, this.options.baseUrl)).join(' ')}</p>` : '';
  }

  field(field: SchemaField): string {
    const flags = (['nullable', 'readOnly', 'writeOnly', 'deprecated'] as const).filter((flag) => field[flag]);
    const text = descriptionHtml(field.description, this.options.baseUrl) + this.facts(field.facts);
    return [
      `<ApiField id=${attribute(field.id)} name=${attribute(field.name)} type=${attribute(field.type)}${field.required ? ' required' : ''}${flags.map((flag) => ` ${flag}`).join('')}>`,
      this.html(text),
      field.shape ? this.nested(field.shape, field.name) : '',
      '</ApiField>',
    ]
      .filter(Boolean)
      .join('\n');
  }

  fieldList(fields: SchemaField[]): string {
    return ['<ApiFieldList>', ...fields.map((field) => this.field(field)), '</ApiFieldList>'].join('\n');
  }

  /** A nested object's fields, or a variant's, folded in a <details> that opens without JavaScript. */
  nested(shape: SchemaShape, owner: string): string {
    const parts: string[] = [];
    if (shape.fields.length) parts.push(`<ApiDisclosure summary=${attribute(`Fields of ${owner} (${shape.fields.length})`)}>`, this.fieldList(shape.fields), '</ApiDisclosure>');
    if (shape.variants.length) parts.push(this.variants(shape, owner));
    if (shape.facts.length) parts.push(this.html(this.facts(shape.facts)));
    return parts.join('\n');
  }

  variants(shape: SchemaShape, owner: string): string {
    const selectedBy = shape.discriminator ? `, selected by ${shape.discriminator}` : '';
    const how = shape.variantKeyword === 'anyOf' ? 'one or more' : 'one';
    return [
      `<ApiDisclosure summary=${attribute(`${owner} is ${how} of ${shape.variants.length} kinds${selectedBy}`)}>`,
      ...shape.variants.map((variant) =>
        [
          `<ApiDisclosure summary=${attribute(variant.selector && shape.discriminator ? `${shape.discriminator} = ${variant.selector}: ${variant.title}` : variant.title)}>`,
          this.description(variant.description),
          variant.shape.fields.length ? this.fieldList(variant.shape.fields) : '',
          variant.shape.variants.length ? this.variants(variant.shape, variant.title) : '',
          variant.shape.facts.length ? this.html(this.facts(variant.shape.facts)) : '',
          '</ApiDisclosure>',
        ]
          .filter(Boolean)
          .join('\n'),
      ),
      '</ApiDisclosure>',
    ].join('\n');
  }

  /** The top-level fields of a body: listed directly; variants and maps as in nested objects. */
  bodyFields(shape: SchemaShape): string {
    const parts: string[] = [];
    if (shape.fields.length) parts.push(this.fieldList(shape.fields));
    if (shape.variants.length) parts.push(this.variants(shape, 'The body'));
    if (shape.facts.length) parts.push(this.html(this.facts(shape.facts)));
    return parts.join('\n');
  }

  examples(examples: ExampleModel[], contentType: string, what: string): string {
    return examples
      .map((example) => {
        const title = example.name
          ? `${what}: ${example.summary ?? example.name}`
          : `${what}${example.generated ? ' (built from the schema)' : ''}`;
        const body = example.externalValue
          ? this.html(`<p>The example is at <a href="${escapeHtml(example.externalValue)}">${escapeHtml(example.externalValue)}</a>.</p>`)
          : (() => {
              const {language, code} = exampleCode(example.value, contentType);
              return ['', fenced(language, code), ''].join('\n');
            })();
        return [`<ApiDisclosure summary=${attribute(title)}>`, this.description(example.description), body, '</ApiDisclosure>'].filter(Boolean).join('\n');
      })
      .join('\n');
  }

  requestBody(body: BodyModel, idPrefix: string, headingLevel: 3 | 4): string {
    const parts = [heading(headingLevel, idPrefix, 'Request body')];
    parts.push(this.html(`<p>${body.required ? 'Required' : 'Optional'}${body.media.length > 1 ? `, in one of ${body.media.length} media types` : ''}.</p>`));
    parts.push(this.description(body.description));
    for (const media of body.media) {
      parts.push(this.html(`<p>${this.mediaLine(media)}</p>`), this.bodyFields(media.shape), this.examples(media.examples, media.contentType, 'Example request body'));
    }
    return parts.filter(Boolean).join('\n\n');
  }

  mediaLine(media: MediaModel): string {
    return `Media type <code>${escapeHtml(media.contentType)}</code>: ${escapeHtml(media.type)}${media.schemaName && media.schemaName !== media.type ? ` (schema <code>${escapeHtml(media.schemaName)}</code>)` : ''}.`;
  }

  response(response: ResponseModel, idPrefix: string, headingLevel: 3 | 4): string {
    const success = /^2/.test(response.status);
    const parts = [heading(headingLevel, `${idPrefix}${response.status.toLowerCase()}`, response.title), this.description(response.description)];
    if (response.headers.length) {
      parts.push(`<ApiDisclosure summary=${attribute(`Headers (${response.headers.length})`)}${success ? ' open' : ''}>`, this.fieldList(response.headers), '</ApiDisclosure>');
    }
    for (const media of response.media) {
      const fields = media.shape.fields.length + media.shape.variants.length + media.shape.facts.length;
      if (fields > 0) {
        parts.push(`<ApiDisclosure summary=${attribute(`Body: ${media.type}, ${media.contentType}`)}${success ? ' open' : ''}>`, this.bodyFields(media.shape), '</ApiDisclosure>');
      } else {
        parts.push(this.html(`<p>${this.mediaLine(media)}</p>`));
      }
      parts.push(this.examples(media.examples, media.contentType, `Example ${response.status} response`));
    }
    if (response.links.length) {
      const items = response.links.map(
        (link) =>
          `<li><code>${escapeHtml(link.name)}</code>${link.target ? `: <code>${escapeHtml(link.target)}</code>` : ''}${link.parameters.length ? ` with ${link.parameters.map(([name, value]) => `<code>${escapeHtml(name)}</code> = <code>${escapeHtml(typeof value === 'string' ? value : JSON.stringify(value))}</code>`).join(', ')}` : ''}${link.description ? `. ${escapeHtml(link.description.replace(/\s+/g, ' ').trim())}` : ''}</li>`,
      );
      parts.push(this.html(`<p>Links to other operations:</p><ul>${items.join('')}</ul>`));
    }
    return parts.filter(Boolean).join('\n\n');
  }

  security(security: SecurityModel): string {
    const help = this.options.authenticationHelp ? ` (<a href="${escapeHtml(`${this.options.baseUrl.replace(/\/$/, '')}${this.options.authenticationHelp}`)}">how</a>)` : '';
    if (security.alternatives.length === 0) return this.html('<p>No authentication: anyone can call this operation.</p>');
    const requirement = (alternative: SecurityModel['alternatives'][number]) =>
      alternative
        .map(({scheme, scopes}) => `${escapeHtml(scheme.label)}${scopes.length ? `, with the scopes ${scopes.map((scope) => `<code>${escapeHtml(scope)}</code>`).join(', ')}` : ''}`)
        .join(' and ');
    const lead = security.optional ? 'Authentication is optional; with it, send' : 'Authentication:';
    const text =
      security.alternatives.length === 1
        ? `<p>${lead} ${requirement(security.alternatives[0])}${help}.</p>`
        : `<p>${lead} one of${help}:</p><ul>${security.alternatives.map((alternative) => `<li>${requirement(alternative)}</li>`).join('')}</ul>`;
    return this.html(text);
  }

  samples(model: ApiPageModel): string {
    if (model.samples.length === 0 && model.codeSamples.length === 0) return '';
    const variables = model.sampleVariables.map((variable) => `<code>${escapeHtml(variable.name)}</code> (${escapeHtml(variable.meaning)})`);
    const given = model.codeSamples.map((sample, index) => ({id: `given-${index}`, label: sample.label, language: codeSampleLanguage(sample.label === sample.language ? sample.language : sample.language), library: sample.label, code: sample.source}));
    const tabs = [...given, ...model.samples];
    return [
      heading(2, 'request-samples', model.kind === 'webhook' ? 'Delivery samples' : 'Request samples'),
      model.kind === 'webhook' ? this.html('<p>Send the request Vigil sends, to test your endpoint.</p>') : '',
      variables.length ? this.html(`<p>The generated samples read ${variables.join(' and ')} from the environment.</p>`) : '',
      `<Tabs groupId=${attribute(SAMPLE_LANGUAGE_GROUP)}>`,
      ...tabs.map((sample) => [`<TabItem value=${attribute(sample.id)} label=${attribute(sample.label)}>`, '', fenced(sample.language, sample.code, `title=${JSON.stringify(sample.library)}`), '', '</TabItem>'].join('\n')),
      '</Tabs>',
      model.kind === 'operation' && model.samples.length ? '<RequestBuilder />' : '',
    ]
      .filter(Boolean)
      .join('\n\n');
  }

  request(model: ApiPageModel): string {
    const parts: string[] = [heading(2, 'request', model.kind === 'webhook' ? 'Request Vigil sends' : 'Request')];
    for (const group of model.parameters) parts.push(heading(3, `${group.place}-parameters`, group.title), this.fieldList(group.fields));
    if (model.body) parts.push(this.requestBody(model.body, 'request-body', 3));
    if (parts.length === 1) parts.push(this.html('<p>No parameters and no request body.</p>'));
    return parts.join('\n\n');
  }

  responses(model: ApiPageModel): string {
    const title = model.kind === 'webhook' ? 'Responses Vigil expects' : 'Responses';
    return [heading(2, 'responses', title), ...model.responses.map((response) => this.response(response, 'response-', 3))].join('\n\n');
  }

  callbacks(callbacks: CallbackModel[]): string {
    if (callbacks.length === 0) return '';
    const parts = [heading(2, 'callbacks', 'Callbacks'), this.html('<p>Requests the API sends to your server after this operation.</p>')];
    for (const callback of callbacks) {
      parts.push(heading(3, `${callback.idPrefix}request`, `${callback.name}: ${callback.method.toUpperCase()} ${callback.expression}`));
      if (callback.parameters.length) parts.push(this.fieldList(callback.parameters));
      if (callback.request) parts.push(this.requestBody(callback.request, `${callback.idPrefix}body`, 4));
      parts.push(...callback.responses.map((response) => this.response(response, `${callback.idPrefix}response-`, 4)));
    }
    return parts.join('\n\n');
  }
}

/** The body of a page of the API reference (the plugin adds the front matter). */
export function pageMdx(model: ApiPageModel, options: PageRenderOptions): string {
  const writer = new PageWriter(options);
  const deprecation = model.deprecated ? `\n:::warning[Deprecated]\n\n{${JSON.stringify(`This ${model.kind === 'webhook' ? 'webhook' : 'operation'} is deprecated: avoid it in new code; its description says what replaces it.`)}}\n\n:::\n` : '';
  const externalDocs = model.externalDocs
    ? writer.html(`<p>See also: <a href="${escapeHtml(model.externalDocs.url)}">${escapeHtml(model.externalDocs.description ?? model.externalDocs.url)}</a>.</p>`)
    : '';
  return [
    `import ApiDisclosure from '@site/src/components/ApiDisclosure';`,
    `import ApiEndpoint from '@site/src/components/ApiEndpoint';`,
    `import ApiField from '@site/src/components/ApiField';`,
    `import ApiFieldList from '@site/src/components/ApiFieldList';`,
    `import ApiText from '@site/src/components/ApiText';`,
    `import RequestBuilder from '@site/src/components/RequestBuilder';`,
    `import Heading from '@theme/Heading';`,
    `import Tabs from '@theme/Tabs';`,
    `import TabItem from '@theme/TabItem';`,
    '',
    `# {${JSON.stringify(model.title)}}`,
    '',
    `<ApiEndpoint method=${attribute(model.method)} server=${attribute(model.kind === 'webhook' ? '' : model.server)} path=${attribute(model.path)}${model.kind === 'webhook' ? ' webhook' : ''} />`,
    deprecation,
    writer.description(model.description),
    externalDocs,
    model.kind === 'webhook' ? '' : writer.security(model.security),
    '<div className="api-operation">',
    '<div className="api-operation__samples">',
    '',
    writer.samples(model),
    '',
    '</div>',
    '<div className="api-operation__reference">',
    '',
    writer.request(model),
    '',
    writer.responses(model),
    '',
    writer.callbacks(model.callbacks),
    '',
    '</div>',
    '</div>',
    '',
  ]
    .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
    .join('\n');
}
