import { type ComponentType, useSyncExternalStore } from "react";

/**
 * The dialogs the app knows, by name, with the props each takes. Features add theirs by
 * declaration merging, next to the dialog:
 *
 *   declare module "../../ui/modal-store.ts" {
 *     interface ModalRegistry { addUser: { role?: Role } }
 *   }
 *
 * and register the component once from their index.ts with `registerModal`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the features through declaration merging.
export interface ModalRegistry {}

export type ModalName = keyof ModalRegistry;

/** What the host passes to every dialog besides its own props. */
export interface ModalControls {
  onClose: () => void;
}

type AnyModalComponent = ComponentType<Record<string, unknown> & ModalControls>;

interface OpenModalState {
  id: number;
  name: ModalName;
  props: Record<string, unknown>;
}

const components = new Map<ModalName, AnyModalComponent>();
const listeners = new Set<() => void>();
let current: OpenModalState | null = null;
let nextId = 1;
/** What had focus when the first of a chain of dialogs opened: focus goes back there at the end (WCAG 2.4.3). */
let opener: HTMLElement | null = null;

function emit(): void {
  for (const listener of listeners) listener();
}

export function registerModal<N extends ModalName>(
  name: N,
  component: ComponentType<ModalRegistry[N] & ModalControls>,
): void {
  components.set(name, component as unknown as AnyModalComponent);
}

export function getModalComponent(name: ModalName): AnyModalComponent | undefined {
  return components.get(name);
}

/** Opens a dialog; only one is open at a time, so an open one is replaced (SPEC §2). */
export function openModal<N extends ModalName>(name: N, props: ModalRegistry[N]): void {
  // A dialog opened from another (Team → Remove member → back to Team) keeps the first opener.
  if (current === null) opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  current = { id: nextId++, name, props: props as unknown as Record<string, unknown> };
  emit();
}

export function closeModal(): void {
  if (current === null) return;
  current = null;
  emit();
}

/** The element that opened the dialogs just closed, once; null when it left the page. */
export function takeOpener(): HTMLElement | null {
  const element = opener;
  opener = null;
  return element?.isConnected ? element : null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOpenModal(): OpenModalState | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
