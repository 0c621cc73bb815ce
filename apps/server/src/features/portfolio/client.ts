import type { PortfolioShot } from "@atelier/shared";
import { z } from "zod";

/** The parts of the portfolio service's user-shots answer we show (Dribbble API v2 shape). */
const shotsAnswerSchema = z.array(
  z.object({
    title: z.string().nullish(),
    html_url: z.url(),
    images: z.object({ hidpi: z.url().nullish(), normal: z.url().nullish(), teaser: z.url().nullish() }),
  }),
);

export class PortfolioServiceError extends Error {}

/** How many shots the screens show. */
export const SHOTS_SHOWN = 12;

/**
 * `GET {base}/user/shots` with the designer's access token. Only that token goes with it (never
 * our Auth-Token); an answer that is late, not 2xx or not the expected JSON is an error.
 */
export async function fetchUserShots(
  settings: { apiUrl: string; timeoutMs: number },
  accessToken: string,
): Promise<PortfolioShot[]> {
  let response: Response;
  try {
    response = await fetch(`${settings.apiUrl}/user/shots?per_page=${SHOTS_SHOWN}`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
      signal: AbortSignal.timeout(settings.timeoutMs),
      redirect: "error",
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    throw new PortfolioServiceError(timedOut ? `no answer within ${settings.timeoutMs} ms` : "unreachable");
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new PortfolioServiceError(`answered ${response.status}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new PortfolioServiceError("answered something that is not JSON");
  }
  const parsed = shotsAnswerSchema.safeParse(body);
  if (!parsed.success) throw new PortfolioServiceError("answered JSON of an unexpected shape");
  return parsed.data.slice(0, SHOTS_SHOWN).flatMap((shot) => {
    const image = shot.images.normal ?? shot.images.hidpi ?? shot.images.teaser;
    return image ? [{ image, title: shot.title ?? "", link: shot.html_url }] : [];
  });
}
