/**
 * Styles go into the widget's own shadow root as constructable stylesheets: nothing leaks in or out, and a page
 * whose CSP forbids 'unsafe-inline' still accepts them. Older browsers get a <style> element in the root instead
 * (which such a CSP would block; constructable sheets are the path that works there).
 */

/** Adds `cssText` to `root`'s styles; returns a function that removes exactly that sheet again. */
export function adoptStyles(root: ShadowRoot | Document, cssText: string): () => void {
  // nodeType, not instanceof: the root may come from another window (an iframe) with its own Document class.
  const doc = root.nodeType === 9 ? (root as Document) : (root as ShadowRoot).ownerDocument;
  // The root's own window's constructor: a sheet from another document's realm cannot be adopted.
  const Sheet = doc.defaultView?.CSSStyleSheet;
  if (Sheet && 'adoptedStyleSheets' in root && typeof Sheet.prototype.replaceSync === 'function') {
    const sheet = new Sheet();
    sheet.replaceSync(cssText);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    };
  }
  const style = doc.createElement('style');
  style.textContent = cssText;
  (root === doc ? doc.head : root).appendChild(style);
  return () => style.remove();
}
