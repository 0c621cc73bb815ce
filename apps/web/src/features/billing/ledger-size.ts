/**
 * The hours section's reserved height (phones, then wider screens): its card keeps it from the
 * first frame (the screen's placeholder while its code loads, then the skeleton) to the chart,
 * so the task board below does not jump as the section fills (Lighthouse: layout shift).
 */
export const LEDGER_MIN_HEIGHT = { base: 400, sm: 340 };
