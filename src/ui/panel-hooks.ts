import type { RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** Live result of a media query. */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const list = matchMedia(query);
    const update = (): void => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** Custom properties the full-screen (mobile) panel uses to stay inside the visible viewport. */
export const VIEWPORT_HEIGHT_VAR = '--cw-vv-height';
export const VIEWPORT_TOP_VAR = '--cw-vv-top';

/**
 * While `active`, mirrors window.visualViewport (which shrinks when the on-screen keyboard opens, unlike the
 * layout viewport) into two custom properties on the widget's host, at most once per frame. Removed on cleanup.
 */
export function useVisualViewport(active: boolean, anchor: RefObject<Element>): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    const element = anchor.current;
    if (!active || viewport == null || element === null) return;
    const root = element.getRootNode();
    const { style } = ('host' in root ? (root as ShadowRoot).host : element) as HTMLElement;
    let frame = 0;
    const apply = (): void => {
      frame = 0;
      // The viewport's pixels are the page's; a page that zooms its <html> (zoom: 1.25) scales the panel's pixels, so
      // they are divided by that zoom: unscaled, the panel grew by it and its text field ran off the bottom.
      const zoom = element.currentCSSZoom || 1;
      style.setProperty(VIEWPORT_HEIGHT_VAR, `${viewport.height / zoom}px`);
      style.setProperty(VIEWPORT_TOP_VAR, `${viewport.offsetTop / zoom}px`);
    };
    const schedule = (): void => {
      if (frame === 0) frame = requestAnimationFrame(apply);
    };
    apply();
    viewport.addEventListener('resize', schedule);
    viewport.addEventListener('scroll', schedule);
    return () => {
      viewport.removeEventListener('resize', schedule);
      viewport.removeEventListener('scroll', schedule);
      if (frame !== 0) cancelAnimationFrame(frame);
      style.removeProperty(VIEWPORT_HEIGHT_VAR);
      style.removeProperty(VIEWPORT_TOP_VAR);
    };
  }, [active, anchor]);
}
