// Watches the read services a page's loaders use, so the web bridge can tell "the database is
// away" (answer 503 "temporarily unavailable") from a bug (500) after React Router has already
// turned the loader's error into its error page.
import { isDatabaseUnavailable } from './database-unavailable.ts';

type AnyFunction = (...args: unknown[]) => unknown;

function watchIterable(iterable: AsyncIterable<unknown>, onUnavailable: () => void) {
  return {
    [Symbol.asyncIterator]() {
      const iterator = iterable[Symbol.asyncIterator]();
      return {
        next: () => watchPromise(iterator.next(), onUnavailable),
        return: (value?: unknown) =>
          iterator.return?.(value) ?? Promise.resolve({ done: true as const, value }),
      };
    },
  };
}

function watchPromise<T>(promise: Promise<T>, onUnavailable: () => void): Promise<T> {
  return promise.catch((err: unknown) => {
    if (isDatabaseUnavailable(err)) onUnavailable();
    throw err;
  });
}

function watchResult(result: unknown, onUnavailable: () => void): unknown {
  if (result instanceof Promise) return watchPromise(result, onUnavailable);
  if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
    return watchIterable(result as AsyncIterable<unknown>, onUnavailable);
  }
  return result;
}

function watchService<S extends object>(service: S, onUnavailable: () => void): S {
  return new Proxy(service, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        watchResult((value as AnyFunction).apply(target, args), onUnavailable);
    },
  });
}

/** The same services, each call reporting a database outage through onUnavailable. */
export function guardServices<T extends Record<string, object>>(
  services: T,
  onUnavailable: () => void,
): T {
  const guarded = {} as Record<string, object>;
  for (const [name, service] of Object.entries(services)) {
    guarded[name] = watchService(service, onUnavailable);
  }
  return guarded as T;
}

const outages = new WeakSet<object>();

/** The services for one request; a database outage seen through them marks the request. */
export function guardRequestServices<T extends Record<string, object>>(
  request: object,
  services: T,
): T {
  return guardServices(services, () => outages.add(request));
}

export function sawDatabaseOutage(request: object): boolean {
  return outages.has(request);
}
