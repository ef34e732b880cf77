import type {ReactNode} from 'react';
import styles from './styles.module.css';

type Props = {
  method: string;
  /** The server URL with its variables as written in the OpenAPI file: `https://{instance}.vigil.example/api/v1`. */
  server: string;
  /** The operation's path template: `/datasets/{dataset_id}`; for a webhook, its name. */
  path: string;
  /** A webhook: the API sends this request to the reader's endpoint. */
  webhook?: boolean;
};

/** `{name}` placeholders of a URL template shown as placeholders, the rest as text. */
function withPlaceholders(template: string): ReactNode[] {
  return template.split(/(\{[^}]+\})/).map((part, index) =>
    part.startsWith('{') ? (
      <var key={index} className={styles.placeholder}>
        {part}
      </var>
    ) : (
      part
    ),
  );
}

/** The operation's method and full URL, as the server renders them (no JavaScript needed). */
export default function ApiEndpoint({method, server, path, webhook = false}: Props): ReactNode {
  if (webhook) {
    return (
      <p className={styles.endpoint}>
        <span className="api-method-badge" data-method="webhook">
          HOOK
        </span>
        <span className="api-method-badge" data-method={method}>
          {method.toUpperCase()}
        </span>
        <span>
          Webhook <code>{path}</code>, sent to the URL of your endpoint
        </span>
      </p>
    );
  }
  return (
    <p className={styles.endpoint}>
      <span className="api-method-badge" data-method={method}>
        {method.toUpperCase()}
      </span>
      <code className={styles.url}>
        <span className={styles.server}>{withPlaceholders(server)}</span>
        {withPlaceholders(path)}
      </code>
    </p>
  );
}
