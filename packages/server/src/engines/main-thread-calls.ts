import type { MessagePort } from 'node:worker_threads';
import { ConversionError, toConversionError } from '@textlift/core';

/** The work a conversion thread may ask of the main thread, by name: its argument in, its answer out. */
export type MainThreadHandlers = Record<string, (argument: never, signal: AbortSignal) => Promise<unknown>>;

interface CallRequest {
  id: number;
  method: string;
  argument: unknown;
}

type CallReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; code: string; message: string; details: Record<string, string | number> };

/**
 * The main thread's end of a job's channel: it runs the engine processes (tesseract, LibreOffice)
 * a conversion thread asks for. They belong to the main thread, which outlives the job's thread:
 * when that thread is stopped (timeout, client gone, out of memory) its processes are still
 * killed and reaped here (a process started by a thread that is terminated is never reaped: it
 * stays defunct). `signal` is the job's; `close()` stops what is left and resolves once all are reaped.
 */
export function serveCalls(port: MessagePort, signal: AbortSignal, handlers: MainThreadHandlers) {
  const stop = new AbortController();
  const stopNow = () => stop.abort(signal.reason);
  signal.addEventListener('abort', stopNow, { once: true });
  const running = new Set<Promise<unknown>>();
  port.on('message', (request: Partial<CallRequest>) => {
    // The channel also carries the thread's own notes (ThreadStarted), which ask for nothing.
    if (typeof request.method !== 'string' || typeof request.id !== 'number') return;
    const handler = handlers[request.method];
    const work = handler
      ? handler(request.argument as never, stop.signal)
      : Promise.reject(new ConversionError('engine-failed', `No such engine: ${request.method}`));
    const done = work
      .then(
        (value): CallReply => ({ id: request.id!, ok: true, value }),
        (error: unknown): CallReply => {
          const failure = toConversionError(error);
          return { id: request.id!, ok: false, code: failure.code, message: failure.message, details: failure.details };
        },
      )
      .then((reply) => {
        try {
          port.postMessage(reply);
        } catch {
          // The thread is gone.
        }
      });
    running.add(done);
    void done.finally(() => running.delete(done));
  });
  return {
    async close() {
      signal.removeEventListener('abort', stopNow);
      if (!stop.signal.aborted) stop.abort(new ConversionError('cancelled', 'The job ended.'));
      await Promise.all(running);
      port.close();
    },
  };
}

/** A conversion thread's end: asks the main thread (see serveCalls) and waits for its answer. */
export function mainThreadCaller(port: MessagePort) {
  let next = 0;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();
  port.on('message', (reply: CallReply | { thread?: number }) => {
    if (!('id' in reply)) return;
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    if (pending.size === 0) port.unref();
    if (reply.ok) call.resolve(reply.value);
    else call.reject(toConversionError({ code: reply.code, message: reply.message, details: reply.details }));
  });
  port.unref();
  return <T>(method: string, argument: unknown) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      port.ref();
      // A copy, not a transfer: the caller may still read its input.
      port.postMessage({ id, method, argument } satisfies CallRequest);
    });
}
