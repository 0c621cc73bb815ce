import type { DesignFeedback } from "@atelier/shared";
import { Paper, Text } from "@mantine/core";

/**
 * A reviewer's verdict with their note, as the designer must read it: a request for changes is
 * worth nothing without what to change (issue 29). Announced as a note named by the verdict.
 */
export function FeedbackNote({ feedback, fileName }: { feedback: DesignFeedback; fileName?: string }) {
  const label = feedback.feedback === "approved" ? "Approved" : "Changes requested";
  return (
    <Paper
      role="note"
      aria-label={label}
      withBorder
      p="xs"
      radius="sm"
      bg={feedback.feedback === "approved" ? "teal.0" : "orange.0"}
    >
      <Text size="sm" fw={600}>
        {label}
        {fileName ? <> on {fileName}</> : null} by {feedback.userFirstName} {feedback.userSecondName}
      </Text>
      <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {feedback.comment ? `“${feedback.comment}”` : "No note."}
      </Text>
    </Paper>
  );
}
