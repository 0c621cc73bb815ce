import "@mantine/dates/styles.css";
import { DatePickerInput, type DatePickerInputProps } from "@mantine/dates";
import { useRef } from "react";
import { CALENDAR_ARIA_LABELS, PLACEHOLDER_STYLES } from "./task-format.ts";

type DayPickerInputProps = Omit<DatePickerInputProps<"default">, "type" | "popoverProps">;

/**
 * Where focus goes when the calendar changes level (month → year → decade): Mantine swaps the
 * header for a new one, so the control that had focus is gone and focus falls to the page body,
 * where Escape no longer reaches the picker and closes the dialog around it instead. The new
 * level's header control takes it (Enter goes up again), else the first control of the calendar.
 */
function focusInside(dropdown: HTMLElement | null): void {
  if (!dropdown || dropdown.contains(document.activeElement)) return;
  const target =
    dropdown.querySelector<HTMLElement>("button[class*='calendarHeaderLevel']:not(:disabled)") ??
    dropdown.querySelector<HTMLElement>("button:not(:disabled)[tabindex='0'], button:not(:disabled)");
  target?.focus();
}

/**
 * A one-day picker in a field (weeks from Monday, SPEC §5) that behaves as one layer of a dialog:
 * focus stays inside the open calendar, Escape closes the calendar only, and focus comes back to
 * the field when the calendar closes (a day picked, Escape, a click outside).
 */
export function DayPickerInput({ onLevelChange, ...props }: DayPickerInputProps) {
  const fieldRef = useRef<HTMLButtonElement>(null);
  // The open calendar is the popover the field controls (Mantine names it in aria-controls).
  const dropdown = () => {
    const id = fieldRef.current?.getAttribute("aria-controls");
    return id ? document.getElementById(id) : null;
  };
  return (
    <DatePickerInput
      firstDayOfWeek={1}
      weekendDays={[]}
      ariaLabels={CALENDAR_ARIA_LABELS}
      valueFormat="D MMM YYYY"
      styles={PLACEHOLDER_STYLES}
      {...props}
      onLevelChange={(level) => {
        onLevelChange?.(level);
        // After the new level has rendered.
        requestAnimationFrame(() => focusInside(dropdown()));
      }}
      popoverProps={{ withinPortal: true, zIndex: 400, trapFocus: true, returnFocus: true }}
      ref={fieldRef}
    />
  );
}
