// The Markdown version of a page of the API reference, written from the same model as the page (model.ts):
// the same fields with the same types, required marks and facts, the same examples (all named ones), the same
// samples. Descriptions are the sanitised ones of the page, converted to Markdown (text.ts).
import type {ExampleModel} from './examples';
import {fieldFlags, type Fact, type SchemaField, type SchemaShape, type Segment} from './fields';
import type {ApiPageModel, BodyModel, MediaModel, ResponseModel, SecurityModel} from './model';
import type {ObjectPageModel, ObjectUses} from './objects';
import {
  codeSampleLanguage,
  codeSpan,
  exampleCode,
  factMarkdown,
  fenced,
  markdownText,
  segmentMarkdown,
} from './render-text';
import {descriptionMarkdown} from './text';

export type MarkdownRenderOptions = {
  /** The absolute URL of the page, for in-page links (`#response-200`). */
  pageUrl: string;
  /** The server URL as a reader calls it (variables set to their defaults). */
  serverUrl: string;
  /** The site's origin and base URL: a description's links are made absolute against them and the page's URL. */
  origin: string;
  baseUrl: string;
  /** A one-line summary under the title (the page's description), or none. */
  summary?: string;
  /** The absolute URL of the API reference's root, `/` ended: links to its other pages are under it. */
  apiBase: string;
};

/** `(`type`, required, nullable)`: the field's signature, the same words the page shows. */
export function fieldSignature(
  field: Pick<SchemaField, 'type' | 'required' | 'nullable' | 'readOnly' | 'writeOnly' | 'deprecated'>,
): string {
  return `(${[codeSpan(field.type), ...fieldFlags(field)].join(', ')})`;
}

class MarkdownWriter {
  constructor(private readonly options: MarkdownRenderOptions) {}

  /**
   * A fact as Markdown. A link to another page of the API reference is resolved against this page's URL (the
   * pages are siblings under one route); without a page URL it is its text.
   */
  fact(fact: Fact): string {
    const resolved = fact.map((segment): Segment => {
      if (typeof segment === 'string' || 'code' in segment || segment.page === undefined) return segment;
      return {link: `${this.apiPageUrl(segment.page)}${segment.link}`, text: segment.text};
    });
    return factMarkdown(resolved, this.options.pageUrl);
  }

  /** The URL of another page of the API reference, by its id (`get-dataset`, `objects/dataset`). */
  apiPageUrl(id: string): string {
    return `${this.options.apiBase}${id.split('/').map(encodeURIComponent).join('/')}`;
  }

  description(markdown: string | undefined): string {
    const {origin, baseUrl, pageUrl} = this.options;
    return descriptionMarkdown(markdown, {origin, baseUrl, pageUrl});
  }

  /** Continuation lines of a list item, indented under it. */
  private indent(text: string, depth: number): string {
    return text
      .split('\n')
      .map((line) => (line ? `${'  '.repeat(depth + 1)}${line}` : ''))
      .join('\n');
  }

  fields(fields: SchemaField[], depth: number): string[] {
    const lines: string[] = [];
    for (const field of fields) {
      const description = this.description(field.description);
      const facts = field.facts.map((fact) => this.fact(fact)).join(' ');
      const [first, ...rest] = [description, facts].filter(Boolean).join('\n\n').split('\n');
      lines.push(`${'  '.repeat(depth)}- ${codeSpan(field.name)} ${fieldSignature(field)}${first ? `: ${first}` : ''}`);
      if (rest.length) lines.push(this.indent(rest.join('\n'), depth));
      if (field.shape) lines.push(...this.shape(field.shape, depth + 1, field.name));
    }
    return lines;
  }

  shape(shape: SchemaShape, depth: number, owner: string): string[] {
    const lines = this.fields(shape.fields, depth);
    if (shape.variants.length) {
      const selectedBy = shape.discriminator ? `, selected by ${codeSpan(shape.discriminator)}` : '';
      lines.push(
        `${'  '.repeat(depth)}- ${markdownText(owner)} is ${shape.variantKeyword === 'anyOf' ? 'one or more' : 'one'} of ${shape.variants.length} kinds${selectedBy}:`,
      );
      for (const variant of shape.variants) {
        const name =
          variant.selector && shape.discriminator
            ? `${codeSpan(`${shape.discriminator} = ${variant.selector}`)}: ${markdownText(variant.title)}`
            : markdownText(variant.title);
        const description = this.description(variant.description).replace(/\s*\n\s*/g, ' ');
        lines.push(`${'  '.repeat(depth + 1)}- One of: **${name}**${description ? `. ${description}` : ''}`);
        lines.push(...this.shape(variant.shape, depth + 2, variant.title));
      }
    }
    for (const fact of shape.facts) lines.push(`${'  '.repeat(depth)}- ${this.fact(fact)}`);
    return lines;
  }

