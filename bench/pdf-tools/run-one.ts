// One conversion in a process of its own, so GNU time can report its peak memory:
// node bench/pdf-tools/run-one.ts <slug> <options-json> <out> <input>...
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runTool } from '@textlift/core';
import { loadConfig } from '../../packages/server/src/config.ts';
import { createNodeHost } from '../../packages/server/src/engines/node-host.ts';
import { createOcrProvider } from '../../packages/server/src/engines/ocr-provider.ts';

const [slug, options, out, ...inputs] = process.argv.slice(2);
const provider = await createOcrProvider({ ...loadConfig(), ocrEngine: 'wasm' }, { prepare: false });
const { host, release } = createNodeHost(provider);
const text = slug === 'text-to-pdf' ? readFileSync(inputs[0]!, 'utf8') : undefined;
const files = text === undefined ? inputs.map((file) => ({ name: path.basename(file), bytes: readFileSync(file) })) : undefined;
const result = await runTool(slug!, { files, text }, JSON.parse(options!), { host });
writeFileSync(out!, result.outputs[0]!.bytes);
release();
await provider.close();
