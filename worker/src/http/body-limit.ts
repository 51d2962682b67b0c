import type { Context, MiddlewareHandler } from 'hono';

export const MAX_BODY_BYTES = 256 * 1024;

const tooLarge = (c: Context) => c.json({ message: 'The request is too large.' }, 413, { Connection: 'close' });

/** What is read of a refused body sent in chunks before answering, so the client can finish sending. */
const DRAIN_BYTES = 16 * 1024 * 1024;

/** A body sent without a length, whole; null once past MAX_BODY_BYTES (read on up to DRAIN_BYTES). */
async function readWithinLimit(stream: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > DRAIN_BYTES) break;
    if (size <= MAX_BODY_BYTES) chunks.push(value);
  }
  if (size > MAX_BODY_BYTES) {
    await reader.cancel().catch(() => {});
    return null;
  }
  const body = new Uint8Array(size);
  chunks.reduce((offset, chunk) => (body.set(chunk, offset), offset + chunk.byteLength), 0);
  return body;
}

/**
 * The request's body: refused with 413 over MAX_BODY_BYTES, at once from its Content-Length or, sent
 * without one, once it has gone past the limit (read to its end, up to DRAIN_BYTES, so the client
 * reads the 413 instead of a broken pipe). A body sent without a length is read here, whole.
 *
 * An answer given without reading the body (a 401, a 404...) leaves it on the connection:
 * @hono/node-server drains it for at most 500 ms, then drops the socket under a keep-alive client's
 * next request (Node fetch: UND_ERR_SOCKET), so that answer says `Connection: close`.
 */
export const limitBody: MiddlewareHandler = async (c, next) => {
  const request = c.req.raw;
  const length = request.headers.get('content-length');
  const chunked = request.headers.has('transfer-encoding');
  if (length === null || chunked) {
    // A read has no body to limit; asking a Node request for one builds a whole web Request.
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && request.body) {
      const body = await readWithinLimit(request.body);
      if (!body) return tooLarge(c);
      c.req.raw = new Request(request, { body });
      return next();
    }
  } else if (Number(length) > MAX_BODY_BYTES) {
    return tooLarge(c);
  }
  await next();
  if ((chunked || Number(length) > 0) && !request.bodyUsed) c.res.headers.set('Connection', 'close');
};
