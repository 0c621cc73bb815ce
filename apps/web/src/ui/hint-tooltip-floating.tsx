import { Tooltip } from "@mantine/core";
import type { ReactElement } from "react";

/** Mantine's Tooltip, opened by HintTooltip: its own chunk, with floating-ui (see hint-tooltip.tsx). */
export default function HintTooltipFloating({
  label,
  opened,
  children,
}: {
  label: string;
  opened: boolean;
  children: ReactElement;
}) {
  return (
    <Tooltip label={label} opened={opened} withArrow>
      {children}
    </Tooltip>
  );
}
