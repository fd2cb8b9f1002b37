/** Addresses of the server that are never pages to keep: the API, the compatible APIs, health and metrics. */
export const NOT_PAGES = /^\/(api|parse|v1|healthz|metrics)(\/|$)/;
