import type { ServerConfig } from './config.ts';
import { createOfficePool, OFFICE_INSTALL, type OfficePool } from './engines/libreoffice.ts';
import { createOcrProvider, type OcrProvider } from './engines/ocr-provider.ts';
import { createServerTranslation, type ServerTranslation } from './engines/translation.ts';

export interface HostEngines {
  ocr: OcrProvider;
  office: OfficePool | undefined;
  translation: ServerTranslation;
}

interface EngineLog {
  info(object: object, message: string): void;
  info(message: string): void;
  warn(message: string): void;
}

/** The engines a host converts with (or, a web server in the queue mode, reports in /healthz), found as every host finds them. */
export async function createEngines(config: ServerConfig, log: EngineLog): Promise<HostEngines> {
  const ocr = await createOcrProvider(config);
  const office = await createOfficePool(config);
  const translation = await createServerTranslation(config, { info: (message) => log.info(message), warn: (message) => log.warn(message) });
  return { ocr, office, translation };
}

/** Where conversions run (the embedded server, a queue worker): a line per engine, and LibreOffice's profiles built when asked. */
export function announceEngines(config: ServerConfig, { ocr, office }: HostEngines, log: EngineLog): void {
  log.info({ ocr: ocr.name, concurrency: config.concurrency }, `OCR engine ready: ${ocr.name}, ${config.concurrency} conversions at a time`);
  if (office) {
    log.info({ office: office.name, slots: config.concurrency }, `Word engine ready: ${office.name}, ${config.concurrency} documents at a time`);
    if (config.officeWarmUp) void office.warm();
  } else {
    log.warn(`Word to PDF and Word to JPG are off: ${config.office === 'off' ? 'TEXTLIFT_OFFICE=off' : `LibreOffice is not installed (${OFFICE_INSTALL})`}`);
  }
}

/** Stops what createEngines started, after the conversions that use them. */
export async function closeEngines({ ocr, office, translation }: HostEngines): Promise<void> {
  await ocr.close();
  await Promise.all([office?.close(), translation.close()]);
}
