import { describe, expect, test } from 'vitest';
import { fallbackPagePath, languageOfPath, NOT_PAGES, withoutPrerenderedContent } from './offline-pages.ts';

describe('the page shown offline for an address never loaded', () => {
  test('is the home of its language when stored, else a page of its language, else any page', () => {
    expect(fallbackPagePath('/de/merge-pdf', ['/', '/de/about-us', '/de'])).toBe('/de');
    expect(fallbackPagePath('/de/merge-pdf', ['/', '/de/about-us'])).toBe('/de/about-us');
    expect(fallbackPagePath('/merge-pdf', ['/de', '/image-to-pdf'])).toBe('/image-to-pdf');
    expect(fallbackPagePath('/merge-pdf', ['/de'])).toBe('/de');
    expect(fallbackPagePath('/merge-pdf', [])).toBeUndefined();
  });

  test('reads the language from the first segment only when it is one of ours', () => {
    expect(languageOfPath('/ph/qr-scanner')).toBe('ph');
    expect(languageOfPath('/tr')).toBe('tr');
    expect(languageOfPath('/en/blog')).toBe('en');
    expect(languageOfPath('/blog/how-to-extract-text-from-image')).toBe('en');
    expect(languageOfPath('/xx/merge-pdf')).toBe('en');
  });

  test("loses the other page's prerendered content and keeps its head and scripts", () => {
    const html = '<html lang="de"><head><title>Startseite</title><script type="module" src="/assets/index-1.js"></script></head><body>\n    <div id="root"><main><div class="hero">Text</div></main></div>\n  </body></html>';
    const shell = withoutPrerenderedContent(html);
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).not.toContain('hero');
    expect(shell).toContain('<script type="module" src="/assets/index-1.js"></script>');
    expect(shell).toContain('<title>Startseite</title>');
  });

  test('never takes an API or service address for a page', () => {
    for (const path of ['/api/v1/convert/merge-pdf', '/api', '/parse/image', '/v1/create-qr-code/', '/healthz', '/metrics']) expect(NOT_PAGES.test(path), path).toBe(true);
    for (const path of ['/', '/apis-explained', '/de/merge-pdf', '/blog/how-do-you-convert-a-pdf-to-word']) expect(NOT_PAGES.test(path), path).toBe(false);
  });
});
