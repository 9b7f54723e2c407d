import { MORE_FILE_ERRORS } from '@tms/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { countActions, errorsByCell, previewOf, refusalErrors, shownRows } from './logic';

interface Node {
  errors: string[];
  children: Record<string, Node>;
}

/** A 400 answer's tree of these paths' messages. */
function tree(paths: Record<string, string[]>): Node {
  const root: Node = { errors: [], children: {} };
  for (const [path, messages] of Object.entries(paths)) {
    let node = root;
    for (const part of path.split('.')) {
      node.children[part] ??= { errors: [], children: {} };
      node = node.children[part];
    }
    node.errors.push(...messages);
  }
  return root;
}

describe('an import preview', () => {
  it('puts each error on its row, makes a row it could not read one of its own, and keeps the file its own', () => {
    const preview = previewOf(
      [
        { row: 2, action: 'create', values: 'USD' },
        { row: 3, action: 'update', values: 'QQQ' },
        { row: 5, action: 'skip', values: 'RUB' },
      ],
      [
        { row: 0, message: 'The file is not an XLSX workbook.' },
        { row: 3, field: 'currency', message: 'Unknown currency code.' },
        { row: 4, field: 'rate', value: 'x', message: 'A value is required.' },
      ],
      3,
      '',
    );
    expect(preview.rows.map((r) => [r.row, r.action, r.values, r.errors.length])).toEqual([
      [2, 'create', 'USD', 0],
      [3, 'error', 'QQQ', 1],
      [4, 'error', '', 1],
      [5, 'skip', 'RUB', 0],
    ]);
    expect(preview.errorCount).toBe(3);
    expect(countActions(preview.rows)).toEqual({ create: 1, update: 0, unchanged: 0, skip: 1, error: 2 });
  });

  it('shows every row or the rows with errors, at most the limit, and counts the rest', () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({
      row: i + 2,
      action: i % 3 === 0 ? ('error' as const) : ('create' as const),
      values: null,
      errors: [],
    }));
    expect(shownRows(rows, false, 5)).toMatchObject({ hidden: 2 });
    expect(shownRows(rows, false, 5).rows).toHaveLength(5);
    expect(shownRows(rows, true, 2).rows.map((r) => r.row)).toEqual([2, 5]);
    expect(shownRows(rows, true, 2).hidden).toBe(1);
  });

  it("puts a cell's errors under its column, and those of no shown column under the row", () => {
    const { cells, row } = errorsByCell(
      [
        { row: 3, field: 'rate', message: 'a' },
        { row: 3, field: 'rate', message: 'b' },
        { row: 3, field: 'ПлательщикСчет', message: 'c' },
        { row: 3, message: 'd' },
      ],
      new Set(['rate', 'currency']),
    );
    expect([...cells.entries()].map(([field, errors]) => [field, errors.map((e) => e.message)])).toEqual([
      ['rate', ['a', 'b']],
    ]);
    expect(row.map((e) => e.message)).toEqual(['c', 'd']);
  });

  it("reads a refusal's tree by row and field, the file's under row 0, without the more-errors word", () => {
    const refusal = new ApiError(
      400,
      'Validation Failed',
      tree({ 'rows.3.currency': ['Unknown currency code.'], file: ['Bad file.', MORE_FILE_ERRORS] }),
    );
    expect(refusalErrors(refusal)).toEqual([
      { row: 3, field: 'currency', message: 'Unknown currency code.' },
      { row: 0, message: 'Bad file.' },
    ]);
    const statement = new ApiError(400, 'Validation Failed', tree({ 'lines.52': ['No payment form.'] }));
    expect(refusalErrors(statement, 'lines')).toEqual([{ row: 52, message: 'No payment form.' }]);
    expect(refusalErrors(new Error('Access denied.'))).toEqual([{ row: 0, message: 'Access denied.' }]);
  });
});
