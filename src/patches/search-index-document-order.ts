// @easyops-cn/docusaurus-search-local 0.49.2 writes its index in the order the build's HTML files finish
// reading (`dist/server/server/utils/scanDocuments.js`: one Promise.all over every page, each pushing its
// documents and taking ids from a module-wide counter as its read completes). The order of the documents
// and their ids then changes from build to build, and so does which of two equally ranked pages a
// suggestion list shows first. This replaces the module's `scanDocuments` with one that scans the pages one
// at a time, in the plugin's own (sorted) order, so the same site gives the same index. `postBuildFactory.js`
// reads `scanDocuments` from the module's exports when it calls it, so replacing the export is enough.
import {createRequire} from 'node:module';

type DocInfo = {filePath: string; url: string; type: string};
type ScanDocuments = (docs: DocInfo[], config: unknown) => Promise<unknown[][]>;

const SCAN_MODULE = '@easyops-cn/docusaurus-search-local/dist/server/server/utils/scanDocuments.js';

/** Makes the search plugin's index independent of file read timing; fails naming the module if it moved. */
export function scanSearchDocumentsInOrder(siteDir: string): void {
  const scanModule = createRequire(`${siteDir}/`)(SCAN_MODULE) as {scanDocuments?: ScanDocuments; inOrder?: true};
  if (scanModule.inOrder) return;
  const original = scanModule.scanDocuments;
  if (typeof original !== 'function') {
    throw new Error(`src/patches/search-index-document-order.ts: ${SCAN_MODULE} no longer exports scanDocuments; check whether the search plugin still needs this patch`);
  }
  scanModule.scanDocuments = async (docs, config) => {
    const merged: unknown[][] = [];
    for (const doc of docs) {
      const lists = await original([doc], config);
      lists.forEach((list, index) => (merged[index] ??= []).push(...list));
    }
    return merged.length > 0 ? merged : original([], config);
  };
  scanModule.inOrder = true;
}
