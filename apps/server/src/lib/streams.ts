import { Readable, Transform } from "node:stream";

/** Reads at least `size` bytes (or the whole stream if shorter) and hands back a stream that still starts at byte 0. */
export async function peekStream(source: Readable, size: number): Promise<{ head: Buffer; stream: Readable }> {
  const iterator: AsyncIterator<Buffer> = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* replay(): AsyncGenerator<Buffer> {
    if (head.length > 0) yield head;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    ended = true;
  }
  const stream = Readable.from(replay(), { objectMode: false });
  // Destroying the replay (a refused upload) must also release the source.
  stream.once("close", () => {
    if (!ended) source.destroy();
  });
  return { head, stream };
}

export class SizeLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
  }
}

/** Passes bytes through and fails with SizeLimitError as soon as more than `maxBytes` went by. */
export function limitSize(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new SizeLimitError(maxBytes));
      else callback(null, chunk);
    },
  });
}
