import { SegmentedControl, SimpleGrid, Slider, Stack, Text } from "@mantine/core";
import { useState } from "react";
import classes from "./designs.module.css";

export interface CompareSide {
  label: string;
  src: string;
}

/** Two versions of a design side by side, or one over the other with a slider revealing the newer. */
export function CompareView({ before, after }: { before: CompareSide; after: CompareSide }) {
  const [mode, setMode] = useState<"side" | "slider">("side");
  const [reveal, setReveal] = useState(50);
  return (
    <Stack gap="sm" aria-label="Compare versions" role="group">
      <SegmentedControl
        value={mode}
        onChange={(value) => setMode(value === "slider" ? "slider" : "side")}
        data={[
          { value: "side", label: "Side by side" },
          { value: "slider", label: "Slider" },
        ]}
        aria-label="Compare mode"
      />
      {mode === "side" ? (
        <SimpleGrid cols={2} spacing="xs">
          {[before, after].map((side) => (
            <figure key={side.label} style={{ margin: 0 }}>
              <div className={classes.compare}>
                <img src={side.src} alt={side.label} />
              </div>
              <Text component="figcaption" size="xs" c="gray.7" ta="center">
                {side.label}
              </Text>
            </figure>
          ))}
        </SimpleGrid>
      ) : (
        <Stack gap={4}>
          <div className={classes.compare}>
            <img src={before.src} alt={before.label} />
            <div className={classes.compareTop} style={{ clipPath: `inset(0 0 0 ${reveal}%)` }}>
              <img src={after.src} alt={after.label} />
            </div>
            <span className={classes.compareLine} style={{ left: `${reveal}%` }} />
          </div>
          <Text size="xs" c="gray.7">
            Left: {before.label}. Right: {after.label}.
          </Text>
          <Slider
            value={reveal}
            onChange={setReveal}
            min={0}
            max={100}
            label={(value) => `${value}%`}
            thumbLabel={`Divide between ${before.label} and ${after.label}`}
          />
        </Stack>
      )}
    </Stack>
  );
}
