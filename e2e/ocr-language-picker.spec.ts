import sharp from 'sharp';
import { ocrCatalogue } from '../packages/core/src/ocr/language-catalogue.ts';
import { corpusFile } from '../test-support/corpus.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// The OCR language picker, drawn by the frame on every OCR tool: the whole catalogue, searched
// in the reader's language or the language's own, worked by keyboard, remembered across tools.

test('the picker finds Greek by its English and its own name, is chosen by keyboard, and the choice holds after a reload and on PDF to Text', async ({
  page,
}) => {
  await page.goto('/');
  const picker = page.getByTestId('ocr-language');
  const list = page.getByTestId('ocr-language-list');
  await expect(picker).toHaveAttribute('aria-expanded', 'false');

  // Opened from the keyboard: the suggested languages first (English, the page's, among them),
  // the one in force marked active.
  const initial = (await picker.getAttribute('data-value'))!;
  await picker.focus();
  await page.keyboard.press('ArrowDown');
  await expect(picker).toHaveAttribute('aria-expanded', 'true');
  const groups = list.getByRole('group');
  await expect(groups.first()).toHaveAccessibleName('Suggested');
  await expect(groups.first().getByRole('option', { name: 'English', exact: true })).toBeVisible();
  const active = list.locator(`#${await picker.getAttribute('aria-activedescendant')}`);
  await expect(active).toHaveAttribute('data-code', initial);
  // Every catalogue language under its script after the suggestions.
  expect(await list.locator('[role="group"]:not(:first-child) [role="option"]').count()).toBe(ocrCatalogue.length);
  await expect(list.getByRole('group', { name: 'Cyrillic' }).getByRole('option', { name: /^Ukrainian/ })).toBeAttached();

  await page.keyboard.type('gree');
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option')).toHaveText('Greek Ελληνικά');
  await page.keyboard.press('Escape');
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
  await expect(picker).toHaveAttribute('data-value', initial);

  await page.keyboard.press('ArrowDown');
  await page.keyboard.type('Ελλ');
  await expect(list.getByRole('group', { name: 'Greek' }).getByRole('option')).toHaveText(/^Greek/);
  await page.keyboard.press('Enter');
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
  await expect(picker).toHaveAttribute('data-value', 'ell');
  await expect(picker).toHaveValue('Greek');

  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await expect(picker).toHaveAttribute('data-value', 'ell');

  await page.goto('/de/pdf-to-text');
  await expect(picker).toHaveAttribute('data-value', 'ell');
  await expect(picker).toHaveValue('Griechisch');
});

test('nothing typed that names a language says so, and the arrows and Page Down move through the list', async ({ page }) => {
  await page.goto('/pdf-to-word');
  const picker = page.getByTestId('ocr-language');
  await picker.click();
  await picker.fill('klingon');
  await expect(page.getByRole('status').filter({ hasText: 'klingon' })).toHaveText('No language matches “klingon”');
  await expect(page.getByTestId('ocr-language-list')).toHaveCount(0);

  await picker.fill('an');
  const activeCode = async () => page.locator(`#${await picker.getAttribute('aria-activedescendant')}`).getAttribute('data-code');
  const first = await activeCode();
  await page.keyboard.press('PageDown');
  const paged = await activeCode();
  expect(paged).not.toBe(first);
  await page.keyboard.press('ArrowUp');
  const chosen = await activeCode();
  await page.keyboard.press('Enter');
  await expect(picker).toHaveAttribute('data-value', chosen!);
});

test('the names people type find their language first, in the browser\'s own Intl data: Norwegian by "bokmål", "norsk" or "nb", Persian by "Farsi"', async ({
  page,
}) => {
  await page.goto('/jpg-to-word');
  const picker = page.getByTestId('ocr-language');
  const activeCode = async () => page.locator(`#${await picker.getAttribute('aria-activedescendant')}`).getAttribute('data-code');
  const expected: Array<[string, string]> = [
    ['norsk', 'nor'],
    ['nb', 'nor'],
    ['Farsi', 'fas'],
    ['castellano', 'spa'],
    ['Tagalog', 'fil'],
  ];
  for (const [query, code] of expected) {
    await picker.click();
    await picker.fill(query);
    await expect.poll(activeCode, { message: query }).toBe(code);
    await page.keyboard.press('Escape');
  }
  await picker.click();
  await picker.fill('中文');
  await expect(page.getByTestId('ocr-language-list').getByRole('option').first()).toHaveAttribute('data-code', /^chi_(sim|tra)$/);
  await picker.fill('bokmål');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveAttribute('data-value', 'nor');
  await expect(picker).toHaveValue('Norwegian');
});

test('a language found by its own name reads the picture in it', async ({ page }) => {
  const models: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.traineddata.gz')) models.push(new URL(request.url()).pathname.split('/').pop()!);
  });
  await page.goto('/');
  const picker = page.getByTestId('ocr-language');
  await picker.click();
  await picker.fill('deutsch');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveAttribute('data-value', 'deu');
  // The scan's two German lines alone: a small picture, read in a few seconds.
  const german = await sharp(corpusFile('ocr/pytesseract-test-european.jpg')).extract({ left: 0, top: 262, width: 1024, height: 110 }).png().toBuffer();
  await page.getByTestId('file-input').setInputFiles({ name: 'german.png', mimeType: 'image/png', buffer: german });
  await expect(page.getByTestId('result-text')).toBeVisible();
  await expect(page.getByTestId('result-text')).toHaveValue(/Fuchs springt\s+über den faulen Hund/);
  expect(models).toContain('deu.traineddata.gz');
});

const looks = [
  { code: 'en', path: '/', colorScheme: 'light', viewport: { width: 1280, height: 800 } },
  { code: 'de', path: '/de/pdf-to-text', colorScheme: 'dark', viewport: { width: 360, height: 740 } },
] as const;

for (const { code, path, colorScheme, viewport } of looks) {
  test(`the open picker has no axe-core violation and fits the page: ${code}, ${colorScheme}, ${viewport.width} px`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize(viewport);
    await page.goto(path);
    const picker = page.getByTestId('ocr-language');
    await picker.click();
    await expect(page.getByTestId('ocr-language-list')).toBeVisible();
    await expectNoAxeViolations(page, `${path} with the language list open`);
    await picker.fill('ja');
    await expectNoAxeViolations(page, `${path} with the language list filtered`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    const list = await page.getByTestId('ocr-language-list').boundingBox();
    expect(list!.x).toBeGreaterThanOrEqual(0);
    expect(list!.x + list!.width).toBeLessThanOrEqual(viewport.width);
  });
}
