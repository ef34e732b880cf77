// Where today's API reference shows a change: the page of its operation (the API plugin's page id) and the anchor
// of its section or field, read from the page's own data (src/openapi pageModel and pageData, the data the page is
// rendered from), never derived again here. A field the description no longer has links to the nearest thing the
// page still shows: its parent field, its body or response, its parameter group, the page.
import {
  apiPagesOf,
  identityOf,
  pageData,
  pageModel,
  type ApiIdentity,
  type ApiOperation,
  type ApiPageData,
  type ApiPageModel,
  type JsonObject,
  type PageRenderOptions,
} from '../../openapi';
import type {FieldData, ShapeData} from '../../openapi/render-page';
import type {ChangeTarget} from './compare';

export type LinkOptions = {
  spec: JsonObject;
  specFile: string;
  /** The site path of the API reference (`/docs/api/`) and of the root page's authentication section. */
  apiBase: string;
  securityHref?: string;
  identity?: ApiIdentity;
  /** The API pages' render options; their highlighter is not needed for anchors. */
  render: Omit<PageRenderOptions, 'highlight'>;
};

/** Anchors only: the samples' code is not highlighted (page data takes a highlighter). */
const plainCode: PageRenderOptions['highlight'] = (code, {language}) => ({
  tokens: JSON.stringify([[{content: code, types: ['plain']}]]),
  lineClass: '',
  preClass: '',
  lineClassNames: '[]',
  language: language ?? 'text',
  title: '',
  showLineNumbers: false,
});

/** The deepest anchor down `field` in a shape (names of properties, indexes of alternatives). */
function fieldAnchor(shape: ShapeData | undefined, field: Array<string | number>, found?: string): string | undefined {
  if (!shape || field.length === 0) return found;
  const [step, ...rest] = field;
  if (typeof step === 'number') {
    const variant = shape.variants?.items[step];
    return variant ? fieldAnchor(variant.shape, rest, variant.id) : found;
  }
  const match: FieldData | undefined = shape.fields.find((item) => item.name === step);
  return match ? fieldAnchor(match.nested, rest, match.id) : found;
}

function sectionAnchor(
  model: ApiPageModel,
  data: ApiPageData,
  target: Extract<ChangeTarget, {field: unknown}>,
): string | undefined {
  const {section, field} = target;
  if (!section) return undefined;
  if (section.in === 'parameter') {
    const index = model.parameters.findIndex((group) => group.place === section.place);
    const group = data.request.groups[index];
    const parameter = group?.fields.find((item) => item.name === section.name);
    if (!parameter) return group?.id;
    return fieldAnchor(parameter.nested, field, parameter.id);
  }
  const mediaIndex = (types: string[]) => Math.max(0, section.mediaType ? types.indexOf(section.mediaType) : 0);
  if (section.in === 'request-body') {
    const body = data.request.body;
    if (!body || !model.body) return undefined;
    const media = body.media[mediaIndex(model.body.media.map((item) => item.contentType))];
    return fieldAnchor(media?.shape, field, body.id);
  }
  const index = model.responses.findIndex((response) => response.status === section.status);
  const response = data.responses.responses[index];
  if (!response) return data.responses.id;
  if (section.header !== undefined) {
    const header = response.headers?.fields.find((item) => item.name === section.header);
    return header ? fieldAnchor(header.nested, field, header.id) : response.id;
  }
  const media = response.media[mediaIndex(model.responses[index].media.map((item) => item.contentType))];
  return fieldAnchor(media?.shape, field, response.id);
}

/** A function from a change's target to its site path, `/docs/api/create-datastore#request-body-connection`. */
export function changeLinker(options: LinkOptions): (target: ChangeTarget) => string | undefined {
  const {spec, specFile, apiBase} = options;
  const pages = apiPagesOf(spec, specFile);
  const identity = options.identity ?? identityOf(spec);
  const pageOf = new Map<string, ApiOperation>(pages.map((page) => [`${page.kind} ${page.method} ${page.path}`, page]));
  const rendered = new Map<string, {model: ApiPageModel; data: ApiPageData}>();
  const dataOf = (page: ApiOperation) => {
    let known = rendered.get(page.slug);
    if (!known) {
      const model = pageModel(spec, page, specFile, identity);
      known = {model, data: pageData(model, {...options.render, highlight: plainCode})};
      rendered.set(page.slug, known);
    }
    return known;
  };
  return (target) => {
    if (target.kind === 'security') return options.securityHref;
    const page = pageOf.get(`${target.kind} ${target.method} ${target.path}`);
    if (!page) return undefined;
    const href = `${apiBase}${page.slug}`;
    if (!target.section) return href;
    const {model, data} = dataOf(page);
    const anchor = sectionAnchor(model, data, target);
    return anchor ? `${href}#${anchor}` : href;
  };
}
