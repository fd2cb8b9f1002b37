import { afterAll, beforeAll } from 'vitest';
import type { JobInput } from '@textlift/core';
import { loadConfig } from '../packages/server/src/config.ts';
import { runOnNode } from '../packages/server/src/engines/node-host.ts';
import { createOcrProvider, type OcrProvider } from '../packages/server/src/engines/ocr-provider.ts';

/**
 * A test file's way to run tools as the server does: the server's OCR engine, made before the
 * file's tests and closed after them, and `runOnNode` with it.
 */
export function runsOnNode(): (slug: string, input: JobInput, options?: Record<string, unknown>) => ReturnType<typeof runOnNode> {
  let provider: OcrProvider | undefined;
  beforeAll(async () => {
    provider = await createOcrProvider(loadConfig());
  });
  afterAll(async () => {
    await provider?.close();
  });
  return (slug, input, options) => runOnNode(provider!, slug, input, options);
}
