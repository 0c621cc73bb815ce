import {
  type AnchorProps,
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  type NumberInputProps,
  type PasswordInputProps,
  parseThemeColor,
  type SelectProps,
  type TextInputProps,
  type VariantColorsResolver,
} from "@mantine/core";

/**
 * Contrast fixes. The "light" variant (alerts, badges, light buttons) draws text in shade 6 on a pale tint, which
 * misses WCAG AA contrast for several colors; shade 9 on shade 0 passes for all of them.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade !== undefined) return colors;
  // Filled red (destructive buttons, badges) at the primary shade leaves white text at 3.8:1.
  if (input.variant === "filled" && parsed.color === "red") {
    return {
      ...colors,
      background: "var(--mantine-color-red-9)",
      hover: "color-mix(in srgb, var(--mantine-color-red-9) 85%, black)",
    };
  }
  if (input.variant !== "light") return colors;
  return {
    ...colors,
    background: `var(--mantine-color-${parsed.color}-0)`,
    color: `var(--mantine-color-${parsed.color}-9)`,
  };
};

export const theme = createTheme({
  variantColorResolver,
  // Dialogs, drawers and menus appear at once for people who ask their system for less motion.
  respectReducedMotion: true,
  primaryColor: "indigo",
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: "md",
  fontFamily: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "650" },
  cursorType: "pointer",
  // Plain objects, not `Component.extend(…)`: extend would pull every listed component (Select,
  // NumberInput…) into the first load of every screen, used or not.
  components: {
    // Links inside text must not rely on color alone (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: "always" } satisfies Partial<AnchorProps> },
    // The toggle's default name ("Toggle password visibility") would also answer to the label
    // "Password"; this one keeps every password field's label unique.
    PasswordInput: {
      defaultProps: {
        withAsterisk: false,
        visibilityToggleButtonProps: { "aria-label": "Show typed text" },
      } satisfies Partial<PasswordInputProps>,
    },
    // Labels stay exactly their text ("Email", not "Email *"); `required` still tells assistive tech.
    TextInput: { defaultProps: { withAsterisk: false } satisfies Partial<TextInputProps> },
    NumberInput: { defaultProps: { withAsterisk: false } satisfies Partial<NumberInputProps> },
    Select: { defaultProps: { withAsterisk: false } satisfies Partial<SelectProps> },
  },
});

/**
 * Mantine's default error red (red.6) reads at 3.3:1 on white, below WCAG AA for the small text of
 * field errors; red.9 passes.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-error": "var(--mantine-color-red-9)" },
  dark: {},
});
