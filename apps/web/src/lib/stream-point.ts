import { STREAM_POINT_HEADER, STREAM_POINT_PATTERN } from "@atelier/shared";

/**
 * Until the realtime stream opens, each GET asks the server for its stream point (the point a
 * stream must start from to miss no change committed after that read). The stream then opens from
 * the smallest: what changed between a screen's reads and the stream's opening still arrives, and
 * nothing on screen is fetched again (issue 29, point 9). A read answered without a point (an
 * older server) leaves no point: the stream then starts fresh and the screens refetch.
 */
let asking = true;
let smallest: bigint | undefined;
let unknown = false;
const reads = new Set<Promise<void>>();
const WAIT_MS = 10_000;

export function streamPointHeaders(): Record<string, string> {
  return asking ? { [STREAM_POINT_HEADER]: "1" } : {};
}

/** Notes the point of a GET that asked (streamPointHeaders) when its answer comes. */
export function noteStreamPointRead(response: Promise<Response>): void {
  if (!asking) return;
  const read = response.then(
    (answer) => {
      const point = answer.headers.get(STREAM_POINT_HEADER);
      if (point === null || !STREAM_POINT_PATTERN.test(point)) unknown ||= answer.ok;
      else if (smallest === undefined || BigInt(point) < smallest) smallest = BigInt(point);
    },
    () => {},
  );
  reads.add(read);
  void read.then(() => reads.delete(read));
}

/** Stops asking and answers the point to open the stream from, once the reads in flight answered. */
export async function takeStreamPoint(): Promise<string | undefined> {
  asking = false;
  const answered = await Promise.race([
    Promise.all(reads).then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), WAIT_MS)),
  ]);
  return answered && !unknown ? smallest?.toString() : undefined;
}

/** The stream closed (sign-out, another account): the next one starts from the reads after this. */
export function askStreamPointAgain(): void {
  asking = true;
  smallest = undefined;
  unknown = false;
}
