import { Suspense, useEffect } from "react";
import { useLocation } from "react-router";
import { closeModal, getModalComponent, useOpenModal } from "./modal-store.ts";

/** Renders the one open dialog; navigating elsewhere closes it. */
export function ModalHost() {
  const open = useOpenModal();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose.
  useEffect(() => {
    closeModal();
  }, [pathname]);

  if (!open) return null;
  const Component = getModalComponent(open.name);
  if (!Component) return null;
  return (
    <Suspense fallback={null}>
      <Component key={open.id} {...open.props} onClose={closeModal} />
    </Suspense>
  );
}
