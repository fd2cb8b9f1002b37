/*
 * The server's limits that the site's own pages state (the Terms of Service), kept here so that
 * the page and the server read one number: the server's config takes these as the defaults of
 * its environment variables, and the web package, which may not import the server, interpolates
 * them into its texts.
 */

/** API requests one client address may make in a minute (TEXTLIFT_API_RATE_LIMIT's default). */
export const API_REQUESTS_PER_MINUTE = 60;

/** API requests a minute with one API key, where the server has keys (TEXTLIFT_API_KEY_RATE_LIMIT's default): ten times a client's without. */
export const API_KEY_REQUESTS_PER_MINUTE = 600;

/** A conversion still running after this long is stopped and answered 503 (TEXTLIFT_JOB_TIMEOUT_MS's default). */
export const JOB_TIMEOUT_MS = 120_000;
