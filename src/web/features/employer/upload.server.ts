// Reads a posted form with a size limit: React Router hands actions the raw request, so without
// this a multi-gigabyte upload would be buffered whole before the logo's 2 MB rule could refuse it.

export type LimitedForm = { ok: true; value: FormData } | { ok: false; message: string };

export async function readLimitedForm(request: Request, maxBytes: number): Promise<LimitedForm> {
  const tooLarge: LimitedForm = { ok: false, message: 'Logo must be at most 2 MB' };
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) return tooLarge;
  if (!request.body) return { ok: true, value: new FormData() };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return tooLarge;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  try {
    const form = await new Response(body, {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData();
    return { ok: true, value: form };
  } catch {
    return { ok: false, message: 'The form could not be read: send it again' };
  }
}
