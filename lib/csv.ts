/** Excel and LibreOffice read a UTF-8 file as written only when it starts with a byte order mark. */
export const UTF8_BOM = '\uFEFF';

// OWASP's list: a cell starting with one of these is read as a formula by spreadsheets.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formulas neutralised with a leading apostrophe, then quoted per RFC 4180 when needed. */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180: CRLF between records (and after the last), with the BOM in front. */
export function toCsv(rows: (string | null | undefined)[][]): string {
  return UTF8_BOM + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
