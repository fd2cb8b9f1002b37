import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { corpusFile } from '../test-support/corpus.ts';
import { csvSheets } from '../test-support/table-cells.ts';
import { expect, test } from './fixtures.ts';

async function workbookOf(path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook;
}

test('PDF to Excel: the first table previewed, a workbook of typed cells, its CSV, and People Also Ask', async ({ page }) => {
  await page.goto('/pdf-to-excel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PDF to Excel Converter');
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'spanning_cells.pdf', mimeType: 'application/pdf', buffer: corpusFile('tables/spanning_cells.pdf') });
  await expect(page.getByText('Your Excel workbook is ready!')).toBeVisible();
  await expect(page.getByTestId('result-summary')).toContainText('Tables found: 2 · Sheets: 2');
  const preview = page.getByTestId('table-preview');
  await expect(preview.getByRole('row').nth(2)).toHaveText(/Server closets\s*1,505\s*1,580\s*1,643\s*1,673\s*1,689/);

  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Excel' }).click()]);
  expect(xlsx.suggestedFilename()).toBe('spanning_cells.xlsx');
  const workbook = await workbookOf(await xlsx.path());
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Page 1 – Table 1', 'Page 1 – Table 2']);
  const values = workbook.worksheets[1]!.getSheetValues().flat();
  expect(values).toContain(98864);

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-csv').click()]);
  expect(csv.suggestedFilename()).toBe('spanning_cells.csv');
  expect(csvSheets(readFileSync(await csv.path(), 'utf8')).flat()).toContainEqual(['High-end', '76,295', '81,624', '86,849', '92,662', '98,864']);

  const faq = page.getByTestId('faq');
  await faq.locator('summary', { hasText: 'Is PDF to Excel free?' }).click();
  await expect(faq.getByText(/no count of conversions/)).toBeVisible();
  await faq.locator('summary', { hasText: 'What happens to my file?' }).click();
  await expect(faq.getByText(/no count of conversions/)).toBeHidden();
  await expect(faq.getByText(/Nothing leaves your device/)).toBeVisible();

  // A Word file renamed .pdf is refused where it is dropped.
  await page.getByTestId('file-input').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: corpusFile('word/mammoth-simple-list.docx') });
  await expect(page.getByText('Please select a PDF file.').first()).toBeVisible();
});

test('JPG to Excel: a PNG of a bank statement becomes rows and columns', async ({ page }) => {
  await page.goto('/jpg-to-excel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('JPG to Excel Converter');
  await page.getByTestId('file-input').setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: corpusFile('tables/tessjs-bill.png') });
  await expect(page.getByText('Your Excel sheet is ready!')).toBeVisible({ timeout: 90_000 });
  const preview = page.getByTestId('table-preview');
  await expect(preview.getByRole('row').first()).toHaveText(/Date\s*Description\s*Number\s*Debits\s*Credits\s*Balance/);
  await expect(preview).toContainText('Clearing Cheque');
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Excel' }).click()]);
  expect(xlsx.suggestedFilename()).toBe('statement.xlsx');
  const values = (await workbookOf(await xlsx.path())).worksheets[0]!.getSheetValues().flat();
  expect(values).toContain(36.07);
  expect(values).toContain('Clearing Cheque');
});
