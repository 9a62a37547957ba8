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
import { MICROPHONE_TEXTS, microphoneText } from './messages.js';
import { encodeWav, resample, SPEECH_SAMPLE_RATE } from './wav.js';

export type MicrophoneErrorKind =
  | 'denied' // the person or the browser's policy refused the microphone
  | 'no-device' // no microphone (or none matching the constraints)
  | 'busy' // the device exists but could not be opened (another application, hardware error)
  | 'unsupported' // no getUserMedia / Web Audio: an insecure (http:) page or an old browser
  | 'cancelled' // cancel() was called while start() was waiting for the microphone
  | 'in-progress' // start() while a recording is already running
  | 'not-recording' // stop() without start()
  | 'failed';

/**
 * Named MicrophoneError rather than MediaError so it does not shadow the DOM's global MediaError. Its message is
 * the English sentence for a person that goes with its kind (messages.ts; the widget words it in mount()'s texts).
 */
export class MicrophoneError extends Error {
  override readonly name = 'MicrophoneError';
  constructor(readonly kind: MicrophoneErrorKind, cause?: unknown) {
    super(MICROPHONE_TEXTS[microphoneText[kind]], { cause });
  }
}

export interface Recording {
  wav: Blob;
  /** Length of the recorded audio (not wall-clock time between start and stop). */
  durationMs: number;
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
}

export interface RecorderOptions {
  mediaDevices?: MediaDevices;
  audioContextFactory?: () => AudioContext;
  /** Audio beyond this is not kept; default 120000 (2 minutes, 3.7 MB of WAV). */
  maxDurationMs?: number;
  /** Called once when maxDurationMs is reached, e.g. to stop and send. */
  onLimit?: () => void;
}

const AUDIO_CONSTRAINTS: MediaTrackConstraints = {
  channelCount: 1,
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
};

/** getUserMedia's DOMException names, by what the person can do about them; any other is 'failed'. */
const KIND_OF_ERROR: Readonly<Record<string, MicrophoneErrorKind>> = {
  NotAllowedError: 'denied',
  SecurityError: 'denied',
  NotFoundError: 'no-device',
  OverconstrainedError: 'no-device',
  NotReadableError: 'busy',
  AbortError: 'busy',
  NotSupportedError: 'unsupported',
};

function kindOfError(error: unknown): MicrophoneErrorKind {
  const name = String((error as { name?: unknown } | null)?.name);
  return Object.hasOwn(KIND_OF_ERROR, name) ? KIND_OF_ERROR[name]! : 'failed';
}

interface Session {
  context: AudioContext;
  stream?: MediaStream;
  processor?: ScriptProcessorNode;
  chunks: Float32Array[];
  frames: number;
  level: number;
  cancelled?: boolean;
  started?: Promise<void>;
  stopped?: Promise<Recording>;
}

const toMs = (frames: number, rate: number): number => Math.round((frames / rate) * 1000);

export function createPushToTalkRecorder(options: RecorderOptions = {}): PushToTalkRecorder {
  const maxDurationMs = options.maxDurationMs ?? 120_000;
  let session: Session | null = null;

  /** Closing the context stops the audio graph; stopping the tracks turns the microphone (and its light) off. */
  const release = (ending: Session): void => {
    if (session === ending) session = null;
    if (ending.processor) ending.processor.onaudioprocess = null;
    for (const track of ending.stream?.getTracks() ?? []) track.stop();
    ending.context.close().catch(() => undefined); // already closed: nothing to do
  };

  const open = async (current: Session, mediaDevices: MediaDevices): Promise<void> => {
    const stream = (current.stream = await mediaDevices.getUserMedia({ audio: AUDIO_CONSTRAINTS }));
    const { context } = current;
    const maxFrames = Math.round((maxDurationMs / 1000) * context.sampleRate);
    if (current.cancelled) throw new MicrophoneError('cancelled');
    const source = context.createMediaStreamSource(stream);
    // 4096 frames: 85 ms at 48 kHz. One input channel: the browser mixes a stereo microphone down.
    const processor = (current.processor = context.createScriptProcessor(4096, 1, 1));
    // The node only runs when connected to the destination; a silent gain keeps the microphone off the speakers.
    const silence = context.createGain();
    silence.gain.value = 0;
    processor.onaudioprocess = ({ inputBuffer }) => {
      // A copy: the node reuses its buffers.
      const samples = new Float32Array(inputBuffer.getChannelData(0));
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      current.level = Math.min(1, Math.sqrt(sum / samples.length) || 0);
      const room = maxFrames - current.frames;
      if (room <= 0) return;
      current.chunks.push(samples.subarray(0, room));
      current.frames += Math.min(room, samples.length);
      if (current.frames >= maxFrames) options.onLimit?.();
    };
    source.connect(processor);
    processor.connect(silence);
    silence.connect(context.destination);
    if (context.state === 'suspended') await context.resume();
    if (current.cancelled) throw new MicrophoneError('cancelled');
  };

  const finish = async (current: Session): Promise<Recording> => {
    await current.started;
    if (current.cancelled) throw new MicrophoneError('cancelled');
    const { chunks, frames, context } = current;
    // 16 kHz, or the microphone's own rate when that is lower.
    const rate = Math.min(SPEECH_SAMPLE_RATE, context.sampleRate);
    release(current);
    const mono = new Float32Array(frames);
    let offset = 0;
    for (const chunk of chunks) {
      mono.set(chunk, offset);
      offset += chunk.length;
    }
    return {
      wav: encodeWav(resample(mono, context.sampleRate, rate), rate),
      durationMs: toMs(frames, context.sampleRate),
    };
  };

  return {
    async start() {
      if (session !== null) throw new MicrophoneError('in-progress');
      const mediaDevices = options.mediaDevices ?? globalThis.navigator?.mediaDevices;
      let context: AudioContext;
      try {
        // An insecure (http:) page has no getUserMedia; an old browser no AudioContext. The context is made before
        // the first await, while the press still counts as a user gesture.
        if (typeof mediaDevices?.getUserMedia !== 'function') throw new TypeError('no getUserMedia');
        context = options.audioContextFactory?.() ?? new AudioContext();
      } catch (error) {
        throw new MicrophoneError('unsupported', error);
      }
      const current: Session = (session = { context, chunks: [], frames: 0, level: 0 });
      return (current.started = open(current, mediaDevices).catch((error: unknown) => {
        release(current);
        throw new MicrophoneError(current.cancelled ? 'cancelled' : kindOfError(error), error);
      }));
    },
    async stop() {
      if (session === null) throw new MicrophoneError('not-recording');
      return (session.stopped ??= finish(session));
    },
    cancel() {
      if (session === null) return;
      session.cancelled = true;
      release(session);
    },
    level: () => session?.level ?? 0,
    elapsedMs: () => (session === null ? 0 : toMs(session.frames, session.context.sampleRate)),
  };
}
