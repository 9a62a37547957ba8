import { act, cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createFakeModel } from '../helpers/fake-model';
import { renderPanel } from '../helpers/render-ui';

afterEach(cleanup);

const inline = (settings = {}) => createFakeModel({ mode: 'inline', settings });

function composer(): HTMLTextAreaElement {
  return screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
}

describe('composer', () => {
  test('typing updates the draft; Enter sends it and the model clears it', async () => {
    const model = inline();
    await renderPanel(model);
    const input = composer();
    expect(input.getAttribute('dir')).toBe('auto');
    fireEvent.input(input, { target: { value: 'Do you have parking?' } });
    expect(model.conversation.draft.value).toBe('Do you have parking?');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(model.conversation.sent.map((call) => call.text)).toEqual(['Do you have parking?']);
    expect(input.value).toBe('');
    expect(screen.getByRole('log').textContent).toContain('Do you have parking?');
  });

  test('Shift+Enter and an Enter that ends an IME composition do not send', async () => {
    const model = inline();
    await renderPanel(model);
    fireEvent.input(composer(), { target: { value: 'line one' } });
    fireEvent.keyDown(composer(), { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(composer(), { key: 'Enter', isComposing: true });
    fireEvent.keyDown(composer(), { key: 'Enter', keyCode: 229 });
    expect(model.conversation.sent).toEqual([]);
  });

  test('the send button submits; an empty or blank draft is not sent', async () => {
    const model = inline();
    await renderPanel(model);
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send.getAttribute('aria-disabled')).toBe('true');
    fireEvent.input(composer(), { target: { value: '   ' } });
    fireEvent.click(send);
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(model.conversation.sent).toEqual([]);
    fireEvent.input(composer(), { target: { value: 'Hello' } });
    expect(send.getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(send);
    expect(model.conversation.sent.map((call) => call.text)).toEqual(['Hello']);
  });

  test('while busy the same button stops the answer, and Enter does not send', async () => {
    const model = inline();
    await renderPanel(model);
    const button = screen.getByRole('button', { name: 'Send message' });
    act(() => {
      model.conversation.busy.value = true;
    });
    expect(button.getAttribute('aria-label')).toBe('Stop the answer');
    fireEvent.input(composer(), { target: { value: 'next question' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(model.conversation.sent).toEqual([]);
    fireEvent.click(button);
    expect(model.conversation.stops).toBe(1);
    expect(model.conversation.draft.value).toBe('next question');
  });

  test('the second click of a double-click on Send does not stop the answer it asked for', async () => {
    const model = inline();
    await renderPanel(model);
    fireEvent.input(composer(), { target: { value: 'Any lofts?' } });
    const button = screen.getByRole('button', { name: 'Send message' });
    fireEvent.click(button, { detail: 1 });
    act(() => {
      model.conversation.busy.value = true;
    });
    fireEvent.click(button, { detail: 2 }); // now Stop, under the same pointer
    expect(model.conversation.sent.map((call) => call.text)).toEqual(['Any lofts?']);
    expect(model.conversation.stops).toBe(0);
    fireEvent.click(button, { detail: 1 }); // a click of its own
    expect(model.conversation.stops).toBe(1);
  });

  test('a rate-limited send keeps the text in the composer', async () => {
    const model = inline();
    model.conversation.sendResult = { ok: false, reason: 'rate-limited' };
    await renderPanel(model);
    fireEvent.input(composer(), { target: { value: 'one more' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    await Promise.resolve();
    expect(composer().value).toBe('one more');
  });

  test('shows the placeholder from settings and a 16px-safe textarea that grows', async () => {
    const model = inline({ placeholder: 'Ask about a listing…' });
    await renderPanel(model);
    const input = composer();
    expect(input.getAttribute('placeholder')).toBe('Ask about a listing…');
    Object.defineProperty(input, 'scrollHeight', { configurable: true, get: () => 88 });
    fireEvent.input(input, { target: { value: 'a\nb\nc' } });
    expect(input.style.height).toBe('88px');
  });

  test('is measured when its text changes, not when an answer starts or ends', async () => {
    const model = inline();
    await renderPanel(model);
    const input = composer();
    let measured = 0;
    Object.defineProperty(input, 'scrollHeight', { configurable: true, get: () => ((measured += 1), 60) });
    act(() => {
      model.conversation.busy.value = true;
    });
    act(() => {
      model.conversation.busy.value = false;
    });
    await Promise.resolve();
    expect(measured).toBe(0);
    fireEvent.input(input, { target: { value: 'a\nb' } });
    expect(measured).toBe(1);
    expect(input.style.height).toBe('60px');
  });
});

describe('media buttons', () => {
  test('are not drawn without a handler, even when the settings enable them', async () => {
    const model = inline({ enableUploadImage: true, enablePushToTalk: true });
    await renderPanel(model);
    expect(screen.queryByRole('button', { name: 'Attach images or a video' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hold to record a voice message' })).toBeNull();
  });

  test('are not drawn when the settings disable them, even with a handler', async () => {
    const model = inline();
    await renderPanel(model, { media: { pickImage: vi.fn(), pushToTalk: { start: vi.fn(), end: vi.fn(), recording: () => null } } });
    expect(screen.queryByRole('button', { name: 'Attach images or a video' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hold to record a voice message' })).toBeNull();
  });

  test('with setting and handler: the image button opens the picker; push-to-talk records while held', async () => {
    const model = inline({ enableUploadImage: true, enablePushToTalk: true });
    const pickImage = vi.fn();
    const start = vi.fn();
    const end = vi.fn();
    await renderPanel(model, { media: { pickImage, pushToTalk: { start, end, recording: () => null }, renderDraft: () => <p>2 images ready</p> } });
    expect(screen.getByText('2 images ready')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Attach images or a video' }));
    expect(pickImage).toHaveBeenCalledTimes(1);

    const mic = screen.getByRole('button', { name: 'Hold to record a voice message' });
    fireEvent.keyDown(mic, { key: ' ' });
    expect(start).toHaveBeenCalledTimes(1);
    expect(mic.getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyUp(mic, { key: ' ' });
    expect(end).toHaveBeenLastCalledWith(true);
    expect(mic.getAttribute('aria-pressed')).toBe('false');

    fireEvent.keyDown(mic, { key: ' ' });
    fireEvent.keyDown(mic, { key: 'Escape' });
    expect(end).toHaveBeenLastCalledWith(false);
    expect(model.isOpen.value).toBe(true);
    expect(start).toHaveBeenCalledTimes(2);
  });
});
