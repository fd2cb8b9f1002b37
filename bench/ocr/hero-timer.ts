import type { Page } from 'playwright-core';

/**
 * Times the home page's hero in the page itself: from the file input's change to the drop zone
 * no longer busy (its button disabled, or aria-disabled while it reads, as it is now). Call once
 * the page is loaded; then `readFile` sets a file and waits for its reading, giving the seconds
 * it took (the hero keeps its last reading of a picture, so the same file twice in a row takes
 * no time: read another between).
 */
export async function heroTimer(page: Page, timeout: number): Promise<{ readFile(file: string): Promise<number> }> {
  await page.evaluate(() => {
    const times: number[] = [];
    let started = 0;
    let wasBusy = false;
    Object.assign(window, { heroTimes: times });
    document.querySelector('[data-testid=file-input]')!.addEventListener('change', () => (started = performance.now()), true);
    new MutationObserver(() => {
      const busy = Boolean(document.querySelector('[data-testid=drop-zone] button[disabled], [data-testid=drop-zone] button[aria-disabled=true]'));
      if (wasBusy && !busy) times.push(performance.now() - started);
      wasBusy = busy;
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  let read = 0;
  return {
    async readFile(file) {
      const n = read++;
      await page.getByTestId('file-input').setInputFiles(file);
      await page.waitForFunction((at) => (window as unknown as { heroTimes: number[] }).heroTimes.length > at, n, { timeout, polling: 100 });
      return (await page.evaluate((at) => (window as unknown as { heroTimes: number[] }).heroTimes[at]!, n)) / 1000;
    },
  };
}

/** Chooses an OCR language in the page's searchable picker as a visitor does: opens it, types the code, clicks it. */
export async function chooseOcrLanguage(page: Page, code: string): Promise<void> {
  const picker = page.getByTestId('ocr-language');
  await picker.click();
  await picker.fill(code);
  await page.getByTestId('ocr-language-list').locator(`[data-code="${code}"]`).first().click();
  await page.waitForFunction((wanted) => document.querySelector('[data-testid=ocr-language]')?.getAttribute('data-value') === wanted, code);
}
