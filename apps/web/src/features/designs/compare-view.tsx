import { SegmentedControl, SimpleGrid, Slider, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { fileUrl } from "./design-format.ts";
import classes from "./designs.module.css";
import { FileCard } from "./file-card.tsx";

export interface CompareSide {
  label: string;
  file: { designerFileKey: string; name: string; contentType: string; size: number; previewable: boolean };
}

/**
 * Two versions of a design side by side, or one over the other with a slider revealing the newer.
 * A version that is not an image (another type, or a damaged image) shows as its file card, side
 * by side only: a slider over a card shows nothing.
 */
export function CompareView({ before, after }: { before: CompareSide; after: CompareSide }) {
  const [chosenMode, setMode] = useState<"side" | "slider">("side");
  const [reveal, setReveal] = useState(50);
  const images = before.file.previewable && after.file.previewable;
  const mode = images ? chosenMode : "side";
  return (
    <Stack gap="sm" aria-label="Compare versions" role="group">
      {images ? (
        <SegmentedControl
          value={mode}
          onChange={(value) => setMode(value === "slider" ? "slider" : "side")}
          data={[
            { value: "side", label: "Side by side" },
            { value: "slider", label: "Slider" },
          ]}
          aria-label="Compare mode"
        />
      ) : (
        <Text size="xs" c="gray.7">
          Not every version is an image, so they are shown side by side as files.
        </Text>
      )}
      {mode === "side" ? (
        <SimpleGrid cols={2} spacing="xs">
          {[before, after].map((side) => (
            <figure key={side.label} style={{ margin: 0 }}>
              {side.file.previewable ? (
                <div className={classes.compare}>
                  <img src={fileUrl(side.file.designerFileKey)} alt={side.label} />
                </div>
              ) : (
                <FileCard
                  name={side.file.name}
                  contentType={side.file.contentType}
                  size={side.file.size}
                  fileKey={side.file.designerFileKey}
                />
              )}
              <Text component="figcaption" size="xs" c="gray.7" ta="center">
                {side.label}
              </Text>
            </figure>
          ))}
        </SimpleGrid>
      ) : (
        <Stack gap={4}>
          <div className={classes.compare}>
            <img src={fileUrl(before.file.designerFileKey)} alt={before.label} />
            <div className={classes.compareTop} style={{ clipPath: `inset(0 0 0 ${reveal}%)` }}>
              <img src={fileUrl(after.file.designerFileKey)} alt={after.label} />
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
