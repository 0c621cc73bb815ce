import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { limitSize, peekStream, SizeLimitError } from "./streams.ts";

const chunks = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));

describe("peekStream", () => {
  it("reads at least the asked bytes and still hands back the whole stream", async () => {
    const { head, stream } = await peekStream(chunks("ab", "cd", "ef", "gh"), 3);
    expect(head.toString()).toBe("abcd");
    expect((await buffer(stream)).toString()).toBe("abcdefgh");
  });

  it("copes with a stream shorter than the peek, and an empty one", async () => {
    const short = await peekStream(chunks("xy"), 100);
    expect(short.head.toString()).toBe("xy");
    expect((await buffer(short.stream)).toString()).toBe("xy");
    const empty = await peekStream(chunks(), 100);
    expect(empty.head.length).toBe(0);
    expect((await buffer(empty.stream)).length).toBe(0);
  });

  it("passes on an error of the source after the peek", async () => {
    async function* failing() {
      yield Buffer.from("12345");
      throw new Error("connection lost");
    }
    const { stream } = await peekStream(Readable.from(failing()), 2);
    await expect(buffer(stream)).rejects.toThrow("connection lost");
  });

  it("releases the source when the replay is destroyed", async () => {
    const source = chunks("ab", "cd", "ef");
    const { stream } = await peekStream(source, 1);
    stream.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.destroyed).toBe(true);
  });
});

describe("limitSize", () => {
  it("lets exactly the limit through", async () => {
    const out: Buffer[] = [];
    await pipeline(chunks("abc", "de"), limitSize(5), async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) out.push(chunk);
    });
    expect(Buffer.concat(out).toString()).toBe("abcde");
  });

  it("fails as soon as one byte more arrives", async () => {
    const run = pipeline(chunks("abc", "def"), limitSize(5), async (source: AsyncIterable<Buffer>) => {
      for await (const _ of source);
    });
    await expect(run).rejects.toBeInstanceOf(SizeLimitError);
  });
});
