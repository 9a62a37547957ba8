/**
 * Just enough of MediaDevices, MediaStream and AudioContext (with a ScriptProcessorNode) to drive the
 * push-to-talk recorder in node: the test feeds audio buffers the way the browser's audio thread would.
 */
export class FakeTrack {
  stopped = false;
  stop(): void {
    this.stopped = true;
  }
}

export class FakeStream {
  readonly tracks = [new FakeTrack()];
  getTracks(): FakeTrack[] {
    return this.tracks;
  }
}

/** getUserMedia resolves with a FakeStream, rejects with `failWith`, or waits until `release()` when `hold`. */
export class FakeMediaDevices {
  readonly streams: FakeStream[] = [];
  readonly constraints: MediaStreamConstraints[] = [];
  private pending: Array<() => void> = [];

  constructor(private readonly behaviour: { failWith?: { name: string; message?: string }; hold?: boolean } = {}) {}

  getUserMedia(constraints: MediaStreamConstraints): Promise<FakeStream> {
    this.constraints.push(constraints);
    const { failWith, hold } = this.behaviour;
    if (failWith) return Promise.reject(new DOMException(failWith.message ?? 'refused', failWith.name));
    const stream = new FakeStream();
    this.streams.push(stream);
    if (!hold) return Promise.resolve(stream);
    return new Promise((resolve) => this.pending.push(() => resolve(stream)));
  }

  release(): void {
    for (const resolve of this.pending.splice(0)) resolve();
  }
}

export class FakeNode {
  readonly outputs: FakeNode[] = [];
  disconnected = false;
  connect(target: FakeNode): FakeNode {
    this.outputs.push(target);
    return target;
  }
  disconnect(): void {
    this.disconnected = true;
    this.outputs.length = 0;
  }
}

export class FakeGain extends FakeNode {
  readonly gain = { value: 1 };
}

interface FakeAudioBuffer {
  numberOfChannels: number;
  length: number;
  getChannelData(channel: number): Float32Array;
}

export class FakeProcessor extends FakeNode {
  onaudioprocess: ((event: { inputBuffer: FakeAudioBuffer }) => void) | null = null;
  constructor(readonly bufferSize: number, readonly inputChannels?: number, readonly outputChannels?: number) {
    super();
  }
  /** Delivers one buffer per channel array, like the audio thread; reuses the arrays' memory afterwards. */
  feed(...channels: Float32Array[]): void {
    const length = channels[0]?.length ?? 0;
    this.onaudioprocess?.({ inputBuffer: { numberOfChannels: channels.length, length, getChannelData: (c) => channels[c] ?? new Float32Array(length) } });
    for (const channel of channels) channel.fill(9); // the browser reuses buffers: a recorder must have copied
  }
}

export class FakeAudioContext {
  state: 'running' | 'suspended' | 'closed';
  readonly destination = new FakeNode();
  readonly processors: FakeProcessor[] = [];
  readonly gains: FakeGain[] = [];
  readonly sources: FakeNode[] = [];
  resumed = 0;
  closed = 0;

  constructor(readonly sampleRate = 48_000, initialState: 'running' | 'suspended' = 'running') {
    this.state = initialState;
  }
  createMediaStreamSource(_stream: FakeStream): FakeNode {
    const source = new FakeNode();
    this.sources.push(source);
    return source;
  }
  createScriptProcessor(bufferSize: number, inputChannels?: number, outputChannels?: number): FakeProcessor {
    const processor = new FakeProcessor(bufferSize, inputChannels, outputChannels);
    this.processors.push(processor);
    return processor;
  }
  createGain(): FakeGain {
    const gain = new FakeGain();
    this.gains.push(gain);
    return gain;
  }
  resume(): Promise<void> {
    this.resumed += 1;
    this.state = 'running';
    return Promise.resolve();
  }
  close(): Promise<void> {
    this.closed += 1;
    this.state = 'closed';
    return Promise.resolve();
  }
}

/** Feeds `seconds` of a constant `value` in buffers of the processor's size. Returns the frames fed. */
export function feedConstant(processor: FakeProcessor, rate: number, seconds: number, value: number): number {
  const total = Math.round(rate * seconds);
  for (let fed = 0; fed < total; fed += processor.bufferSize) {
    processor.feed(new Float32Array(Math.min(processor.bufferSize, total - fed)).fill(value));
  }
  return total;
}
