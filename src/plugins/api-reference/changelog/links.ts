// Where today's API reference shows a change: the page of its operation and the anchor of its section or field, read
// from the anchors of the page's own data (pageAnchors: a projection of the data the page is rendered from, kept by
// the build object for every page it made), never derived again here. A field the description no longer has links
// to the nearest thing the page still shows: its parent field, its body or response, its parameter group, the page.
import type {ApiPageData, ApiPageModel} from '../../../openapi';
import type {ShapeData} from '../../../openapi/render-page';
import type {ChangeTarget} from './compare';

/** The anchors of a shape: each field's, down its nested fields, and each alternative's. */
type ShapeAnchors = {fields: FieldAnchors[]; variants?: Array<{id: string; shape: ShapeAnchors}>};
type FieldAnchors = {name: string; id: string; nested?: ShapeAnchors};
type MediaAnchors = {contentType: string; shape?: ShapeAnchors};

/** The anchors of one page: its parameter groups, request body and responses, as its data names them. */
export type PageAnchors = {
  parameters: Array<{place: string; id: string; fields: FieldAnchors[]}>;
  body?: {id: string; media: MediaAnchors[]};
  responsesId: string;
  responses: Array<{status: string; id: string; headers?: FieldAnchors[]; media: MediaAnchors[]}>;
};

function shapeAnchors(shape: ShapeData | undefined): ShapeAnchors | undefined {
  if (!shape) return undefined;
  return {
    fields: shape.fields.map((field) => ({
      name: field.name,
      id: field.id,
      ...(field.nested ? {nested: shapeAnchors(field.nested)} : {}),
    })),
    ...(shape.variants
      ? {variants: shape.variants.items.map((variant) => ({id: variant.id, shape: shapeAnchors(variant.shape)!}))}
      : {}),
  };
}

/** The anchors of a page, from its model (places, statuses, media types) and its data (the ids it renders). */
export function pageAnchors(model: ApiPageModel, data: ApiPageData): PageAnchors {
  const body = data.request.body;
  return {
    parameters: model.parameters.map((group, index) => ({
      place: group.place,
      id: data.request.groups[index]?.id ?? '',
      fields: shapeAnchors({fields: data.request.groups[index]?.fields ?? []} as ShapeData)!.fields,
    })),
    ...(body && model.body
      ? {
          body: {
            id: body.id,
            media: model.body.media.map((media, index) => ({
              contentType: media.contentType,
              shape: shapeAnchors(body.media[index]?.shape),
            })),
          },
        }
      : {}),
    responsesId: data.responses.id,
    responses: model.responses.map((response, index) => {
      const rendered = data.responses.responses[index];
      return {
        status: response.status,
        id: rendered?.id ?? data.responses.id,
        ...(rendered?.headers ? {headers: shapeAnchors(rendered.headers)!.fields} : {}),
        media: response.media.map((media, mediaIndex) => ({
          contentType: media.contentType,
          shape: shapeAnchors(rendered?.media[mediaIndex]?.shape),
        })),
      };
    }),
  };
}

/** The deepest anchor down `field` in a shape (names of properties, indexes of alternatives). */
function fieldAnchor(
  shape: ShapeAnchors | undefined,
  field: Array<string | number>,
  found?: string,
): string | undefined {
  if (!shape || field.length === 0) return found;
  const [step, ...rest] = field;
  if (typeof step === 'number') {
    const variant = shape.variants?.[step];
    return variant ? fieldAnchor(variant.shape, rest, variant.id) : found;
  }
  const match = shape.fields.find((item) => item.name === step);
  return match ? fieldAnchor(match.nested, rest, match.id) : found;
}

function sectionAnchor(anchors: PageAnchors, target: Extract<ChangeTarget, {field: unknown}>): string | undefined {
  const {section, field} = target;
  if (!section) return undefined;
  if (section.in === 'parameter') {
    const group = anchors.parameters.find((item) => item.place === section.place);
    const parameter = group?.fields.find((item) => item.name === section.name);
    if (!parameter) return group?.id || undefined;
    return fieldAnchor(parameter.nested, field, parameter.id);
  }
  const mediaOf = (media: MediaAnchors[]) =>
    media[Math.max(0, section.mediaType ? media.findIndex((item) => item.contentType === section.mediaType) : 0)];
  if (section.in === 'request-body') {
    if (!anchors.body) return undefined;
    return fieldAnchor(mediaOf(anchors.body.media)?.shape, field, anchors.body.id);
  }
  const response = anchors.responses.find((item) => item.status === section.status);
  if (!response) return anchors.responsesId;
  if (section.header !== undefined) {
    const header = response.headers?.find((item) => item.name === section.header);
    return header ? fieldAnchor(header.nested, field, header.id) : response.id;
  }
  return fieldAnchor(mediaOf(response.media)?.shape, field, response.id);
}

export type LinkOptions = {
  /** The pages of today's reference by `<kind> <method> <path>`: their page id and anchors. */
  pages: Map<string, {slug: string; anchors: PageAnchors}>;
  /** The site path of the API reference (`/docs/api/`) and of the root page's authentication section. */
  apiBase: string;
  securityHref?: string;
};

/** The key of a page in LinkOptions.pages. */
export function linkKey(page: {kind: string; method: string; path: string}): string {
  return `${page.kind} ${page.method} ${page.path}`;
}

/** A function from a change's target to its site path, `/docs/api/create-datastore#request-body-connection`. */
export function changeLinker(options: LinkOptions): (target: ChangeTarget) => string | undefined {
  return (target) => {
    if (target.kind === 'security') return options.securityHref;
    const page = options.pages.get(linkKey(target));
    if (!page) return undefined;
    const href = `${options.apiBase}${page.slug}`;
    if (!target.section) return href;
    const anchor = sectionAnchor(page.anchors, target);
    return anchor ? `${href}#${anchor}` : href;
  };
}
