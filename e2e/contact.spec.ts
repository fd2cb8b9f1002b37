import { DatabaseSync } from 'node:sqlite';
import { E2E_DATABASE } from '../playwright.config.ts';
import { expect, test } from './fixtures.ts';

// One server, one client address, one rate limit (3 per 10 minutes here): these run in order.
test.describe.configure({ mode: 'serial' });

function storedRows(subject: string) {
  const db = new DatabaseSync(E2E_DATABASE, { readOnly: true });
  try {
    return db.prepare('SELECT name, email, subject, message FROM contact_messages WHERE subject = ?').all(subject);
  } finally {
    db.close();
  }
}

test('an empty form shows the four messages; a bad address its own', async ({ page }) => {
  await page.goto('/contact-us');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByTestId('error-name')).toHaveText('Name is required');
  await expect(page.getByTestId('error-email')).toHaveText('Email is required');
  await expect(page.getByTestId('error-subject')).toHaveText('Subject is required');
  await expect(page.getByTestId('error-message')).toHaveText('Message is required');
  await expect(page.getByLabel('Name')).toBeFocused();
  await page.getByLabel('Email').fill('not-an-address');
  await expect(page.getByTestId('error-email')).toHaveText('Please enter a valid email address');
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test('a complete message is sent, stored, and the form resets', async ({ page }) => {
  const subject = `Feedback ${Date.now()}`;
  await page.goto('/contact-us');
  await page.getByLabel('Name').fill('Ana Reyes');
  await page.getByLabel('Email').fill('ana@example.com');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('The TIFF page came out perfectly.');
  // The request is held until the sending state has been seen, however slow the machine.
  let release!: () => void;
  const seen = new Promise<void>((resolve) => (release = resolve));
  await page.route('/api/v1/contact', async (route) => {
    await seen;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  release();
  await expect(page.getByText("Message sent successfully! We'll get back to you soon.")).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
  expect(storedRows(subject)).toEqual([{ name: 'Ana Reyes', email: 'ana@example.com', subject, message: 'The TIFF page came out perfectly.' }]);
});

test('a filled honeypot is answered as sent but not stored', async ({ request }) => {
  const subject = `Bot ${Date.now()}`;
  const response = await request.post('/api/v1/contact', {
    data: { name: 'Bot', email: 'bot@example.com', subject, message: 'Buy now', website: 'http://spam.example' },
  });
  expect(response.status()).toBe(201);
  expect(storedRows(subject)).toEqual([]);
});

test('past the rate limit the server answers 429 and the page keeps what was typed', async ({ page, request }) => {
  let status = 0;
  for (let i = 0; i < 5 && status !== 429; i++) {
    status = (await request.post('/api/v1/contact', { data: { name: 'x', email: 'x@example.com', subject: 'x', message: 'x' } })).status();
  }
  expect(status).toBe(429);
  await page.goto('/contact-us');
  await page.getByLabel('Name').fill('Ana');
  await page.getByLabel('Email').fill('ana@example.com');
  await page.getByLabel('Subject').fill('Again');
  await page.getByLabel('Message').fill('Hello');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Too many messages from your connection. Please try again later.')).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('Hello');
});
