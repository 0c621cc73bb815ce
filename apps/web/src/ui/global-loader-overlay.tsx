import { LoadingOverlay } from "@mantine/core";

/** The global loader overlay of SPEC §2 (see global-loader.tsx). */
export default function GlobalLoaderOverlayView({ visible }: { visible: boolean }) {
  return (
    <LoadingOverlay
      visible={visible}
      pos="fixed"
      zIndex={1000}
      overlayProps={{ blur: 1 }}
      loaderProps={{ "aria-label": "Loading" }}
    />
  );
}
