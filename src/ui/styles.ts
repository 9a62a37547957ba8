/**
 * Styles go into the widget's own shadow root as constructable stylesheets: nothing leaks in or out, and a page
 * whose CSP forbids 'unsafe-inline' still accepts them. Older browsers get a <style> element in the root instead
 * (which such a CSP would block; constructable sheets are the path that works there).
 */

/** Adds `cssText` to `root`'s styles; returns a function that removes exactly that sheet again. */
export function adoptStyles(root: ShadowRoot | Document, cssText: string): () => void {
  const Sheet = constructableSheet(root);
  if (Sheet !== null) {
    // The root's own window's constructor: a sheet from another document's realm cannot be adopted.
    const sheet = new Sheet();
    sheet.replaceSync(cssText);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    };
  }
  const style = documentOf(root).createElement('style');
  style.textContent = cssText;
  (isDocument(root) ? root.head : root).appendChild(style);
  return () => style.remove();
}

function constructableSheet(root: ShadowRoot | Document): typeof CSSStyleSheet | null {
  const Sheet = documentOf(root).defaultView?.CSSStyleSheet;
  if (Sheet === undefined || !('adoptedStyleSheets' in root) || typeof Sheet.prototype.replaceSync !== 'function') {
    return null;
  }
  return Sheet;
}

// nodeType, not instanceof: the root may come from another window (an iframe) with its own Document class.
function isDocument(root: ShadowRoot | Document): root is Document {
  return root.nodeType === 9;
}

function documentOf(root: ShadowRoot | Document): Document {
  return isDocument(root) ? root : root.ownerDocument;
}
