/**
 * Push-to-talk recording: microphone → Web Audio → 16 kHz mono PCM WAV (see wav.ts for the rate).
 *
 * Capture uses a ScriptProcessorNode, not an AudioWorklet, on purpose: a worklet must be loaded from a module URL,
 * which means either a blob: URL (refused by a strict Content-Security-Policy without blob:, and reported as a
 * violation on sites that collect reports) or a second file served next to the widget with CORS. The
 * ScriptProcessorNode is deprecated but present in every browser, needs no URL, and runs its callback on the main
 * thread; with 4096-frame buffers (85 ms at 48 kHz) a short recording of speech tolerates that well.
 *
 * The microphone is always released (tracks stopped, audio context closed) on stop, cancel and every error.
 */
import { mediaMessages } from './messages';
import { encodeWav, resample, SPEECH_SAMPLE_RATE } from './wav';

export type MicrophoneErrorKind =
  | 'denied' // the person or the browser's policy refused the microphone
  | 'no-device' // no microphone (or none matching the constraints)
  | 'busy' // the device exists but could not be opened (another application, hardware error)
  | 'unsupported' // no getUserMedia / Web Audio: an insecure (http:) page or an old browser
  | 'cancelled' // cancel() was called while start() was waiting for the microphone
  | 'in-progress' // start() while a recording is already running
  | 'not-recording' // stop() without start()
  | 'failed';

