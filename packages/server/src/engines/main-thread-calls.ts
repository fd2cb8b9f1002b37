import type { MessagePort } from 'node:worker_threads';
import { ConversionError, toConversionError } from '@textlift/core';

/**
 * Services as a thread calls them, by service and method name (`office.toPdf`): one argument in,
 * one answer out, both plain data (they cross as structured clones). A method may take a signal
 * after its argument: aborted, it stops that call's work on the main thread (a reading started
 * ahead of need and found not needed), not the job's.
 */
export type ServiceCalls<S> = { [Service in keyof S]: { [Method in keyof S[Service]]: (argument: never) => Promise<unknown> } };

/** A service's methods as the main thread serves them: each is also given the job's signal, which stops its work when the job ends. */
export type Served<Service> = {
  [Method in keyof Service]: Service[Method] extends (argument: infer A) => Promise<infer R> ? (argument: A, signal: AbortSignal) => Promise<R> : never;
};

/** Every service of S, served. */
export type ServedCalls<S> = { [Service in keyof S]: Served<S[Service]> };

interface CallRequest {
  id: number;
  service: string;
  method: string;
  argument: unknown;
}

/** A call's work no longer wanted by the thread: its signal aborted. */
interface CallCancel {
  cancel: number;
}

type CallReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; code: string; message: string; details: Record<string, string | number> };

/** The handler of a request, looked up among the served objects' own methods only (never `constructor` or `__proto__`). */
function handlerOf<S>(services: ServedCalls<S>, { service, method }: CallRequest): ((argument: unknown, signal: AbortSignal) => Promise<unknown>) | undefined {
  const methods = Object.hasOwn(services, service) ? (services as Record<string, Record<string, unknown>>)[service] : undefined;
  const handler = methods && Object.hasOwn(methods, method) ? methods[method] : undefined;
  return typeof handler === 'function' ? (handler as (argument: unknown, signal: AbortSignal) => Promise<unknown>) : undefined;
}

/**
 * The main thread's end of a job's channel: it runs the engine processes (tesseract, LibreOffice)
 * a conversion thread asks for. They belong to the main thread, which outlives the job's thread:
 * when that thread is stopped (timeout, client gone, out of memory) its processes are still
 * killed and reaped here (a process started by a thread that is terminated is never reaped: it
 * stays defunct). `signal` is the job's; `close()` stops what is left and resolves once all are reaped.
 */
export function serveCalls<S extends ServiceCalls<S>>(port: MessagePort, signal: AbortSignal, services: ServedCalls<S>) {
  const stop = new AbortController();
  const stopNow = () => stop.abort(signal.reason);
  signal.addEventListener('abort', stopNow, { once: true });
  const running = new Set<Promise<unknown>>();
  const calls = new Map<number, AbortController>();
  port.on('message', (request: Partial<CallRequest & CallCancel>) => {
    if (typeof request.cancel === 'number') {
      calls.get(request.cancel)?.abort(new ConversionError('cancelled', 'The call is no longer wanted.'));
      return;
    }
    // The channel also carries the thread's own notes (ThreadStarted), which ask for nothing.
    if (typeof request.service !== 'string' || typeof request.method !== 'string' || typeof request.id !== 'number') return;
    const handler = handlerOf(services, request as CallRequest);
    const own = new AbortController();
    calls.set(request.id, own);
    // A handler that throws at once fails its call, as one whose promise rejects.
    const work = handler
      ? new Promise((resolve) => resolve(handler(request.argument, AbortSignal.any([stop.signal, own.signal]))))
      : Promise.reject(new ConversionError('engine-failed', `No such engine: ${request.service}.${request.method}`));
    const done = work
      .then(
        (value): CallReply => ({ id: request.id!, ok: true, value }),
        (error: unknown): CallReply => {
          const failure = toConversionError(error);
          return { id: request.id!, ok: false, code: failure.code, message: failure.message, details: failure.details };
        },
      )
      .then((reply) => {
        calls.delete(reply.id);
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

/**
 * A conversion thread's end: the main thread's services (see serveCalls) as objects of the same
 * type, each call sent over the port and its answer awaited.
 */
export function mainThreadServices<S extends ServiceCalls<S>>(port: MessagePort): S {
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
  const call = (service: string, method: string, argument: unknown, signal?: AbortSignal) =>
    new Promise<unknown>((resolve, reject) => {
      signal?.throwIfAborted();
      const id = next++;
      // Stopped, the call still ends with the main thread's answer, once its work has stopped.
      const cancel = () => port.postMessage({ cancel: id } satisfies CallCancel);
      signal?.addEventListener('abort', cancel, { once: true });
      const settled = () => signal?.removeEventListener('abort', cancel);
      pending.set(id, {
        resolve(value) {
          settled();
          resolve(value);
        },
        reject(error) {
          settled();
          reject(error);
        },
      });
      port.ref();
      // A copy, not a transfer: the caller may still read its input.
      port.postMessage({ id, service, method, argument } satisfies CallRequest);
    });
  // Any name is a service and a method, as S says; `then` is neither, so that awaiting one is not taken for a call.
  const named = <T>(make: (name: string) => T) => {
    const made = new Map<string, T>();
    return new Proxy(
      {},
      {
        get(_, name) {
          if (typeof name !== 'string' || name === 'then') return undefined;
          if (!made.has(name)) made.set(name, make(name));
          return made.get(name);
        },
      },
    );
  };
  return named((service) => named((method) => (argument: unknown, signal?: AbortSignal) => call(service, method, argument, signal))) as S;
}
