// Imported first by main.ts and worker.ts: libuv reads UV_THREADPOOL_SIZE when its pool first
// runs, and nothing has run on it before the first module's body.
//
// The kept-loaded tesseract reads on libuv's pool (warm-tesseract.ts), a reading taking up to
// seconds, and so do file reads (the site's static files), DNS lookups (a URL to read) and zlib.
// With Node's 4 threads, two pages' parallel readings could take them all and hold a visitor's
// page load behind OCR. Configuration can still choose (README).
process.env.UV_THREADPOOL_SIZE ||= '16';