/** Named MicrophoneError rather than MediaError so it does not shadow the DOM's global MediaError. */
export class MicrophoneError extends Error {
  override readonly name = 'MicrophoneError';
  constructor(readonly kind: MicrophoneErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export interface Recording {
  wav: Blob;
  /** Length of the recorded audio (not wall-clock time between start and stop). */
  durationMs: number;
  sampleRate: number;
}

export interface PushToTalkRecorder {
  /** Opens the microphone and starts recording. Call it from the pointerdown/keydown handler itself. */
  start(): Promise<void>;
  /** Ends the recording and encodes it; waits for a start() still in progress. */
  stop(): Promise<Recording>;
  /** Drops the recording and releases the microphone; harmless when idle. */
  cancel(): void;
  /** RMS of the latest audio buffer, 0..1 (speech is typically 0.02..0.3; a meter may scale it up). */
  readonly level: () => number;
  /** Audio recorded so far, in milliseconds. */
  readonly elapsedMs: () => number;
  /** True from start() until stop()/cancel()/failure. */
  readonly isActive: () => boolean;
}

export interface RecorderOptions {
  mediaDevices?: MediaDevices;
  audioContextFactory?: () => AudioContext;
  /** Sample rate of the WAV; default 16000. */
  sampleRate?: number;
  /** Audio beyond this is not kept; default 120000 (2 minutes, 3.7 MB of WAV). */
  maxDurationMs?: number;
  /** Called once when maxDurationMs is reached, e.g. to stop and send. */
  onLimit?: () => void;
}

const BUFFER_FRAMES = 4096;
const DEFAULT_MAX_DURATION_MS = 120_000;
const AUDIO_CONSTRAINTS: MediaTrackConstraints = {
  channelCount: 1,
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
};

interface Session {
  context: AudioContext;
  stream: MediaStream | null;
  nodes: AudioNode[];
  processor: ScriptProcessorNode | null;
  chunks: Float32Array[];
  capturedFrames: number;
  maxFrames: number;
  level: number;
  cancelled: boolean;
  started: Promise<void>;
  stopped: Promise<Recording> | null;
}

/** Maps getUserMedia's DOMException names to what the person can do about it. */
export function microphoneErrorFrom(error: unknown): MicrophoneError {
  if (error instanceof MicrophoneError) return error;
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return new MicrophoneError('denied', mediaMessages.microphoneDenied, { cause: error });
    case 'NotFoundError':
    case 'OverconstrainedError':
      return new MicrophoneError('no-device', mediaMessages.microphoneMissing, { cause: error });
    case 'NotReadableError':
    case 'AbortError':
      return new MicrophoneError('busy', mediaMessages.microphoneBusy, { cause: error });
    case 'NotSupportedError':
      return new MicrophoneError('unsupported', mediaMessages.microphoneUnsupported, { cause: error });
    default:
      return new MicrophoneError('failed', mediaMessages.recordingFailed, { cause: error });
  }
}

function defaultAudioContextFactory(): (() => AudioContext) | undefined {
  const AudioContextClass = globalThis.AudioContext as (new () => AudioContext) | undefined;
  return AudioContextClass === undefined ? undefined : () => new AudioContextClass();
}

function rms(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return samples.length === 0 ? 0 : Math.min(1, Math.sqrt(sum / samples.length));
}

function concatenate(chunks: readonly Float32Array[], length: number): Float32Array {
  const all = new Float32Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  return all;
}

export function createPushToTalkRecorder(options: RecorderOptions = {}): PushToTalkRecorder {
  const targetRate = options.sampleRate ?? SPEECH_SAMPLE_RATE;
  const maxDurationMs = options.maxDurationMs ?? DEFAULT_MAX_DURATION_MS;
  let session: Session | null = null;

  const release = (ending: Session): void => {
    if (session === ending) session = null;
    if (ending.processor) ending.processor.onaudioprocess = null;
    for (const node of ending.nodes) {
      try {
        node.disconnect();
      } catch {
        // already disconnected
      }
    }
    for (const track of ending.stream?.getTracks() ?? []) track.stop();
    if (ending.context.state !== 'closed') ending.context.close().catch(() => undefined);
  };

  const capture = (current: Session, buffer: AudioBuffer): void => {
    if (session !== current) return;
    // A copy: the node reuses its buffers. One channel: the node was made with one input, so the browser has
    // already mixed a stereo microphone down.
    const samples = new Float32Array(buffer.getChannelData(0));
    current.level = rms(samples);
    const room = current.maxFrames - current.capturedFrames;
    if (room <= 0) return;
    const kept = samples.length > room ? samples.subarray(0, room) : samples;
    current.chunks.push(kept);
    current.capturedFrames += kept.length;
    if (current.capturedFrames >= current.maxFrames) options.onLimit?.();
  };

  const open = async (current: Session, mediaDevices: MediaDevices): Promise<void> => {
    const stream = await mediaDevices.getUserMedia({ audio: AUDIO_CONSTRAINTS });
    current.stream = stream;
    if (current.cancelled) throw new MicrophoneError('cancelled', mediaMessages.recordingCancelled);
    const { context } = current;
    const source = context.createMediaStreamSource(stream);
    const processor = context.createScriptProcessor(BUFFER_FRAMES, 1, 1);
    // The node only runs when connected to the destination; a silent gain keeps the microphone off the speakers.
    const silence = context.createGain();
    silence.gain.value = 0;
    current.nodes = [source, processor, silence];
    current.processor = processor;
    processor.onaudioprocess = (event) => capture(current, event.inputBuffer);
    source.connect(processor);
    processor.connect(silence);
    silence.connect(context.destination);
    if (context.state === 'suspended') await context.resume();
    if (current.cancelled) throw new MicrophoneError('cancelled', mediaMessages.recordingCancelled);
  };

  const start = (): Promise<void> => {
    if (session !== null) return Promise.reject(new MicrophoneError('in-progress', mediaMessages.recordingBusy));
    const mediaDevices = options.mediaDevices ?? globalThis.navigator?.mediaDevices;
    const contextFactory = options.audioContextFactory ?? defaultAudioContextFactory();
    if (typeof mediaDevices?.getUserMedia !== 'function' || contextFactory === undefined) {
      return Promise.reject(new MicrophoneError('unsupported', mediaMessages.microphoneUnsupported));
    }
    let context: AudioContext;
    try {
      // Created before the first await, while the click or key press still counts as a user gesture.
      context = contextFactory();
    } catch (error) {
      return Promise.reject(new MicrophoneError('unsupported', mediaMessages.microphoneUnsupported, { cause: error }));
    }
    const current: Session = {
      context, stream: null, nodes: [], processor: null, chunks: [], capturedFrames: 0,
      maxFrames: Math.round((maxDurationMs / 1000) * context.sampleRate), level: 0, cancelled: false,
      started: Promise.resolve(), stopped: null,
    };
    session = current;
    current.started = open(current, mediaDevices).catch((error: unknown) => {
      release(current);
      throw current.cancelled ? new MicrophoneError('cancelled', mediaMessages.recordingCancelled) : microphoneErrorFrom(error);
    });
    return current.started;
  };

  const finish = async (current: Session): Promise<Recording> => {
    await current.started;
    if (current.cancelled) throw new MicrophoneError('cancelled', mediaMessages.recordingCancelled);
    const inputRate = current.context.sampleRate;
    release(current);
    const mono = concatenate(current.chunks, current.capturedFrames);
    return {
      wav: encodeWav(resample(mono, inputRate, targetRate), targetRate),
      durationMs: Math.round((current.capturedFrames / inputRate) * 1000),
      sampleRate: targetRate,
    };
  };

  const stop = (): Promise<Recording> => {
    const current = session;
    if (current === null) return Promise.reject(new MicrophoneError('not-recording', mediaMessages.notRecording));
    current.stopped ??= finish(current);
    return current.stopped;
  };

  const cancel = (): void => {
    if (session === null) return;
    session.cancelled = true;
    release(session);
  };

  return {
    start,
    stop,
    cancel,
    level: () => session?.level ?? 0,
    elapsedMs: () => (session === null ? 0 : Math.round((session.capturedFrames / session.context.sampleRate) * 1000)),
    isActive: () => session !== null,
  };
}
