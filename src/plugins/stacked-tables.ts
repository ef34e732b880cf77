import type {Element, ElementContent, Root} from 'hast';

/**
 * Class of a table whose cells carry their column's header as `data-label`: below 600 px src/css/responsive.css
 * shows each row as a card, each cell under its header's name, instead of a table that scrolls sideways.
 */
export const STACKED_TABLE_CLASS = 'stacked-table';

/**
 * The roles the table's elements have anyway. Written out because a stacked table's rows and cells are laid out
 * as blocks, and a browser may build the accessibility tree from the layout instead of the elements: with the
 * roles, a screen reader still announces a table and each cell's column header.
 */
const ROLES: Record<string, string> = {
  table: 'table',
  thead: 'rowgroup',
  tbody: 'rowgroup',
  tfoot: 'rowgroup',
  tr: 'row',
  th: 'columnheader',
  td: 'cell',
};

function isElement(node: ElementContent | Root['children'][number], tagName?: string): node is Element {
  return node.type === 'element' && (tagName === undefined || node.tagName === tagName);
}

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  return node.type === 'element' ? node.children.map(textOf).join('') : '';
}

function rowsOf(section: Element): Element[] {
  return section.children.filter((child): child is Element => isElement(child, 'tr'));
}

function cellsOf(row: Element): Element[] {
  return row.children.filter((child): child is Element => isElement(child, 'td') || isElement(child, 'th'));
}

/** The header's name of each column, a cell spanning several columns naming each of them. */
function columnNames(headerRow: Element): string[] {
  return cellsOf(headerRow).flatMap((cell) => {
    const name = textOf(cell).replace(/\s+/g, ' ').trim();
    return Array.from({length: Number(cell.properties.colSpan ?? 1) || 1}, () => name);
  });
}

/** Labels the cells of one table with their column's header; a table without a header row is left as it is. */
function stackTable(table: Element): void {
  const sections = table.children.filter((child): child is Element => isElement(child));
  const head = sections.find((section) => section.tagName === 'thead');
  const headerRow = head && rowsOf(head)[0];
  if (!headerRow) return;
  const names = columnNames(headerRow);
  if (names.every((name) => name === '')) return;

  const classes = table.properties.className;
  table.properties.className = [...(Array.isArray(classes) ? classes : []), STACKED_TABLE_CLASS];
  const addRoles = (element: Element) => {
    const role = ROLES[element.tagName];
    if (role) element.properties.role = role;
    for (const child of element.children) if (isElement(child)) addRoles(child);
  };
  addRoles(table);
  for (const section of sections.filter((candidate) => candidate !== head)) {
    for (const row of rowsOf(section)) {
      let column = 0;
      for (const cell of cellsOf(row)) {
        const label = names[column];
        if (label) cell.properties.dataLabel = label;
        column += Number(cell.properties.colSpan ?? 1) || 1;
      }
    }
  }
}

/** Every table of a tree (Markdown tables and HTML tables alike) labelled for the stacked layout of phones. */
export function stackTables(tree: Root | Element): void {
  for (const child of tree.children) {
    if (!isElement(child)) continue;
    if (child.tagName === 'table') stackTable(child);
    // A table in a cell of another is a table of its own.
    stackTables(child);
  }
}

/** Rehype plugin of the docs, blog and pages plugins: see stackTables. */
export function rehypeStackedTables() {
  return (tree: Root): void => stackTables(tree);
}
