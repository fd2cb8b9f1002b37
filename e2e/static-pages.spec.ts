import { API_REQUESTS_PER_MINUTE } from '@textlift/core/service-limits';
import { expect, test } from './fixtures.ts';

// The texts themselves are checked in every language by packages/web/src/pages/static-pages.test.ts;
// these check what only the built page shows: the FAQ's answer once opened, and the pages as served.

test('the home FAQ, opened, names the tools that send a file to our server', async ({ page }) => {
  await page.goto('/');
  const faq = page.getByTestId('faq');
  const answer = faq.getByText(/Text recognition runs in your browser/);
  await expect(answer).toBeHidden();
  await faq.locator('summary', { hasText: 'Are my images uploaded to a server?' }).click();
  await expect(answer).toBeVisible();
  await expect(answer).toContainText('Word to PDF and Word to JPG');
  await expect(answer).not.toContainText('{{');
});

test('the contact, terms and refund pages as served promise only what the site does', async ({ page }) => {
  await page.goto('/contact-us');
  await expect(page.getByText('We read every message and usually answer by email within a few working days.')).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/24\/7|24 hours/);
  await page.goto('/terms-of-service');
  await expect(page.locator('main')).toContainText(`at most ${API_REQUESTS_PER_MINUTE} requests a minute from one address`);
  await page.goto('/refund-policy');
  await expect(page.locator('main')).toContainText('Nothing on this site is for sale');
  await expect(page.locator('main')).not.toContainText(/premium|subscription/i);
});
