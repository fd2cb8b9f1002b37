import { characterErrorRate } from '../test-support/cer.ts';
import { cleanPage, photo, prose, receipt } from '../test-support/synthetic-pages.ts';
import { dropFile, expect, test } from './fixtures.ts';

// The on-device pipeline (sheet found, perspective undone, light evened, segmentation chosen)
// on the pictures people really take; the bars are 2% CER for photos, 8% for receipts.
test('a phone photo of a page, skewed and unevenly lit, is read almost without error', async ({ page }) => {
  const sheet = cleanPage(2, prose());
  await page.goto('/');
  await dropFile(page, '[data-testid=drop-zone]', photo(sheet, 2), 'photo.jpg', 'image/jpeg');
  const result = page.getByTestId('result-text');
  await expect(result).toBeVisible({ timeout: 60_000 });
  const cer = characterErrorRate(await result.inputValue(), sheet.text);
  test.info().annotations.push({ type: 'figure', description: `photo CER ${(cer * 100).toFixed(2)}%` });
  expect(cer).toBeLessThanOrEqual(0.02);
});

test('a receipt keeps its prices on their lines and its dashed separators', async ({ page }) => {
  const { image, text } = receipt(6);
  await page.goto('/');
  await dropFile(page, '[data-testid=drop-zone]', image, 'receipt.jpg', 'image/jpeg');
  const result = page.getByTestId('result-text');
  await expect(result).toBeVisible({ timeout: 60_000 });
  const read = await result.inputValue();
  const cer = characterErrorRate(read, text);
  test.info().annotations.push({ type: 'figure', description: `receipt CER ${(cer * 100).toFixed(2)}%` });
  expect(cer).toBeLessThanOrEqual(0.08);
  expect(read).toContain('-'.repeat(36));
  expect(read).toMatch(/^TOTAL \d+\.\d\d$/m);
});
