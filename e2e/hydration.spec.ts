import { expect, test } from './fixtures.ts';

/**
 * Preact hydrates without a word when the HTML and the first render differ: it replaces what
 * differs (React reported it in the console, which site-routes.spec.ts watches). So this looks
 * at the DOM itself: from the parsed page until the app marks itself live, nothing the server
 * wrote under #root may be removed, added or rewritten.
 */
const changesUntilReady = () => {
  const changes: string[] = [];
  const label = (node: Node) =>
    node instanceof Element ? `<${node.localName}${node.id ? `#${node.id}` : ''}>` : JSON.stringify(node.textContent?.slice(0, 40));
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.target === document.documentElement && record.attributeName === 'data-ready') return observer.disconnect();
      if (!document.getElementById('root')?.contains(record.target)) continue;
      // A comment is a mark of the server's render, which hydration may drop.
      const nodes = (list: NodeList) =>
        [...list]
          .filter((node) => node.nodeType !== Node.COMMENT_NODE)
          .map(label)
          .join(' ');
      if (record.type === 'childList') {
        if (nodes(record.removedNodes)) changes.push(`removed ${nodes(record.removedNodes)} from ${label(record.target)}`);
        if (nodes(record.addedNodes)) changes.push(`added ${nodes(record.addedNodes)} to ${label(record.target)}`);
      } else if (record.type === 'characterData') changes.push(`text ${JSON.stringify(record.oldValue)} became ${label(record.target)}`);
      else changes.push(`${record.attributeName} of ${label(record.target)} was ${JSON.stringify(record.oldValue)}`);
    }
  });
  // From the end of parsing (the parser's own insertions are not hydration's), before any module script runs.
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    observer.observe(document, { subtree: true, childList: true, characterData: true, characterDataOldValue: true, attributes: true, attributeOldValue: true });
  });
  (window as unknown as { hydrationChanges: string[] }).hydrationChanges = changes;
};

test('the app takes over the prerendered pages as they are, a tool page whole', async ({ page }) => {
  await page.addInitScript(changesUntilReady);
  for (const path of ['/', '/de', '/pdf-to-text', '/pl/merge-pdf', '/qr-generator', '/fr/contact', '/about-us', '/de/api-docs', '/blog', '/ph/no-such-page']) {
    await page.goto(path);
    const changes = await page.evaluate(() => (window as unknown as { hydrationChanges: string[] }).hydrationChanges);
    expect(changes, path).toEqual([]);
  }
});
