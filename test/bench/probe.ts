/**
 * What the benchmark measures inside the page, installed the same way in both pages before any page script runs
 * (playwright's addInitScript). It knows nothing about either widget:
 *
 * - Bytes: the network's last byte of the answer is its Resource Timing responseEnd (fetches()), recorded by the
 *   loader, so it does not wait for a busy main thread. Besides, ReadableStreamDefaultReader.prototype.read is
 *   wrapped, so every read of a body stream by page script records when it resolved, and the read whose text
 *   completes the marker is "the last chunk read". (Both chats read their SSE through fetch + getReader; the
 *   widget reads the output of its framing TransformStream, so its reads come after that transform.)
 * - DOM: a MutationObserver watches the document and every shadow root (Element.prototype.attachShadow is
 *   wrapped), subtree + childList + characterData, and notes when the marker first appears in a text node.
 * - Frames: while armed, a requestAnimationFrame loop flips the width of a 1-px probe element, and a
 *   ResizeObserver on it runs in every rendering update after style and layout. The first such delivery after
 *   the marker's mutation is the frame that shows it: "rendered". Counting those deliveries counts the frames
 *   the page rendered, and their gaps show whether it kept painting.
 * - Long tasks: PerformanceObserver('longtask') for the page's whole life.
 * - Marks: performance.mark('bench-send') and ('bench-rendered'), so a trace (profile.ts) shows the window.
 *
 * The function is serialised into the page, so it must be self-contained (only DOM globals).
 */

export interface LongTaskEntry {
  start: number;
  duration: number;
}

export interface FetchTiming {
  url: string;
  startTime: number;
  /** When the network delivered the response's last byte (Resource Timing; exposed cross-origin too). */
  responseEnd: number;
}

export interface ProbeReport {
  /** performance.now() when the page sent the question. */
  t0: number;
  marker: string;
  /** First read with body bytes after t0. */
  firstByteAt: number | null;
  /** The read that completed the marker (the last chunk's bytes). */
  markerByteAt: number | null;
  /** The last read with body bytes (for the widget this can be the service's final object after the marker). */
  lastByteAt: number | null;
  reads: number;
  bytes: number;
  /** The mutation that put the marker into the DOM. */
  markerDomAt: number | null;
  /** The first rendering update (after layout) that includes that mutation. */
  markerRenderedAt: number | null;
  /** Whether the element holding the marker is visible now (checkVisibility). */
  markerVisible: boolean;
  /** Times of the rendering updates while armed. */
  frames: number[];
  longTasks: LongTaskEntry[];
  /** Time the probe's own read and mutation callbacks took while armed. */
  overheadMs: number;
}

export interface BenchProbe {
  /** Starts a measurement for `marker`; returns t0 (call the chat's send right after, in the same task). */
  arm(marker: string): number;
  /** Resolves true once the marker is rendered, false after timeoutMs. */
  rendered(timeoutMs: number): Promise<boolean>;
  report(): ProbeReport;
  /** Resource Timing of the fetches started since the last arm() that have finished. */
  fetches(): FetchTiming[];
  longTasks(): LongTaskEntry[];
  disarm(): void;
}

declare global {
  interface Window {
    __benchProbe?: BenchProbe;
  }
}

