import {useEffect, useMemo, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import form from '@site/src/css/reader-form.module.css';
import YourValuesForm from '@site/src/components/YourValuesForm';
import {
  sampleCode,
  type ReaderValues,
  type RequestTemplate,
  type TemplateParameter,
} from '@site/src/openapi/sample-code';
import type {CodeThemes} from '@site/src/utils/code-tokens';
import {API_INSTANCE_VARIABLE, readInstance, writeInstance} from '@site/src/components/SetupValues/instance';
import type {ValuesFormProps} from '.';
import {highlightSamples} from './sample-highlighter';
import {valuesSlot, type StoredValues} from './stored-values';
import styles from './styles.module.css';

/** The body as the reader first sees it: the example the static samples send, as text. */
function bodyText(template: RequestTemplate): string | undefined {
  const body = template.body;
  if (!body || body.kind === 'file') return undefined;
  if (body.kind === 'text') return body.text;
  return JSON.stringify(body.example, null, 2);
}

function exampleText(parameter: TemplateParameter): string {
  if (parameter.example === undefined) return '';
  if (Array.isArray(parameter.example) && !parameter.content) return parameter.example.join(',');
  return typeof parameter.example === 'string' ? parameter.example : JSON.stringify(parameter.example);
}

/** Only the values of the names this operation has: the rest of what is stored belongs to other pages. */
function pick(stored: Record<string, string> | undefined, names: string[]): Record<string, string> {
  return Object.fromEntries(names.filter((name) => stored?.[name] !== undefined).map((name) => [name, stored![name]]));
}

function TextField({
  id,
  label,
  hint,
  value,
  placeholder,
  secret,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  placeholder?: string;
  secret?: boolean;
  onChange: (value: string) => void;
}): ReactNode {
  return (
    <div className={form.field}>
      <label htmlFor={id}>
        <code>{label}</code>
        {hint ? <span className={form.hint}> {hint}</span> : null}
      </label>
      <input
        id={id}
        className={form.input}
        type={secret ? 'password' : 'text'}
        autoComplete="off"
        spellCheck={false}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** The path or the query parameters of the operation, each a field with its example as placeholder. */
function ParameterFields({
  id,
  legend,
  parameters,
  values,
  onChange,
}: {
  id: string;
  legend: string;
  parameters: TemplateParameter[];
  values: Record<string, string>;
  onChange: (change: (before: Record<string, string>) => Record<string, string>) => void;
}): ReactNode {
  if (parameters.length === 0) return null;
  return (
    <fieldset>
      <legend>{legend}</legend>
      {parameters.map((parameter) => (
        <TextField
          key={parameter.name}
          id={`${id}-${parameter.name}`}
          label={parameter.name}
          hint={
            parameter.in === 'query'
              ? parameter.required
                ? 'required'
                : parameter.array
                  ? 'a list: a,b'
                  : undefined
              : undefined
          }
          value={values[parameter.name] ?? ''}
          placeholder={exampleText(parameter)}
          onChange={(value) => onChange((before) => ({...before, [parameter.name]: value}))}
        />
      ))}
    </fieldset>
  );
}

/**
 * The "your values" form: the server variables and credentials the samples read, the path and query parameters,
 * the body. Every change writes the generated samples again (sampleCode, the function that wrote the static ones)
 * and hands them, highlighted, to the page. A body that is not JSON leaves the samples as they were and says why.
 * Credentials stay in this form's state; the other values are stored for the next page.
 */
export default function ValuesForm({id, template, onSamples}: ValuesFormProps): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const prism = siteConfig.themeConfig.prism as {theme: CodeThemes['light']; darkTheme: CodeThemes['dark']};
  const themes = useMemo<CodeThemes>(() => ({light: prism.theme, dark: prism.darkTheme}), [prism]);
  const pathParameters = template.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = template.parameters
    .filter((parameter) => parameter.in === 'query')
    .sort((a, b) => Number(b.required) - Number(a.required));
  const initialBody = bodyText(template);
  const [stored] = useState<StoredValues>(() => valuesSlot.read());
  // The instance is the one the setup pages keep too (src/components/SetupValues/store.ts).
  const [variables, setVariables] = useState(() =>
    pick(
      {...stored.variables, [API_INSTANCE_VARIABLE]: readInstance()} as Record<string, string>,
      template.variables.filter((variable) => !variable.credential).map((variable) => variable.name),
    ),
  );
  const [path, setPath] = useState(() =>
    pick(
      stored.path,
      pathParameters.map((parameter) => parameter.name),
    ),
  );
  const [query, setQuery] = useState(() =>
    pick(
      stored.query,
      queryParameters.map((parameter) => parameter.name),
    ),
  );
  const [body, setBody] = useState(initialBody ?? '');
  const [bodyError, setBodyError] = useState<string | null>(null);

  useEffect(() => {
    const values: ReaderValues = {variables, path, query, ...(body !== initialBody ? {body} : {})};
    const typed = [variables, path, query].some((group) => Object.values(group).some((value) => value.trim() !== ''));
    try {
      const samples = sampleCode(template, values);
      setBodyError(null);
      onSamples(typed || values.body !== undefined ? highlightSamples(samples, themes) : null);
    } catch (error) {
      // A body being typed: the samples keep the last one that was valid.
      if (error instanceof SyntaxError) setBodyError(error.message);
      else throw error;
    }
  }, [template, variables, path, query, body, initialBody, themes, onSamples]);

  // What is not a credential is kept for the next page, merged with what other pages keep.
  useEffect(() => {
    const credentials = new Set(template.variables.filter((variable) => variable.credential).map(({name}) => name));
    const {[API_INSTANCE_VARIABLE]: instance, ...kept} = Object.fromEntries(
      Object.entries(variables).filter(([name]) => !credentials.has(name)),
    );
    if (instance !== undefined) writeInstance(instance);
    valuesSlot.update((before) => ({
      ...before,
      variables: {...before.variables, ...kept},
      path: {...before.path, ...path},
      query: {...before.query, ...query},
    }));
  }, [template, variables, path, query]);

  const reset = () => {
    setVariables({});
    setPath({});
    setQuery({});
    setBody(initialBody ?? '');
    valuesSlot.update((before) => ({open: before.open}));
    writeInstance('');
  };

  return (
    <YourValuesForm
      id={id}
      className={styles.form}
      note={
        <>
          The samples below take what you type. Nothing is sent; the token is never stored, the other values stay in
          this browser for the next page.
        </>
      }>
      {template.variables.length ? (
        <fieldset>
          <legend>Server and credentials</legend>
          {template.variables.map((variable) => (
            <TextField
              key={variable.name}
              id={`${id}-variable-${variable.name}`}
              label={variable.name}
              hint={variable.meaning}
              value={variables[variable.name] ?? ''}
              secret={variable.credential}
              onChange={(value) => setVariables((before) => ({...before, [variable.name]: value}))}
            />
          ))}
        </fieldset>
      ) : null}
      <ParameterFields
        id={`${id}-path`}
        legend="Path parameters"
        parameters={pathParameters}
        values={path}
        onChange={setPath}
      />
      <ParameterFields
        id={`${id}-query`}
        legend="Query parameters"
        parameters={queryParameters}
        values={query}
        onChange={setQuery}
      />
      {initialBody !== undefined && template.body ? (
        <div className={form.field}>
          <label htmlFor={`${id}-body`}>
            Request body <span className={form.hint}>{template.body.contentType}</span>
          </label>
          <textarea
            id={`${id}-body`}
            className={form.input}
            rows={Math.min(16, Math.max(4, initialBody.split('\n').length))}
            spellCheck={false}
            value={body}
            aria-invalid={bodyError !== null}
            aria-describedby={bodyError !== null ? `${id}-body-error` : undefined}
            onChange={(event) => setBody(event.target.value)}
          />
          {bodyError !== null ? (
            <p id={`${id}-body-error`} className={clsx(form.problem, styles.error)} role="alert">
              {template.body.kind === 'json' ? 'This body is not valid JSON' : 'This body is not a JSON object'} (
              {bodyError}). The samples keep the last valid body.
            </p>
          ) : null}
        </div>
      ) : null}
      <button type="button" className={styles.reset} onClick={reset}>
        Clear my values
      </button>
    </YourValuesForm>
  );
}
