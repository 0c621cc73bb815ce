/** The webhook's answer: the reply was posted, and which comment it became. */
export function presentAccepted(result: { commentId: string }): { accepted: true; commentId: string } {
  return { accepted: true, commentId: result.commentId };
}