export function installProbe(): void {
  if (window.__benchProbe) return;
  const longTasks: LongTaskEntry[] = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long task timing in this browser: the report says zero, the runner checks support separately.
  }

  let armed = false;
  let marker = '';
  let t0 = 0;
  let firstByteAt: number | null = null;
  let markerByteAt: number | null = null;
  let lastByteAt: number | null = null;
  let reads = 0;
  let bytes = 0;
  let markerDomAt: number | null = null;
  let markerRenderedAt: number | null = null;
  let markerNode: Node | null = null;
  let frames: number[] = [];
  /** Time spent in the probe's own read and mutation callbacks while armed (its cost to the page). */
  let overheadMs = 0;
  let onRendered: (() => void) | null = null;

  // Bytes: time every body read; find the marker in the decoded text, carrying a tail across reads.
  const readerText = new WeakMap<object, { decoder: TextDecoder; tail: string }>();
  const originalRead = ReadableStreamDefaultReader.prototype.read;
  ReadableStreamDefaultReader.prototype.read = function read(this: ReadableStreamDefaultReader<unknown>) {
    return originalRead.call(this).then((result) => {
      if (!armed || result.done) return result;
      const now = performance.now();
      const value: unknown = result.value;
      let text = '';
      if (value instanceof Uint8Array) {
        let state = readerText.get(this);
        if (!state) {
          state = { decoder: new TextDecoder(), tail: '' };
          readerText.set(this, state);
        }
        bytes += value.byteLength;
        text = state.tail + state.decoder.decode(value, { stream: true });
        state.tail = text.slice(-marker.length);
      } else if (typeof value === 'string') {
        text = value;
      } else {
        return result;
      }
      reads += 1;
      if (firstByteAt === null) firstByteAt = now;
      lastByteAt = now;
      if (markerByteAt === null && text.includes(marker)) markerByteAt = now;
      overheadMs += performance.now() - now;
      return result;
    });
  } as typeof originalRead;

  // DOM: the marker's first appearance in any text node of the document or of a shadow root.
  const holdsMarker = (node: Node): boolean =>
    node.nodeType === Node.TEXT_NODE
      ? (node as Text).data.includes(marker)
      : (node.textContent ?? '').includes(marker);
  const observer = new MutationObserver((records) => {
    if (!armed || markerDomAt !== null) return;
    const start = performance.now();
    for (const record of records) {
      if (record.type === 'characterData') {
        if (holdsMarker(record.target)) markerNode = record.target;
      } else {
        for (const added of Array.from(record.addedNodes)) {
          if (holdsMarker(added)) {
            markerNode = added;
            break;
          }
        }
      }
      if (markerNode) {
        markerDomAt = performance.now();
        break;
      }
    }
    overheadMs += performance.now() - start;
  });
  const watchOptions: MutationObserverInit = { subtree: true, childList: true, characterData: true };
  observer.observe(document, watchOptions);
  const originalAttachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function attachShadow(this: Element, init: ShadowRootInit) {
    const root = originalAttachShadow.call(this, init);
    observer.observe(root, watchOptions);
    return root;
  };

  // Frames: a rAF loop flips the probe's width; the ResizeObserver delivery marks each rendering update.
  let probeElement: HTMLElement | null = null;
  let wide = false;
  let looping = false;
  const resizeObserver = new ResizeObserver(() => {
    if (!armed) return;
    const now = performance.now();
    frames.push(now);
    if (markerDomAt !== null && markerRenderedAt === null) {
      markerRenderedAt = now;
      performance.mark('bench-rendered');
      onRendered?.();
    }
  });
  const frameLoop = () => {
    if (!armed || !probeElement) {
      looping = false;
      return;
    }
    wide = !wide;
    probeElement.style.width = wide ? '2px' : '1px';
    requestAnimationFrame(frameLoop);
  };

  const visible = (node: Node | null): boolean => {
    const element = node ? (node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement) : null;
    return element ? element.isConnected && element.checkVisibility() : false;
  };

  window.__benchProbe = {
    arm(nextMarker) {
      if (!probeElement) {
        probeElement = document.createElement('div');
        probeElement.setAttribute('aria-hidden', 'true');
        Object.assign(probeElement.style, {
          position: 'fixed', left: '0', top: '0', width: '1px', height: '1px', opacity: '0', pointerEvents: 'none',
        });
        document.body.appendChild(probeElement);
        resizeObserver.observe(probeElement);
      }
      marker = nextMarker;
      firstByteAt = markerByteAt = lastByteAt = markerDomAt = markerRenderedAt = null;
      markerNode = null;
      reads = bytes = overheadMs = 0;
      frames = [];
      armed = true;
      if (!looping) {
        looping = true;
        requestAnimationFrame(frameLoop);
      }
      performance.mark('bench-send');
      t0 = performance.now();
      return t0;
    },
    rendered(timeoutMs) {
      if (markerRenderedAt !== null) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          onRendered = null;
          resolve(false);
        }, timeoutMs);
        onRendered = () => {
          clearTimeout(timer);
          onRendered = null;
          resolve(true);
        };
      });
    },
    report() {
      return {
        t0, marker, firstByteAt, markerByteAt, lastByteAt, reads, bytes, markerDomAt, markerRenderedAt, overheadMs,
        markerVisible: visible(markerNode), frames: frames.slice(), longTasks: longTasks.slice(),
      };
    },
    fetches: () =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.startTime >= t0 && (entry.initiatorType === 'fetch' || entry.initiatorType === 'xmlhttprequest'))
        .map((entry) => ({ url: entry.name, startTime: entry.startTime, responseEnd: entry.responseEnd })),
    longTasks: () => longTasks.slice(),
    disarm() {
      armed = false;
    },
  };
}

/**
 * The init script for addInitScript: the probe plus a `__name` helper, because tsx (esbuild keepNames) wraps
 * named functions in `__name(...)` calls that do not exist in the page.
 */
export function probeInitScript(): string {
  return `globalThis.__name = globalThis.__name || ((target) => target);\n(${installProbe.toString()})();`;
}