  examples(examples: ExampleModel[], contentType: string, what: string): string[] {
    const parts: string[] = [];
    for (const example of examples) {
      const title = example.name
        ? `${what}: ${example.summary ?? example.name}`
        : `${what}${example.generated ? ' (built from the schema)' : ''}`;
      parts.push(`${markdownText(title)}:`);
      const description = this.description(example.description);
      if (description) parts.push(description);
      if (example.externalValue) parts.push(`The example is at <${example.externalValue}>.`);
      else {
        const {language, code} = exampleCode(example.value, contentType);
        parts.push(fenced(language, code));
      }
    }
    return parts;
  }

  mediaLine(media: MediaModel): string {
    return `Media type ${codeSpan(media.contentType)}: ${codeSpan(media.type)}${media.schemaName && media.schemaName !== media.type ? ` (schema ${codeSpan(media.schemaName)})` : ''}.`;
  }

  body(body: BodyModel, title: string): string[] {
    const parts = [
      title,
      `${body.required ? 'Required' : 'Optional'}${body.media.length > 1 ? `, in one of ${body.media.length} media types` : ''}.`,
    ];
    const description = this.description(body.description);
    if (description) parts.push(description);
    for (const media of body.media) {
      parts.push(this.mediaLine(media));
      const fields = this.shape(media.shape, 0, 'The body');
      if (fields.length) parts.push(fields.join('\n'));
      parts.push(...this.examples(media.examples, media.contentType, 'Example request body'));
    }
    return parts;
  }

  /** A response; its examples stand with it, or (`withExamples` false, an operation's) under Response samples. */
  response(response: ResponseModel, level: string, withExamples = true): string[] {
    const parts = [`${level} ${markdownText(response.title)}`];
    const description = this.description(response.description);
    if (description) parts.push(description);
    if (response.headers.length) parts.push('Headers:', this.fields(response.headers, 0).join('\n'));
    for (const media of response.media) {
      parts.push(this.mediaLine(media));
      const fields = this.shape(media.shape, 0, 'The body');
      if (fields.length) parts.push(fields.join('\n'));
      if (withExamples)
        parts.push(...this.examples(media.examples, media.contentType, `Example ${response.status} response`));
    }
    if (response.links.length) {
      parts.push(
        'Links to other operations:',
        response.links
          .map(
            (link) =>
              `- ${codeSpan(link.name)}${link.target ? `: ${codeSpan(link.target)}` : ''}${link.parameters.length ? ` with ${link.parameters.map(([name, value]) => `${codeSpan(name)} = ${codeSpan(typeof value === 'string' ? value : JSON.stringify(value))}`).join(', ')}` : ''}${link.description ? `. ${markdownText(link.description.replace(/\s+/g, ' ').trim())}` : ''}`,
          )
          .join('\n'),
      );
    }
    return parts;
  }

  /** Each response's examples under its title, as the page's Response samples show them beside the request. */
  responseSamples(responses: ResponseModel[]): string[] {
    const parts: string[] = [];
    for (const response of responses) {
      parts.push(`### ${markdownText(response.title)}`);
      const examples = response.media.map((media) =>
        this.examples(media.examples, media.contentType, `Example ${response.status} response`),
      );
      parts.push(...(examples.flat().length ? examples.flat() : [response.media.length ? 'No example.' : 'No body.']));
    }
    return parts;
  }

  security(security: SecurityModel): string {
    if (security.alternatives.length === 0) return 'No authentication: anyone can call this operation.';
    const requirement = (alternative: SecurityModel['alternatives'][number]) =>
      alternative
        .map(
          ({scheme, scopes}) =>
            `${markdownText(scheme.label)}${scopes.length ? `, with the scopes ${scopes.map(codeSpan).join(', ')}` : ''}`,
        )
        .join(' and ');
    const lead = security.optional ? 'Authentication is optional; with it, send' : 'Authentication:';
    return security.alternatives.length === 1
      ? `${lead} ${requirement(security.alternatives[0])}.`
      : `${lead} one of:\n\n${security.alternatives.map((alternative) => `- ${requirement(alternative)}`).join('\n')}`;
  }
}

