/** A column of a table: its 1-based index and its header text. */
export interface TableColumn {
  index: number;
  title: string;
}

/** A data row: its number in the file (the sheet's row, the CSV's line) and the text of each cell by column. */
export interface TableRow {
  number: number;
  cells: Readonly<Record<number, string>>;
}

/** A table as an import reads it (an XLSX sheet, a CSV file): the header's columns and the rows under it. */
export interface ImportTable {
  name: string;
  columns: TableColumn[];
  rows: TableRow[];
}

/** A sheet's or a CSV's records (each row's cells by column) split into header and rows as the options say. */
export function tableOf(name: string, records: TableRow[], header: boolean): ImportTable {
  if (!header) {
    const seen = new Set<number>();
    for (const row of records) for (const index of Object.keys(row.cells)) seen.add(Number(index));
    const columns = [...seen].sort((a, b) => a - b).map((index) => ({ index, title: '' }));
    return { name, columns, rows: records };
  }
  const [head, ...rows] = records;
  const columns = Object.entries(head?.cells ?? {}).map(([index, title]) => ({
    index: Number(index),
    title,
  }));
  return { name, columns, rows };
}
