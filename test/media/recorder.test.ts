import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPushToTalkRecorder, MicrophoneError, type RecorderOptions } from '../../src/media/recorder';
import { inspectFile } from '../../src/media/sniff';
import { FakeAudioContext, FakeMediaDevices, feedConstant } from './fake-audio';

function setup(devices = new FakeMediaDevices(), context = new FakeAudioContext(), extra: RecorderOptions = {}) {
  const recorder = createPushToTalkRecorder({
    mediaDevices: devices as unknown as MediaDevices,
    audioContextFactory: () => context as unknown as AudioContext,
    ...extra,
  });
  return { recorder, devices, context };
}

async function rejection(promise: Promise<unknown>): Promise<MicrophoneError> {
  const error: unknown = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(MicrophoneError);
  return error as MicrophoneError;
}

async function wavFacts(blob: Blob) {
  const view = new DataView(await blob.arrayBuffer());
  const dataSize = view.getUint32(40, true);
  const sample = (offset: number) => (dataSize === 0 ? undefined : view.getInt16(offset, true));
  return { sampleRate: view.getUint32(24, true), channels: view.getUint16(22, true), dataSize, first: sample(44), last: sample(44 + dataSize - 2) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('push-to-talk recorder: microphone failures get clear messages and release everything', () => {
  it.each([
    ['NotAllowedError', 'denied', /Microphone access was denied/],
    ['SecurityError', 'denied', /Microphone access was denied/],
    ['NotFoundError', 'no-device', /No microphone was found/],
    ['OverconstrainedError', 'no-device', /No microphone was found/],
    ['NotReadableError', 'busy', /could not be started/],
    ['SomethingNew', 'failed', /Recording failed/],
  ])('%s → %s', async (name, kind, message) => {
    const { recorder, context } = setup(new FakeMediaDevices({ failWith: { name } }));
    const error = await rejection(recorder.start());
    expect(error.kind).toBe(kind);
    expect(error.message).toMatch(message);
    expect((error.cause as DOMException).name).toBe(name);
    expect(context.state).toBe('closed');
    expect((await rejection(recorder.stop())).kind).toBe('not-recording');
  });

  it('says recording needs HTTPS when the page has no navigator.mediaDevices (insecure context)', async () => {
    vi.stubGlobal('navigator', {});
    const recorder = createPushToTalkRecorder({ audioContextFactory: () => new FakeAudioContext() as unknown as AudioContext });
    const error = await rejection(recorder.start());
    expect(error.kind).toBe('unsupported');
    expect(error.message).toMatch(/secure \(HTTPS\) page/);
  });

  it('reports unsupported when no AudioContext can be made', async () => {
    vi.stubGlobal('AudioContext', undefined);
    const devices = new FakeMediaDevices();
    const recorder = createPushToTalkRecorder({ mediaDevices: devices as unknown as MediaDevices });
    expect((await rejection(recorder.start())).kind).toBe('unsupported');
    expect(devices.constraints).toHaveLength(0); // the microphone was never asked for
  });
});

describe('push-to-talk recorder: recording', () => {
  it('asks for mono speech-friendly audio and keeps the microphone off the speakers', async () => {
    const { recorder, devices, context } = setup();
    await recorder.start();
    expect(devices.constraints[0]?.audio).toMatchObject({ channelCount: 1, echoCancellation: true, noiseSuppression: true });
    const [source] = context.sources;
    const [processor] = context.processors;
    const [gain] = context.gains;
    expect(source?.outputs).toEqual([processor]);
    expect(processor?.outputs).toEqual([gain]);
    expect(gain?.gain.value).toBe(0);
    expect(gain?.outputs).toEqual([context.destination]);
    recorder.cancel();
  });

  it('stop yields a 16 kHz mono WAV whose duration matches the fed samples, and releases the microphone', async () => {
    const { recorder, devices, context } = setup();
    await recorder.start();
    expect((await rejection(recorder.start())).kind).toBe('in-progress');
    const processor = context.processors[0]!;
    const frames = feedConstant(processor, 48_000, 1.5, 0.5);
    expect(recorder.elapsedMs()).toBe(1500);
    expect(recorder.level()).toBeCloseTo(0.5, 5);

    const recording = await recorder.stop();
    expect(recording.durationMs).toBe(Math.round((frames / 48_000) * 1000));
    const facts = await wavFacts(recording.wav);
    expect(facts).toMatchObject({ sampleRate: 16_000, channels: 1, dataSize: 24_000 * 2 });
    expect([facts.first, facts.last]).toEqual([16_384, 16_384]); // copied before the buffers were reused
    expect(await inspectFile(recording.wav, ['audio'])).toMatchObject({ ok: true, format: 'wav' });

    expect(devices.streams[0]?.tracks.every((track) => track.stopped)).toBe(true);
    expect(context.state).toBe('closed');
    expect(processor.onaudioprocess).toBeNull();
    expect((await rejection(recorder.stop())).kind).toBe('not-recording');
    expect([recorder.elapsedMs(), recorder.level()]).toEqual([0, 0]);
  });

  it('downsamples 44.1 kHz input to 16 kHz (a ratio that is not a whole number)', async () => {
    const { recorder, context } = setup(new FakeMediaDevices(), new FakeAudioContext(44_100));
    await recorder.start();
    feedConstant(context.processors[0]!, 44_100, 1, 0.25);
    const recording = await recorder.stop();
    expect(recording.durationMs).toBe(1000);
    expect(await wavFacts(recording.wav)).toMatchObject({ sampleRate: 16_000, dataSize: 16_000 * 2, first: 8192, last: 8192 });
  });

  it('a microphone slower than 16 kHz (a Bluetooth headset) is written at its own rate, not raised', async () => {
    const { recorder, context } = setup(new FakeMediaDevices(), new FakeAudioContext(8000));
    await recorder.start();
    feedConstant(context.processors[0]!, 8000, 1, 0.5);
    const recording = await recorder.stop();
    expect(recording.durationMs).toBe(1000);
    expect(await wavFacts(recording.wav)).toMatchObject({ sampleRate: 8000, dataSize: 8000 * 2, first: 16_384 });
  });

  it('takes one channel from its audio node, so the browser mixes a stereo microphone down', async () => {
    const { recorder, context } = setup();
    await recorder.start();
    expect(context.processors[0]).toMatchObject({ inputChannels: 1, outputChannels: 1 });
    recorder.cancel();
  });

  it('resumes a suspended audio context (autoplay policy)', async () => {
    const { recorder, context } = setup(new FakeMediaDevices(), new FakeAudioContext(48_000, 'suspended'));
    await recorder.start();
    expect(context.resumed).toBe(1);
    recorder.cancel();
  });

  it('stops keeping audio at maxDurationMs and calls onLimit once', async () => {
    const onLimit = vi.fn();
    const { recorder, context } = setup(new FakeMediaDevices(), new FakeAudioContext(), { maxDurationMs: 1000, onLimit });
    await recorder.start();
    feedConstant(context.processors[0]!, 48_000, 3, 0.1);
    expect(onLimit).toHaveBeenCalledTimes(1);
    expect(recorder.elapsedMs()).toBe(1000);
    expect((await recorder.stop()).durationMs).toBe(1000);
  });

  it('a release before any audio arrived gives an empty but valid WAV (the UI treats it as a tap)', async () => {
    const { recorder } = setup();
    await recorder.start();
    const recording = await recorder.stop();
    expect(recording.durationMs).toBe(0);
    expect((await wavFacts(recording.wav)).dataSize).toBe(0);
  });

  it('refuses a second start while recording, and stop when idle', async () => {
    const { recorder } = setup();
    await recorder.start();
    expect((await rejection(recorder.start())).kind).toBe('in-progress');
    await recorder.stop();
    expect((await rejection(recorder.stop())).kind).toBe('not-recording');
  });

  it('can record again after a stop, with a fresh microphone stream', async () => {
    const devices = new FakeMediaDevices();
    const contexts: FakeAudioContext[] = [];
    const recorder = createPushToTalkRecorder({
      mediaDevices: devices as unknown as MediaDevices,
      audioContextFactory: () => { const context = new FakeAudioContext(); contexts.push(context); return context as unknown as AudioContext; },
    });
    for (const seconds of [0.5, 1]) {
      await recorder.start();
      feedConstant(contexts.at(-1)!.processors[0]!, 48_000, seconds, 0.1);
      expect((await recorder.stop()).durationMs).toBe(seconds * 1000);
    }
    expect(devices.streams.map((stream) => stream.tracks[0]?.stopped)).toEqual([true, true]);
    expect(contexts.map((context) => context.state)).toEqual(['closed', 'closed']);
  });

  it('a double stop (pointerup and keyup) yields the same recording once', async () => {
    const { recorder, context } = setup();
    await recorder.start();
    feedConstant(context.processors[0]!, 48_000, 0.5, 0.1);
    const [first, second] = await Promise.all([recorder.stop(), recorder.stop()]);
    expect(second).toBe(first);
    expect(context.closed).toBe(1);
  });
});

describe('push-to-talk recorder: cancel', () => {
  it('stops the tracks, closes the context and drops the audio', async () => {
    const { recorder, devices, context } = setup();
    await recorder.start();
    const processor = context.processors[0]!;
    feedConstant(processor, 48_000, 0.5, 0.3);
    recorder.cancel();
    expect(devices.streams[0]?.tracks[0]?.stopped).toBe(true);
    expect(context.state).toBe('closed');
    expect(recorder.elapsedMs()).toBe(0);
    expect((await rejection(recorder.stop())).kind).toBe('not-recording');
    recorder.cancel(); // harmless when idle
  });

  it('while the permission prompt is open: start rejects as cancelled and the late stream is stopped', async () => {
    const devices = new FakeMediaDevices({ hold: true });
    const { recorder, context } = setup(devices);
    const starting = recorder.start();
    const stopping = recorder.stop();
    recorder.cancel();
    devices.release();
    expect((await rejection(starting)).kind).toBe('cancelled');
    expect((await rejection(stopping)).kind).toBe('cancelled');
    expect(devices.streams[0]?.tracks[0]?.stopped).toBe(true);
    expect(context.state).toBe('closed');
    expect(context.processors).toHaveLength(0);
  });

  it('stop during a pending start waits for the microphone, then stops', async () => {
    const devices = new FakeMediaDevices({ hold: true });
    const { recorder } = setup(devices);
    const starting = recorder.start();
    const stopping = recorder.stop();
    devices.release();
    await starting;
    expect((await stopping).durationMs).toBe(0);
    expect(devices.streams[0]?.tracks[0]?.stopped).toBe(true);
  });
});
