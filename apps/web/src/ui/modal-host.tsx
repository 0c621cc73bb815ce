import { type ReactNode, Suspense, useEffect } from "react";
import { useLocation } from "../lib/router/index.ts";
import { closeModal, getModalComponent, takeOpener, useOpenModal } from "./modal-store.ts";

/**
 * Renders the one open dialog above the page it wraps. While a dialog is open the page is `inert`
 * (keyboard and screen-reader users stay in the dialog, and role locators do not find the page's
 * buttons of the same name); when the last dialog closes, focus returns to the control that opened
 * it (WCAG 2.4.3). Navigating elsewhere closes the dialog.
 */
export function ModalHost({ children }: { children: ReactNode }) {
  const open = useOpenModal();
  const isOpen = open !== null;
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose.
  useEffect(() => {
    closeModal();
  }, [pathname]);

  useEffect(() => {
    // Runs after the page lost `inert`, so the opener can take focus again.
    if (!isOpen) takeOpener()?.focus();
  }, [isOpen]);

  const Component = open ? getModalComponent(open.name) : undefined;
  return (
    <>
      <div inert={isOpen} aria-hidden={isOpen || undefined}>
        {children}
      </div>
      {open && Component ? (
        <Suspense fallback={null}>
          <Component key={open.id} {...open.props} onClose={closeModal} />
        </Suspense>
      ) : null}
    </>
  );
}
