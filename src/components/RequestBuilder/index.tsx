import {useCallback, useState, type ReactNode} from 'react';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import LazyChunk from '@site/src/components/LazyChunk';
import styles from './styles.module.css';

/**
 * The API theme's request builder, downloaded only when the reader asks for it: the samples above are
 * static, and the site sends no request, so the builder only rewrites the samples with the reader's own
 * values. See src/theme/README.md.
 */
export default function RequestBuilder(): ReactNode {
  const [open, setOpen] = useState(false);
  const encoded = (useDoc().frontMatter as {api?: string}).api ?? '';
  // The request panel and the code that builds requests (postman-collection, its code generators) are a chunk of their own.
  const loadPanel = useCallback(() => import('./Panel').then(({panelFor}) => panelFor(encoded)), [encoded]);
  if (open) {
    return (
      <section className={styles.builder} aria-label="Request builder">
        <LazyChunk load={loadPanel} props={{}} />
      </section>
    );
  }
  return (
    <p className={styles.offer}>
      <button type="button" className="button button--secondary button--sm" onClick={() => setOpen(true)}>
        Fill in your own values
      </button>{' '}
      <span className={styles.hint}>to rewrite these samples with them (nothing is sent from this page).</span>
    </p>
  );
}
