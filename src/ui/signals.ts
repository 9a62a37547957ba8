/**
 * Preact components re-render when a signal they read changes: the part of @preact/signals' integration this
 * widget uses, in a fraction of its bytes (it is part of every panel download). Importing this module installs
 * it, once per copy of Preact.
 *
 * Each render of a component runs inside a signals effect, which records the signals it reads; the first change
 * of any of them asks Preact to render that component again (through setState, so Preact batches it), and the
 * next render records afresh. Components read `.value` in render; signals passed as JSX children or as DOM
 * properties are NOT bound (the full @preact/signals does that; nothing here needs it).
 */
import { effect } from '@preact/signals-core';
import { options, type Component, type VNode } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

type Render = Component['render'];

interface TrackedComponent extends Component {
  /** Ends the subscription of the component's last render. */
  cwStopTracking?: () => void;
  cwTracked?: true;
}

// Preact's own names for its render hook and a vnode's component (stable in Preact 10: its devtools and
// @preact/signals use the same ones).
interface PreactInternals {
  __r?: (vnode: VNode) => void;
  cwSignals?: true;
}
type InternalVNode = VNode & { __c?: TrackedComponent | null };

function trackRenders(component: TrackedComponent): void {
  const render: Render = component.render;
  component.cwTracked = true;
  component.render = function (this: TrackedComponent, props, state, context) {
    this.cwStopTracking?.();
    let output: ReturnType<Render> = null;
    let rendering = true;
    this.cwStopTracking = effect(() => {
      if (rendering) {
        rendering = false;
        output = render.call(this, props, state, context);
      } else {
        // A signal read in the last render changed: stop listening and render again (which listens anew).
        this.cwStopTracking?.();
        this.setState({});
      }
    });
    return output;
  };
}

const internals = options as typeof options & PreactInternals;
if (!internals.cwSignals) {
  internals.cwSignals = true;
  const beforeRender = internals.__r;
  internals.__r = (vnode) => {
    beforeRender?.(vnode);
    const component = (vnode as InternalVNode).__c;
    if (component && !component.cwTracked) trackRenders(component);
  };
  const beforeUnmount = options.unmount;
  options.unmount = (vnode) => {
    (vnode as InternalVNode).__c?.cwStopTracking?.();
    beforeUnmount?.(vnode);
  };
}

/** Runs `callback` after paint and again whenever a signal it read changes, until the component unmounts. */
export function useSignalEffect(callback: () => void | (() => void)): void {
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => effect(() => latest.current()), []);
}
