import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { corpusFile } from '../test-support/corpus.ts';
import { expectNoAxeViolations } from './axe.ts';
import { dictionary } from './site-pages.ts';
import { expect, test } from './fixtures.ts';

// A visitor with a keyboard alone: Tab, Shift+Tab, Enter and Space; the operating system's file
// dialog is the one thing answered for them (Playwright's filechooser). After every action focus
// is somewhere sensible, never on <body>, and what has focus is drawn with a visible outline.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const en = dictionary('en') as unknown as {
  hero: { browse: string; copied: string };
  copyText: string;
  download: string;
  extractText: string;
  faq: { items: Array<{ question: string; answer: string }> };
  toolPage: { moveUp: string; moveDown: string; removeFile: string };
};

/** Presses Tab (Shift+Tab with `back`) until `target` has focus; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, { back = false, limit = 80 } = {}) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement)).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${limit} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${target}`);
}

/** What has focus: its tag, text and label, and whether an outline draws it (the site's :focus-visible style). */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const style = element ? getComputedStyle(element) : undefined;
    const outline = style ? style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 : false;
    return {
      tag: element?.tagName.toLowerCase() ?? 'none',
      label: element?.getAttribute('aria-label') ?? element?.textContent?.trim().slice(0, 80) ?? '',
      visible: outline,
    };
  });
}

/**
 * The file dialog the next Browse will open. Asked before the key is pressed: Playwright starts
 * catching the dialog when the first listener is added, and a press sent at once can beat that.
 */
function chooseFiles(page: Page) {
  return page.waitForEvent('filechooser');
}

async function expectFocusVisible(page: Page, what: string) {
  const now = await focused(page);
  expect(now.tag, `focus after ${what}`).not.toBe('body');
  expect(now.visible, `focus ring of ${now.tag} "${now.label}" after ${what}`).toBe(true);
}

async function expectFocusNotLost(page: Page, what: string) {
  expect((await focused(page)).tag, `focus after ${what}`).not.toBe('body');
}

test('the hero by keyboard: choose a picture, read it, copy the text and download it', async ({ page }) => {
  await page.goto('/');
  const chooser = chooseFiles(page);
  const browse = page.getByRole('button', { name: en.hero.browse });
  await tabTo(page, browse);
  await expectFocusVisible(page, 'Tab to Browse');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'line.png', mimeType: 'image/png', buffer: corpusFile('ocr/uw3-line-010004.png') });
  await expectFocusNotLost(page, 'choosing a picture');

  const result = page.getByTestId('result-text');
  await expect(result).toBeVisible();
  // The result's heading has taken focus, so the next Tab goes into the result.
  await expect(page.getByTestId('result-heading')).toBeFocused();
  await expectNoAxeViolations(page, 'the hero with a text read');

  const copy = page.getByRole('button', { name: en.copyText, exact: true });
  await tabTo(page, copy);
  await expectFocusVisible(page, 'Tab to Copy');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: en.hero.copied, exact: true })).toBeFocused();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await result.inputValue());

  const download = page.getByRole('button', { name: en.download, exact: true });
  await tabTo(page, download);
  await expectFocusVisible(page, 'Tab to Download');
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Space')]);
  expect(file.suggestedFilename()).toBe('line_extracted.txt');
  expect(await readFile(await file.path(), 'utf8')).toBe(await result.inputValue());
  await expect(download).toBeFocused();

  // Read again: the button says it is busy and keeps focus until the result's heading takes it.
  const again = page.getByRole('button', { name: en.extractText, exact: true });
  await tabTo(page, again, { back: true });
  await page.keyboard.press('Enter');
  await expectFocusNotLost(page, 'Extract Text');
  await expect(page.getByTestId('result-heading')).toBeFocused();
  await expect(result).toBeVisible();
});

