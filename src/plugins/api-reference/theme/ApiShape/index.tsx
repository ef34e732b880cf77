import type {ReactNode} from 'react';
import type {FieldData, ShapeData} from '@site/src/openapi/render-page';
import ApiDisclosure from '../ApiDisclosure';
import ApiField from '../ApiField';
import ApiFieldList from '../ApiFieldList';
import ApiProse from '../ApiProse';

/** Fields of the API reference (parameters, or the properties of one object), each with its text and nested fields. */
export function ApiFields({fields}: {fields: FieldData[]}): ReactNode {
  return (
    <ApiFieldList>
      {fields.map((field) => (
        <ApiField key={field.id} id={field.id} name={field.name} type={field.type} flags={field.flags}>
          <ApiProse blocks={field.text} />
          {field.nested ? <ApiShape shape={field.nested} /> : null}
        </ApiField>
      ))}
    </ApiFieldList>
  );
}

/** A nested object: its fields folded (or listed, at the top of a body), its variants, facts about its other keys. */
export default function ApiShape({shape}: {shape: ShapeData}): ReactNode {
  return (
    <>
      {shape.fields.length > 0 && shape.summary ? (
        <ApiDisclosure summary={shape.summary}>
          <ApiFields fields={shape.fields} />
        </ApiDisclosure>
      ) : shape.fields.length > 0 ? (
        <ApiFields fields={shape.fields} />
      ) : null}
      {shape.variants ? (
        <ApiDisclosure summary={shape.variants.summary}>
          {shape.variants.items.map((variant) => (
            <ApiDisclosure key={variant.id} id={variant.id} summary={variant.summary}>
              <ApiProse blocks={variant.text} />
              <ApiShape shape={variant.shape} />
            </ApiDisclosure>
          ))}
        </ApiDisclosure>
      ) : null}
      <ApiProse blocks={shape.text} />
    </>
  );
}
