import { toConversionError } from '@textlift/core/errors';

/**
 * A call across Comlink (page to worker, or back) whose failures leave as plain objects: Comlink
 * carries an Error's message only, and the other side needs the code and its details.
 */
export function plainErrors<A extends unknown[], R>(call: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await call(...args);
    } catch (error) {
      const { code, message, details } = toConversionError(error);
      throw { code, message, details };
    }
  };
}
