import { describe, expect, it } from 'vitest';
import { csvCell, toCsv, UTF8_BOM } from '@/lib/csv';

describe('CSV export format', () => {
  it('quotes per RFC 4180 and ends every record with CRLF after a BOM', () => {
    expect(
      toCsv([
        ['Nom', 'E-mail'],
        ['Martin, Claire', 'a"b@example.com'],
        ['ligne\nsuivante', null],
      ]),
    ).toBe(`${UTF8_BOM}Nom,E-mail\r\n"Martin, Claire","a""b@example.com"\r\n"ligne\nsuivante",\r\n`);
  });

  it('neutralises cells a spreadsheet would read as a formula', () => {
    for (const formula of ['=HYPERLINK("http://x")', '+33 6', '-2+3', '@SUM(A1)', '\tcmd', '\r=1']) expect(csvCell(formula)).toMatch(/^"?'/);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('Réunion')).toBe('Réunion');
  });
});
