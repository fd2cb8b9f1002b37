/**
 * A small XMLHttpRequest for Node tests, made of fetch: enough of the browser's (open, send of
 * FormData, responseType 'arraybuffer', upload progress and load, load, error, abort) to run
 * page code that talks to our API against the real server. Upload progress is reported once,
 * whole, as a fetch cannot report it.
 */
export function xhrOverFetch(origin: string) {
  return class FetchXmlHttpRequest {
    status = 0;
    response: ArrayBuffer | null = null;
    responseType = '';
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void; onload?: () => void } = {};
    onload?: () => void;
    onerror?: () => void;
    private method = 'GET';
    private url = '';
    private headers = new Headers();
    private controller = new AbortController();

    open(method: string, url: string) {
      this.method = method;
      this.url = new URL(url, origin).href;
    }

    getResponseHeader(name: string): string | null {
      return this.headers.get(name);
    }

    abort() {
      this.controller.abort();
    }

    send(body: FormData) {
      void (async () => {
        try {
          const response = await fetch(this.url, { method: this.method, body, signal: this.controller.signal });
          this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
          this.upload.onload?.();
          this.status = response.status;
          this.headers = response.headers;
          this.response = await response.arrayBuffer();
          this.onload?.();
        } catch {
          if (!this.controller.signal.aborted) this.onerror?.();
        }
      })();
    }
  };
}
