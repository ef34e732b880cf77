import {useState, type ReactNode} from 'react';
import Heading from '@theme/Heading';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';
import ApiDisclosure from '../ApiDisclosure';
import ApiEndpoint from '../ApiEndpoint';
import ApiShape, {ApiFields} from '../ApiShape';
import ApiDeprecation from '../ApiDeprecation';
import ApiProse from '../ApiProse';
import ApiYourValues, {type FilledSamples} from '../ApiYourValues';
import StaticCodeBlock from '@site/src/components/StaticCodeBlock';
import type {ApiPageData, ExampleData, MediaData, SectionData} from '@site/src/openapi/render-page';
import {pageDataOf, type PageDataProp} from '../../page-data/page-data-of';

function Examples({examples}: {examples: ExampleData[]}): ReactNode {
  return examples.map((example, index) => (
    <ApiDisclosure key={index} summary={example.summary}>
      <ApiProse blocks={example.text} />
      {example.code ? <StaticCodeBlock {...example.code} /> : null}
    </ApiDisclosure>
  ));
}

/** A body's media type: its fields and, unless they are shown with the samples, its examples. */
function Media({media, withExamples = true}: {media: MediaData; withExamples?: boolean}): ReactNode {
  return (
    <>
      <ApiProse blocks={media.text} />
      {media.shape && media.fold ? (
        <ApiDisclosure summary={media.fold.summary} open={media.fold.open}>
          <ApiShape shape={media.shape} />
        </ApiDisclosure>
      ) : media.shape ? (
        <ApiShape shape={media.shape} />
      ) : null}
      {withExamples ? <Examples examples={media.examples} /> : null}
    </>
  );
}

/** Request, responses or a callback: parameter groups, body, responses, each under its own anchored heading. */
function Section({
  section,
  level,
  responseExamples = true,
}: {
  section: SectionData;
  level: 2 | 3;
  /** Whether the responses show their examples here (a callback's do; an operation's are in its samples). */
  responseExamples?: boolean;
}): ReactNode {
  const as = `h${level}` as const;
  return (
    <>
      <Heading as={as} id={section.id}>
        {section.title}
      </Heading>
      <ApiProse blocks={section.text} />
      {section.groups.map((group) => (
        <div key={group.id}>
          <Heading as="h3" id={group.id}>
            {group.title}
          </Heading>
          <ApiFields fields={group.fields} />
        </div>
      ))}
      {section.body ? (
        <>
          <Heading as={section.body.level === 3 ? 'h3' : 'h4'} id={section.body.id}>
            Request body
            {section.body.required ? <span className="api-required-flag">required</span> : null}
          </Heading>
          <ApiProse blocks={section.body.text} />
          {section.body.media.map((media, index) => (
            <Media key={index} media={media} />
          ))}
        </>
      ) : null}
      {section.responses.map((response) => (
        <div key={response.id}>
          <Heading as={response.level === 3 ? 'h3' : 'h4'} id={response.id}>
            {response.title}
          </Heading>
          <ApiProse blocks={response.text} />
          {response.headers ? (
            <ApiDisclosure summary={response.headers.summary} open={response.headers.open}>
              <ApiFields fields={response.headers.fields} />
            </ApiDisclosure>
          ) : null}
          {response.media.map((media, index) => (
            <Media key={index} media={media} withExamples={responseExamples} />
          ))}
          <ApiProse blocks={response.links} />
        </div>
      ))}
    </>
  );
}

/**
 * The response of each documented status beside the request samples, as native folds (the first open): its
 * examples, or what it sends when it has none. Complete without JavaScript.
 */
function ResponseSamples({responses}: {responses: SectionData['responses']}): ReactNode {
  if (responses.length === 0) return null;
  return (
    <>
      <Heading as="h2" id="response-samples">
        Response samples
      </Heading>
      {responses.map((response, index) => {
        const examples = response.media.flatMap((media) => media.examples);
        return (
          <ApiDisclosure key={response.id} summary={response.title} open={index === 0}>
            {examples.length ? (
              examples.map((example, exampleIndex) => (
                <div key={exampleIndex}>
                  {examples.length > 1 ? <p className="api-example-caption">{example.summary}</p> : null}
                  <ApiProse blocks={example.text} />
                  {example.code ? <StaticCodeBlock {...example.code} /> : null}
                </div>
              ))
            ) : (
              <p>{response.media.length ? 'No example.' : 'No body.'}</p>
            )}
          </ApiDisclosure>
        );
      })}
    </>
  );
}

/**
 * A page of the API reference: the data src/openapi/render-page.ts writes from the OpenAPI file (a module beside the
 * MDX),
 * rendered at build time. Everything is in the HTML the server sends; folds are native <details>.
 */
export default function ApiReferencePage(props: {page: PageDataProp<ApiPageData>}): ReactNode {
  const page = pageDataOf(props.page);
  const [filled, setFilled] = useState<FilledSamples>(null);
  return (
    <>
      <ApiEndpoint method={page.method} server={page.server} path={page.path} webhook={page.webhook} />
      <ApiDeprecation text={page.deprecation} />
      <ApiProse blocks={page.text} />
      <div className="api-operation">
        <div className="api-operation__request">
          <Section section={page.request} level={2} />
        </div>
        {/* Out of the search index: the same request six times over, in six languages. */}
        <div className="api-operation__samples" data-pagefind-ignore="">
          {page.samples ? (
            <>
              <ApiYourValues title={page.samples.title} template={page.samples.template} onSamples={setFilled} />
              <ApiProse blocks={page.samples.text} />
              <Tabs groupId={page.samples.groupId} className="api-sample-tabs">
                {page.samples.tabs.map((tab) => (
                  <TabItem key={tab.value} value={tab.value} label={tab.label}>
                    <StaticCodeBlock {...(filled?.[tab.value] ?? tab.code)} />
                  </TabItem>
                ))}
              </Tabs>
            </>
          ) : null}
          <ResponseSamples responses={page.responses.responses} />
        </div>
        <div className="api-operation__responses">
          <Section section={page.responses} level={2} responseExamples={false} />
          {page.callbacks ? (
            <>
              <Heading as="h2" id="callbacks">
                {page.callbacks.title}
              </Heading>
              <ApiProse blocks={page.callbacks.text} />
              {page.callbacks.sections.map((section) => (
                <Section key={section.id} section={section} level={3} />
              ))}
            </>
          ) : null}
        </div>
      </div>
    </>
  );
}