test('Merge PDF by keyboard: files moved up and down, the new order announced, removed with focus kept, merged', async ({ page }) => {
  await page.goto('/merge-pdf');
  const chooser = chooseFiles(page);
  await tabTo(page, page.getByRole('button', { name: en.hero.browse }));
  await page.keyboard.press('Enter');
  const pdf = (path: string) => ({ name: path.split('/').pop()!, mimeType: 'application/pdf', buffer: corpusFile(path) });
  await (await chooser).setFiles([pdf('tables/AnimalSounds.pdf'), pdf('pdf/tracemonkey.pdf'), pdf('tables/twotables.pdf')]);
  const names = page.getByTestId('file-name');
  await expect(names).toHaveText(['AnimalSounds.pdf', 'tracemonkey.pdf', 'twotables.pdf']);
  await expect(page.getByTestId('page-count')).toHaveCount(3);
  const order = page.getByTestId('file-order-status');

  // Up from the middle: the row goes first; its own Up button is now disabled, so focus moves to its Down button.
  const label = (key: 'moveUp' | 'moveDown' | 'removeFile', name: string) => en.toolPage[key].replace('{{name}}', name);
  await tabTo(page, page.getByRole('button', { name: label('moveUp', 'tracemonkey.pdf') }));
  await expectFocusVisible(page, 'Tab to Move up');
  await page.keyboard.press('Enter');
  await expect(names).toHaveText(['tracemonkey.pdf', 'AnimalSounds.pdf', 'twotables.pdf']);
  await expect(order).toHaveText(/tracemonkey\.pdf.*\b1\b.*\b3\b/);
  await expect(page.getByRole('button', { name: label('moveDown', 'tracemonkey.pdf') })).toBeFocused();
  await expectFocusVisible(page, 'moving a file to the top');

  // Down twice with Space: the focused button goes with its row to the end.
  await page.keyboard.press('Space');
  await expect(names).toHaveText(['AnimalSounds.pdf', 'tracemonkey.pdf', 'twotables.pdf']);
  await expect(order).toHaveText(/tracemonkey\.pdf.*\b2\b.*\b3\b/);
  await expect(page.getByRole('button', { name: label('moveDown', 'tracemonkey.pdf') })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(names).toHaveText(['AnimalSounds.pdf', 'twotables.pdf', 'tracemonkey.pdf']);
  await expect(order).toHaveText(/tracemonkey\.pdf.*\b3\b.*\b3\b/);
  await expect(page.getByRole('button', { name: label('moveUp', 'tracemonkey.pdf') })).toBeFocused();

  // Removing the middle row leaves focus on the Remove button of the row that took its place.
  await tabTo(page, page.getByRole('button', { name: label('removeFile', 'twotables.pdf') }), { back: true });
  await page.keyboard.press('Enter');
  await expect(names).toHaveText(['AnimalSounds.pdf', 'tracemonkey.pdf']);
  await expect(order).toHaveText(/twotables\.pdf/);
  await expect(page.getByRole('button', { name: label('removeFile', 'tracemonkey.pdf') })).toBeFocused();
  await expectFocusVisible(page, 'removing a file');

  const merge = page.getByTestId('convert');
  await tabTo(page, merge);
  await expectFocusVisible(page, 'Tab to Merge');
  await page.keyboard.press('Enter');
  await expect(page.getByText('PDFs merged!')).toBeVisible();
  await expect(page.getByTestId('result-heading')).toBeFocused();
  await expectNoAxeViolations(page, 'Merge PDF with two files merged');
  const download = page.getByRole('button', { name: 'Download Merged PDF' });
  await tabTo(page, download);
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(file.suggestedFilename()).toBe('AnimalSounds_merged.pdf');

  // The last files removed: focus goes back to choosing files.
  for (const name of ['AnimalSounds.pdf', 'tracemonkey.pdf']) {
    await tabTo(page, page.getByRole('button', { name: label('removeFile', name) }), { back: true });
    await page.keyboard.press('Enter');
    await expectFocusNotLost(page, `removing ${name}`);
  }
  await expect(names).toHaveCount(0);
  await expect(page.getByRole('button', { name: en.hero.browse })).toBeFocused();
});

test('an FAQ question opens with Enter and closes with it again, and the same with Space', async ({ page }) => {
  await page.goto('/');
  const { question, answer } = en.faq.items[0]!;
  // The FAQ is native disclosure: the question's <summary> is what takes focus.
  const trigger = page.locator('summary', { hasText: question });
  const shown = page.getByText(answer, { exact: true });
  await expect(shown).toBeHidden();
  await tabTo(page, trigger, { limit: 120 });
  await expectFocusVisible(page, 'Tab to a question');
  await page.keyboard.press('Enter');
  await expect(shown).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(shown).toBeHidden();
  await page.keyboard.press('Space');
  await expect(shown).toBeVisible();
  await expectNoAxeViolations(page, 'the home page with a question open');
  await page.keyboard.press('Space');
  await expect(shown).toBeHidden();
  await expectFocusVisible(page, 'closing a question');
});
