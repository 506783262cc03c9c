import { describe, expect, it } from '@rstest/core';
import { fils, type Fils } from '@admin/shared/money';
import { csvCell, csvStream, safeCell, type CsvColumn } from './csv';

async function textOf(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

describe('csvStream', () => {
  const columns: CsvColumn<{ name: string; fils: Fils; day: string }>[] = [
    { header: 'Name', value: (row) => row.name },
    { header: 'Amount (KD)', value: (row) => csvCell.money(row.fils) },
    { header: 'Date', value: (row) => csvCell.day(row.day) },
  ];

  it('writes a BOM, the header and rows with money as plain 3-decimal KD and ISO days, quoting what needs it', async () => {
    async function* rows() {
      yield { name: 'شركة, "الأمل"', fils: fils(1234500), day: '2026-11-21T00:00:00.000Z' };
      yield { name: 'Refund', fils: fils(-5), day: '2026-01-02' };
    }
    const text = await textOf(csvStream(columns, rows()));
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Name,Amount (KD),Date',
      '"شركة, ""الأمل""",1234.500,2026-11-21',
      'Refund,-0.005,2026-01-02',
      '',
    ]);
  });

  it('writes only the header for no rows, and passes a failing source on as a stream error', async () => {
    expect(await textOf(csvStream(columns, []))).toBe('\ufeffName,Amount (KD),Date\r\n');
    async function* broken(): AsyncGenerator<{ name: string; fils: Fils; day: string }> {
      throw new Error('query failed');
    }
    await expect(textOf(csvStream(columns, broken()))).rejects.toThrow('query failed');
  });
});

describe('safeCell', () => {
  it('starts text that a spreadsheet would run with an apostrophe (OWASP), and leaves numbers and other text alone', () => {
    const cells = ['=1+1', '+965', '-2+3', '@SUM(A1)', '\tlead', '\r=1', '-5.000', '12', '-0.005', 'Al-Sabah', 'a=b'];
    expect(cells.map(safeCell)).toEqual([
      "'=1+1",
      "'+965",
      "'-2+3",
      "'@SUM(A1)",
      "'\tlead",
      "'\r=1",
      '-5.000',
      '12',
      '-0.005',
      'Al-Sabah',
      'a=b',
    ]);
    expect([safeCell(-5), safeCell(null), safeCell(undefined)]).toEqual([-5, '', '']);
  });
});
