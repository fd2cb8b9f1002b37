import { useEffect, type RefObject } from 'react';

/** Whether the visitor asked the system for less motion; scrolling then jumps instead of gliding. */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Whether an element is on screen, all of it or, when it is taller than the screen, from its
 * top (below the sticky header its scroll margin allows for).
 */
function inView(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  const top = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  const bottom = window.innerHeight || document.documentElement.clientHeight;
  return box.top >= top && (box.bottom <= bottom || box.top <= top + 1);
}

/**
 * Scrolls an element into view unless it is there already: gliding, or a jump where reduced
 * motion is asked for. `block: 'center'` for a line that should be seen with what is above it.
 */
export function scrollIntoViewIfNeeded(element: HTMLElement, block: ScrollLogicalPosition = 'start') {
  if (!inView(element)) element.scrollIntoView({ block, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
}

/**
 * Brings what the visitor is waiting for where the eye is: scrolls `region` into view unless
 * it is on screen already, then focuses `anchor` (its heading), so a screen reader says it
 * and the next Tab starts there. On a phone the result card sits a screen or more below the
 * upload area, where nothing would tell the visitor that it had changed.
 *
 * Runs once per value of `settled`: the state object a job ended with (a new job, or another
 * file of a batch shown, is a new object); re-renders and a changed language leave it alone.
 * `focus: false` only scrolls, for a panel that puts focus in a field of its own.
 */
export function useRevealOnSettle(settled: unknown, region: RefObject<HTMLElement | null>, anchor: RefObject<HTMLElement | null>, { focus = true }: { focus?: boolean } = {}) {
  useEffect(() => {
    if (!settled) return;
    const target = region.current;
    if (!target) return;
    scrollIntoViewIfNeeded(target);
    // preventScroll: the scroll above, smooth or not, is the only one.
    if (focus) anchor.current?.focus({ preventScroll: true });
    // Only a new outcome reveals; the refs are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
}