/** The Markdown of one page of the API reference. */
export function pageMarkdown(model: ApiPageModel, options: MarkdownRenderOptions): string {
  const writer = new MarkdownWriter(options);
  const method = model.method.toUpperCase();
  const parts: string[] = [`# ${markdownText(model.title)}`];
  // The summary is the first line of the description, links included: they are made absolute like its own.
  if (options.summary) parts.push(`> ${writer.description(options.summary).replace(/\s*\n\s*/g, ' ')}`);
  if (model.deprecated)
    parts.push(
      `> Deprecated: avoid this ${model.kind === 'webhook' ? 'webhook' : 'operation'} in new code; its description says what replaces it.`,
    );
  if (model.kind === 'webhook') {
    parts.push(
      `## Webhook ${markdownText(model.path)}`,
      `The API sends ${codeSpan(method)} to the URL of your endpoint.`,
    );
  } else {
    parts.push(`## ${method} ${markdownText(model.path)}`, codeSpan(`${method} ${options.serverUrl}${model.path}`));
  }
  parts.push(
    `${model.kind === 'webhook' ? 'Webhook' : 'Operation'} id ${codeSpan(model.operationId ?? model.id)}${model.tags[0] ? `, in ${markdownText(model.tags[0])}` : ''}.`,
  );
  const description = writer.description(model.description);
  if (description) parts.push(description);
  if (model.externalDocs)
    parts.push(
      `See also: ${segmentMarkdown({link: model.externalDocs.url, text: model.externalDocs.description ?? model.externalDocs.url}, options.pageUrl)}.`,
    );
  if (model.kind === 'operation') parts.push(writer.security(model.security));

  parts.push(model.kind === 'webhook' ? `## Request ${markdownText(model.productName)} sends` : '## Request');
  for (const group of model.parameters) parts.push(`### ${group.title}`, writer.fields(group.fields, 0).join('\n'));
  if (model.body) parts.push(...writer.body(model.body, '### Request body'));
  if (!model.parameters.length && !model.body) parts.push('No parameters and no request body.');

  parts.push(model.kind === 'webhook' ? `## Responses ${markdownText(model.productName)} expects` : '## Responses');
  for (const response of model.responses) parts.push(...writer.response(response, '###', false));

  if (model.callbacks.length) {
    parts.push('## Callbacks', 'Requests the API sends to your server after this operation.');
    for (const callback of model.callbacks) {
      parts.push(`### ${markdownText(`${callback.name}: ${callback.method.toUpperCase()} ${callback.expression}`)}`);
      if (callback.parameters.length) parts.push(writer.fields(callback.parameters, 0).join('\n'));
      if (callback.request) parts.push(...writer.body(callback.request, '#### Request body'));
      for (const response of callback.responses) parts.push(...writer.response(response, '####'));
    }
  }

  if (model.samples.length || model.codeSamples.length) {
    parts.push(model.kind === 'webhook' ? '## Delivery samples' : '## Request samples');
    if (model.sampleVariables.length) {
      parts.push(
        `The generated samples read ${model.sampleVariables.map((variable) => `${codeSpan(variable.name)} (${markdownText(variable.meaning)})`).join(' and ')} from the environment.`,
      );
    }
    for (const sample of model.codeSamples)
      parts.push(`${markdownText(sample.label)}:`, fenced(codeSampleLanguage(sample.language), sample.source));
    for (const sample of model.samples)
      parts.push(
        `${sample.label === sample.library ? sample.label : `${sample.label} (${sample.library})`}:`,
        fenced(sample.language, sample.code),
      );
  }
  if (model.responses.length) parts.push('## Response samples', ...writer.responseSamples(model.responses));
  return parts.join('\n\n');
}

/** The Markdown of an object's page: the same fields, example and uses as its HTML (render-page.ts, objectPageData). */
export function objectMarkdown(
  model: ObjectPageModel,
  uses: ObjectUses,
  options: Omit<MarkdownRenderOptions, 'serverUrl'>,
): string {
  const writer = new MarkdownWriter({...options, serverUrl: ''});
  const parts: string[] = [`# ${markdownText(model.title)}`];
  if (options.summary) parts.push(`> ${writer.description(options.summary).replace(/\s*\n\s*/g, ' ')}`);
  if (model.deprecated)
    parts.push('> Deprecated: avoid this object in new code; its description says what replaces it.');
  parts.push(`Schema ${codeSpan(model.name)} (${codeSpan(model.type)}).`);
  const description = writer.description(model.description);
  if (description) parts.push(description);
  const fields = writer.shape(model.shape, 0, model.name);
  parts.push('## Fields', fields.length ? fields.join('\n') : 'No fields.');
  parts.push('## Example', fenced('json', JSON.stringify(model.example, null, 2)));
  const link = (id: string, text: string) => `[${markdownText(text)}](${writer.apiPageUrl(id)})`;
  if (uses.operations.length + uses.tags.length)
    parts.push(
      '## Operations and webhooks',
      [
        ...uses.operations.map(
          (use) =>
            `- ${link(use.id, use.title)}: ${codeSpan(use.kind === 'webhook' ? `webhook ${use.path}` : `${use.method.toUpperCase()} ${use.path}`)}`,
        ),
        ...uses.tags.map((tag) => `- ${link(tag.id, tag.label)}: ${tag.count} operation${tag.count === 1 ? '' : 's'}`),
      ].join('\n'),
    );
  if (uses.objects.length)
    parts.push(
      '## Objects that hold it',
      uses.objects.map((object) => `- ${link(object.id, `The ${object.name} object`)}`).join('\n'),
    );
  return parts.join('\n\n');
}
