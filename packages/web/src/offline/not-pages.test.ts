import { expect, test } from 'vitest';
import { NOT_PAGES } from './not-pages.ts';

test('the service worker never takes an API or service address for a page to keep', () => {
  for (const path of ['/api/v1/convert/merge-pdf', '/api', '/parse/image', '/v1/create-qr-code/', '/healthz', '/metrics'])
    expect(NOT_PAGES.test(path), path).toBe(true);
  for (const path of ['/', '/apis-explained', '/de/merge-pdf', '/blog/how-do-you-convert-a-pdf-to-word']) expect(NOT_PAGES.test(path), path).toBe(false);
});
