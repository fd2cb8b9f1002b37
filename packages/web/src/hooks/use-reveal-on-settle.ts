import { useEffect, useRef, type RefObject } from 'react';

/** Whether the visitor asked the system for less motion; scrolling then jumps instead of gliding. */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Air between the sticky header and what is scrolled under it, in CSS px. */
const AIR = 12;

/**
 * Where the screen's free part begins: below the site's sticky header, whose height changes
 * with the width (two rows on a phone) and the language.
 */
function headerBottom(): number {
  const header = document.querySelector('header');
  if (!header || !['sticky', 'fixed'].includes(getComputedStyle(header).position)) return 0;
  return Math.max(0, header.getBoundingClientRect().bottom);
}

/** Whether an element is on screen below the header: all of it, or its top where it is taller than the room. */
function inView(element: HTMLElement, top: number): boolean {
  const box = element.getBoundingClientRect();
  const bottom = window.innerHeight || document.documentElement.clientHeight;
  return box.top >= top && (box.bottom <= bottom || box.top <= top + AIR + 1);
}

/**
 * Scrolls an element into view below the sticky header unless it is there already: gliding, or
 * a jump where reduced motion is asked for. `center` for a line to be seen with what is above it.
 */
export function scrollIntoViewIfNeeded(element: HTMLElement, block: 'start' | 'center' = 'start') {
  const top = headerBottom();
  if (inView(element, top)) return;
  const box = element.getBoundingClientRect();
  const room = (window.innerHeight || document.documentElement.clientHeight) - top;
  const offset = block === 'center' ? top + Math.max(AIR, (room - box.height) / 2) : top + AIR;
  window.scrollTo({ top: window.scrollY + box.top - offset, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
}

/**
 * Brings what the visitor is waiting for where the eye is: scrolls `region` into view unless
 * it is on screen already, then focuses `anchor` (its heading), so a screen reader says it
 * and the next Tab starts there. On a phone the result card sits a screen or more below the
 * upload area, where nothing would tell the visitor that it had changed.
 *
 * `settled` is the state a job ended with, undefined while one runs or before: it reveals when
 * it follows undefined, once; re-renders, a changed language, and another finished file of a
 * batch shown in its place (the visitor is going through the list) leave focus where it is.
 * `focus: false` only scrolls, for a panel that puts focus in a field of its own.
 */
export function useRevealOnSettle(
  settled: unknown,
  region: RefObject<HTMLElement | null>,
  anchor: RefObject<HTMLElement | null>,
  { focus = true }: { focus?: boolean } = {},
) {
  const previous = useRef<unknown>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new outcome reveals; the refs are stable.
  useEffect(() => {
    const before = previous.current;
    previous.current = settled;
    if (!settled || before) return;
    const target = region.current;
    if (!target) return;
    scrollIntoViewIfNeeded(target);
    // preventScroll: the scroll above, smooth or not, is the only one.
    if (focus) anchor.current?.focus({ preventScroll: true });
  }, [settled]);
}
