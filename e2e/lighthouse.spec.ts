import { expect, test } from '@playwright/test';
import { auditPage, launchChromium } from '../test-support/lighthouse.ts';

// Lighthouse (mobile emulation, its default) on the home page, a tool page and a blog post:
// Accessibility, Best Practices and SEO at 100. Their audits give the same answer on a busy
// machine as on an idle one; Performance does not, so bench/lighthouse.ts measures it.
for (const path of ['/', '/pdf-to-text', '/blog/how-to-extract-text-from-image']) {
  test(`Lighthouse scores ${path} 100 for Accessibility, Best Practices and SEO`, async ({ baseURL }) => {
    const chrome = await launchChromium();
    try {
      const { scores, failed } = await auditPage(`${baseURL}${path}`, chrome.port, ['accessibility', 'best-practices', 'seo']);
      expect(failed.map((audit) => `[${audit.category}] ${audit.id} ${audit.title}${audit.value ? ` (${audit.value})` : ''}`)).toEqual([]);
      expect(scores).toEqual({ accessibility: 100, 'best-practices': 100, seo: 100 });
    } finally {
      chrome.kill();
    }
  });
}
