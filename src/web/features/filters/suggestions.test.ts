// The comboboxes' one way to their suggestions: a GET of the suggestion route, its options, and
// what a visitor reads when it fails.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { suggest } from './suggestions.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function answer(response: Response | Error) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('suggest', () => {
  it("asks the kind's route for the name as JSON and answers its options", async () => {
    const options = [{ id: '7', label: 'Zenith Café' }];
    const fetch = answer(json(200, { success: true, message: 'Found 1', content: { options } }));
    const signal = new AbortController().signal;
    expect(await suggest('companies', 'café & co', signal)).toEqual(options);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/suggest/companies?name=caf%C3%A9+%26+co');
    expect(fetch.mock.calls[0]![1]).toMatchObject({
      headers: { accept: 'application/json' },
      signal,
    });
  });

  it("fails with the server's words for a bad name and for too many requests", async () => {
    const signal = new AbortController().signal;
    const bad = "Invalid querystring: 'name' must be at most 100 characters";
    answer(json(400, { success: false, message: bad, content: null }));
    await expect(suggest('roles', 'x', signal)).rejects.toThrow(bad);
    const limited = 'Too many requests. Please wait 41 s and try again.';
    answer(json(429, { success: false, message: limited, content: null }));
    await expect(suggest('roles', 'x', signal)).rejects.toThrow(limited);
  });

  it('fails with the status when the answer is not the JSON it expects', async () => {
    answer(new Response('<!doctype html><title>Unavailable</title>', { status: 503 }));
    await expect(suggest('locations', 'ber', new AbortController().signal)).rejects.toThrow(
      'The server answered 503. Please try again.',
    );
  });

  it('says the server could not be reached when the request itself fails', async () => {
    answer(new TypeError('Failed to fetch'));
    await expect(suggest('locations', 'ber', new AbortController().signal)).rejects.toThrow(
      'Could not reach the server. Check your connection and try again.',
    );
  });

  it('lets an abort through as it is, for the caller to drop', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    answer(abort);
    await expect(suggest('locations', 'ber', controller.signal)).rejects.toBe(abort);
  });
});
