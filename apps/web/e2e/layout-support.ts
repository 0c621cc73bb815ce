import type { Page } from "@playwright/test";
import { expect } from "./support.ts";

/** The widths every screen must fit: a 390 px phone and a 1366 px laptop. */
export const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 768 },
] as const;

/**
 * Layout problems of what is on screen now, one line each (empty when all is well), found from
 * the elements' boxes:
 * - the page itself scrolls sideways;
 * - an interactive element, scrolled into view, lies (partly) outside the viewport or outside an
 *   ancestor that clips it, or something else covers its centre (document.elementFromPoint). A
 *   container that scrolls sideways (a wide table) is fine when scrolling it brings the element in:
 *   scrollIntoView scrolls it, while the page is put back at its left edge;
 * - a text inside an interactive element or a badge is cut ("Pay by Cre", "UN…").
 * Elements that are hidden, inert (behind an open dialog) or aria-hidden are not looked at.
 */
export async function layoutProblems(page: Page, scope?: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const problems: string[] = [];
    const root = document.documentElement;
    const vw = root.clientWidth;
    const vh = window.innerHeight;
    const slack = 1;
    if (root.scrollWidth > vw + slack) problems.push(`the page scrolls sideways (${root.scrollWidth} px > ${vw} px)`);

    const nameOf = (el: Element): string => {
      const label =
        el.getAttribute("aria-label") ??
        (el instanceof HTMLInputElement ? el.labels?.[0]?.textContent || el.placeholder || el.name : null) ??
        el.textContent?.trim().replace(/\s+/g, " ");
      return `<${el.tagName.toLowerCase()}> "${(label ?? "").slice(0, 50)}"`;
    };
    // While a modal dialog is open only the topmost one (the last opened: portals stack in order) is in reach.
    const modals = [...document.querySelectorAll("[role=dialog][aria-modal=true]")].filter((dialog) =>
      dialog.checkVisibility(),
    );
    const topModal = modals.at(-1);
    const isOut = (el: Element): boolean =>
      (topModal !== undefined && !topModal.contains(el)) ||
      el.closest("[inert], [aria-hidden='true'], .skip-link, .sr-only") !== null ||
      (scope !== undefined && el.closest(scope) === null) ||
      !el.checkVisibility({ opacityProperty: true, visibilityProperty: true });

    const interactive = [
      ...document.querySelectorAll<HTMLElement>(
        "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=tab], [role=checkbox], [role=radio], [role=switch], [role=menuitem], [role=option], [role=combobox], [role=slider], [tabindex]:not([tabindex='-1'])",
      ),
    ].filter((el) => !isOut(el));

    const startY = window.scrollY;
    for (const el of interactive) {
      let rect = el.getBoundingClientRect();
      // Screen-reader-only and collapsed elements have no area to reach.
      if (rect.width < 2 || rect.height < 2) continue;
      el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      if (window.scrollX !== 0) window.scrollTo({ left: 0, top: window.scrollY, behavior: "instant" });
      rect = el.getBoundingClientRect();
      const fitsX = rect.width > vw || (rect.left >= -slack && rect.right <= vw + slack);
      const fitsY = rect.height > vh || (rect.top >= -slack && rect.bottom <= vh + slack);
      if (!fitsX || !fitsY) {
        problems.push(
          `${nameOf(el)} lies outside the viewport (x ${Math.round(rect.left)}..${Math.round(rect.right)} of ${vw}, y ${Math.round(rect.top)}..${Math.round(rect.bottom)} of ${vh})`,
        );
        continue;
      }
      let clipped = false;
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        const box = parent.getBoundingClientRect();
        const clipsX = style.overflowX !== "visible" && rect.width <= box.width;
        const clipsY = style.overflowY !== "visible" && rect.height <= box.height;
        if (
          (clipsX && (rect.left < box.left - slack || rect.right > box.right + slack)) ||
          (clipsY && (rect.top < box.top - slack || rect.bottom > box.bottom + slack))
        ) {
          problems.push(`${nameOf(el)} is cut off by ${nameOf(parent).split(" ")[0]}.${parent.className}`);
          clipped = true;
          break;
        }
      }
      if (clipped) continue;
      const x = (Math.max(rect.left, 0) + Math.min(rect.right, vw)) / 2;
      const y = (Math.max(rect.top, 0) + Math.min(rect.bottom, vh)) / 2;
      const hit = document.elementFromPoint(x, y);
      const label = hit?.closest("label");
      const reached =
        hit !== null &&
        (el === hit ||
          el.contains(hit) ||
          (label !== null && label !== undefined && (label.control === el || label.contains(el))));
      if (!reached) problems.push(`${nameOf(el)} is covered by ${hit ? nameOf(hit) : "nothing"}`);
    }
    window.scrollTo({ left: 0, top: startY, behavior: "instant" });

    // Cut texts: a clipping box whose content is wider than the box, inside a control or a badge.
    const texts = [
      ...interactive.flatMap((el) => [el, ...el.querySelectorAll<HTMLElement>("*")]),
      ...document.querySelectorAll<HTMLElement>(".mantine-Badge-root, .mantine-Badge-root *"),
    ].filter((el) => !isOut(el) && el.textContent?.trim());
    for (const el of new Set(texts)) {
      const style = getComputedStyle(el);
      if (style.overflowX === "visible" || el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)
        continue;
      if (el.scrollWidth > el.clientWidth + slack) {
        problems.push(`the text of ${nameOf(el)} is cut (${el.scrollWidth} px in ${el.clientWidth} px)`);
      }
    }
    return problems;
  }, scope);
}

/**
 * Fails the test (softly: every screen of the walk is still checked) listing every layout problem
 * of the page once its transitions have ended; `scope` (a selector) limits the check to a part,
 * such as the open phone menu, which lies over the screen.
 */
export async function expectLayoutFits(page: Page, where: string, scope?: string): Promise<void> {
  // The pointer rests in a corner, so no hover card covers what is checked.
  await page.mouse.move(0, 0);
  // A dialog or menu sliding in has its final box only when its transition is over.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  const found = await layoutProblems(page, scope);
  expect.soft(found, `layout problems: ${where} at ${page.viewportSize()?.width} px`).toEqual([]);
}
