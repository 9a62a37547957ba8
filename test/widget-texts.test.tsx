/** mount()'s `texts` in a DOM (happy-dom): the widget's own words translated, in the page's language, everywhere. */
import { describe, expect, it, vi } from 'vitest';
import type { WidgetTexts } from '../src/model/texts';
import { mount, type Widget } from '../src/widget';
import { bytes, createFakeFetch, envelopeResponse, streamResponse, type FakeFetch } from './helpers/fake-fetch';
import { destroyedAfterEach } from './helpers/mounted-widgets';
import { png } from './media/fixtures';

const CONFIG = { Name: 'Harbor Bot', WelcomeMessage: '', SessionID: 1, SessionKey: 'k1' };
const GERMAN: Partial<WidgetTexts> = {
  openChat: 'Chat mit {name} öffnen',
  closeChat: 'Chat mit {name} schließen',
  composer: 'Nachricht',
  send: 'Nachricht senden',
  closePanel: 'Chat schließen',
  newConversation: 'Neues Gespräch beginnen',
  sendAgain: 'Erneut senden',
  edit: 'Bearbeiten',
  network: 'Keine Verbindung zum Chat-Dienst.',
  interrupted: 'Die Antwort wurde unterbrochen.',
  retry: 'Wiederholen',
  rateLimitWait: 'Sie können {wait} wieder senden.',
  you: 'Sie',
  emailSubject: 'Gespräch mit {name}',
  emailTranscript: 'Gespräch per E-Mail senden',
  confirmNewConversation: 'Chat löschen?',
  conversationCleared: 'Gespräch gelöscht.',
};
const mounted = destroyedAfterEach();

/** GetConfig answers `config`; questions get `ask` (by default: a network failure). */
function service(config: Record<string, unknown> = CONFIG, ask: () => Promise<Response> = () => Promise.reject(new TypeError('Failed to fetch'))): FakeFetch {
  return createFakeFetch((request) => (request.url.endsWith('/GetConfig') ? envelopeResponse(config) : ask()));
}

function start(options: Partial<Parameters<typeof mount>[0]>, fake = service()): { widget: Widget; shadow: ShadowRoot } {
  const widget = mount({ serialNumber: 'demo-realty', baseUrl: 'https://chat.example.test', fetch: fake.fetch, ...options });
  mounted.push(widget);
  const shadow = document.querySelector('chatbot-widget-host')?.shadowRoot;
  if (!shadow) throw new Error('no shadow root');
  return { widget, shadow };
}

const until = (check: () => boolean): Promise<void> => vi.waitFor(() => expect(check()).toBe(true), { timeout: 5_000 });
const label = (shadow: ShadowRoot, selector: string): string | null | undefined =>
  shadow.querySelector(selector)?.getAttribute('aria-label');

describe("mount()'s texts", () => {
  it('name the launcher and the panel in the given words, which take the page language: no lang="en", no dir="ltr"', async () => {
    const { widget, shadow } = start({ texts: GERMAN });
    await until(() => label(shadow, '.cw-launcher') === 'Chat mit Harbor Bot öffnen');
    expect(shadow.querySelector('.cw-launcher')?.hasAttribute('lang')).toBe(false);
    widget.open();
    await until(() => shadow.querySelector('textarea') !== null);
    expect(label(shadow, '.cw-launcher')).toBe('Chat mit Harbor Bot schließen');
    expect(label(shadow, 'textarea')).toBe('Nachricht');
    expect(label(shadow, '.cw-composer__send')).toBe('Nachricht senden');
    expect(label(shadow, '.cw-panel__close')).toBe('Chat schließen');
    expect(shadow.querySelector('.cw-panel__new')?.getAttribute('title')).toBe('Neues Gespräch beginnen');
    expect(shadow.querySelectorAll('[lang="en"]')).toHaveLength(0);
    expect(shadow.querySelectorAll('[dir="ltr"]:not(time)')).toHaveLength(0);
    // Words left out stay English.
    expect(shadow.querySelector('.cw-log')?.getAttribute('aria-label')).toBe('Conversation');
  });

  it('without texts, the widget\'s own words are English and say so', async () => {
    const { widget, shadow } = start({});
    await until(() => label(shadow, '.cw-launcher') === 'Open chat with Harbor Bot');
    expect(shadow.querySelector('.cw-launcher')?.getAttribute('lang')).toBe('en');
    widget.open();
    await until(() => shadow.querySelector('.cw-composer__send') !== null);
    expect(shadow.querySelector('.cw-composer__send')?.getAttribute('lang')).toBe('en');
    expect(label(shadow, '.cw-composer__send')).toBe('Send message');
  });

  it('word a failure for the visitor, while the error event stays English for the page\'s logs', async () => {
    const { widget, shadow } = start({ texts: GERMAN });
    const errors: unknown[] = [];
    widget.on('error', (error) => errors.push(error));
    await expect(widget.send('Häuser in Austin?')).resolves.toEqual({ ok: false, reason: 'failed' });
    const question = shadow.querySelector('.cw-msg--user');
    expect(question?.querySelector('.cw-msg__error')?.textContent).toBe('Keine Verbindung zum Chat-Dienst.');
    expect(question?.querySelector('.cw-msg__retry')?.textContent).toBe('Erneut senden');
    expect(question?.querySelector('.cw-msg__edit')?.textContent).toBe('Bearbeiten');
    expect(question?.querySelector('.cw-sr-only')?.textContent).toBe('Sie: ');
    expect(errors).toEqual([{ message: 'Could not reach the chat service. Check your connection.', kind: 'network' }]);
  });

  it.each([
    [500, 'The chat service is having trouble right now. Try again in a moment.'],
    [502, 'The chat service is having trouble right now. Try again in a moment.'],
    [429, 'The chat service is busy. Wait a moment, then try again.'],
    [413, 'This message is too large to send.'],
    [404, 'Something went wrong. Please try again.'],
  ])('word a question refused with HTTP %i, without words of the service, in plain words; the error event keeps the status', async (status, words) => {
    const refusing = service(CONFIG, async () => new Response('<html><h1>Bad gateway</h1></html>', { status }));
    const { widget, shadow } = start({}, refusing);
    const errors: unknown[] = [];
    widget.on('error', (error) => errors.push(error));
    await expect(widget.send('Homes in Austin?')).resolves.toEqual({ ok: false, reason: 'failed' });
    expect(shadow.querySelector('.cw-msg--user .cw-msg__error')?.textContent).toBe(words);
    expect(errors).toEqual([{ message: `The chat service answered with HTTP ${status}.`, kind: 'http' }]);
  });

  it('word an HTTP failure by its status in the given words, and in their `http` where they leave its status out', async () => {
    const texts = { serverTrouble: 'Der Chat-Dienst hat gerade Probleme.', http: 'Der Chat-Dienst antwortete mit {status}.' };
    let status = 503;
    const { widget, shadow } = start({ texts }, service(CONFIG, async () => new Response('', { status })));
    const errors = () => [...shadow.querySelectorAll('.cw-msg--user .cw-msg__error')].map((error) => error.textContent);
    await widget.send('Häuser in Austin?');
    status = 404;
    await widget.send('Und in Porto?');
    // A translation made before 429 had words of its own: its `http`, not English on a German page.
    status = 429;
    await widget.send('Und in Lissabon?');
    expect(errors()).toEqual([
      'Der Chat-Dienst hat gerade Probleme.',
      'Der Chat-Dienst antwortete mit 404.',
      'Der Chat-Dienst antwortete mit 429.',
    ]);
  });

  it('say that a second press of "new conversation" cleared it', async () => {
    const { widget, shadow } = start({ texts: GERMAN, open: true });
    await widget.send('Häuser in Austin?');
    await until(() => shadow.querySelector('.cw-msg--user') !== null);
    const button = shadow.querySelector<HTMLButtonElement>('.cw-panel__new');
    button?.click();
    await until(() => button?.textContent === 'Chat löschen?');
    button?.click();
    await until(() => shadow.querySelector('[aria-live="polite"]')?.textContent === 'Gespräch gelöscht.');
    expect(shadow.querySelector('.cw-msg--user')).toBeNull();
  });

  it('word an answer cut off by destroy(), also when the conversation comes back', async () => {
    const hanging = service(CONFIG, () => new Promise<Response>(() => undefined));
    const first = start({ texts: GERMAN }, hanging).widget;
    void first.send('Häuser in Austin?');
    await until(() => localStorage.getItem('cw:demo-realty:chat:messages')?.includes('waiting') === true);
    first.destroy();
    const { shadow } = start({ texts: GERMAN, open: true }, hanging);
    await until(() => shadow.querySelector('.cw-msg--assistant .cw-msg__error') !== null);
    expect(shadow.querySelector('.cw-msg--assistant .cw-msg__error')?.textContent).toBe('Die Antwort wurde unterbrochen.');
  });

  it('put the wait, in the locale, into their rate-limit sentence', async () => {
    const limited = { ...CONFIG, RateLimitCount: 1, RateLimitTime: 60, RateLimitMessage: 'Bitte langsamer.' };
    const answered = (): Promise<Response> =>
      Promise.resolve(streamResponse({ chunks: [bytes('data: {"QuestionID":1,"AnswerID":2,"Answer":"Ja.","TotalToken":3}\n\n')] }));
    const { widget, shadow } = start({ texts: GERMAN, locale: 'de-DE' }, service(limited, answered));
    await expect(widget.send('Eins')).resolves.toEqual({ ok: true });
    await expect(widget.send('Zwei')).resolves.toEqual({ ok: false, reason: 'rate-limited' });
    await until(() => shadow.querySelector('.cw-limit__wait') !== null);
    expect(shadow.querySelector('.cw-limit__wait')?.textContent).toMatch(/^Sie können in \d+ Sekunden wieder senden\.$/);
  });

  it("say what an answer's links, code blocks and tables are, in the given words and the page's language", async () => {
    const text = 'See [our hours](https://harbor.test/hours).\n\n```\nnpm install\n```\n\n| Tag | Uhr |\n|---|---|\n| Mo | 9 |';
    const event = { QuestionID: 1, AnswerID: 2, Answer: text, TotalToken: 3 };
    const answered = (): Promise<Response> => Promise.resolve(streamResponse({ chunks: [bytes(`data: ${JSON.stringify(event)}\n\n`)] }));
    const texts = { ...GERMAN, opensInNewTab: '(öffnet in neuem Tab)', code: 'Quelltext', table: 'Tabelle' };
    const { widget, shadow } = start({ texts, open: true }, service(CONFIG, answered));
    await expect(widget.send('Öffnungszeiten?')).resolves.toEqual({ ok: true });
    await until(() => shadow.querySelector('.cw-msg--assistant .cw-md__table') !== null);
    const answer = shadow.querySelector('.cw-msg--assistant .cw-md')!;
    expect(answer.querySelector('a .cw-sr-only')?.textContent).toBe(' (öffnet in neuem Tab)');
    expect(answer.querySelector('pre')?.getAttribute('aria-label')).toBe('Quelltext');
    expect(answer.querySelector('.cw-md__table')?.getAttribute('aria-label')).toBe('Tabelle');
    expect(answer.querySelectorAll('[lang]')).toHaveLength(0);
  });

  it('name the visitor in the e-mailed transcript and its subject', async () => {
    const email = { ...CONFIG, TalkToHumanEmail: 'help@harbor.test' };
    const { widget, shadow } = start({ texts: GERMAN }, service(email));
    await widget.send('Hallo?');
    widget.open();
    await until(() => shadow.querySelector('.cw-human') !== null);
    shadow.querySelector<HTMLButtonElement>('.cw-human')?.click();
    await until(() => shadow.querySelector('.cw-msg__mailto') !== null);
    const link = shadow.querySelector<HTMLAnchorElement>('.cw-msg__mailto');
    expect(link?.textContent).toBe('Gespräch per E-Mail senden');
    const href = decodeURIComponent(link?.getAttribute('href') ?? '');
    expect(href).toContain('subject=Gespräch mit Harbor Bot');
    expect(href).toContain('Sie: Hallo?');
  });

  it("fill in the chatbot's settings its operator left unset: name, welcome, placeholder, privacy link, replies", async () => {
    const unset = { ChatbotPrivacyPolicyUrl: 'https://harbor.test/privacy', TalkToHumanEmail: 'help@harbor.test', RateLimitCount: 1, RateLimitTime: 60, SessionID: 1, SessionKey: 'k1' };
    const texts = {
      ...GERMAN,
      botName: 'Chat-Assistent',
      welcome: 'Hallo! Wie kann ich helfen?',
      placeholder: 'Ihre Nachricht…',
      privacyPolicy: 'Datenschutz',
      talkToHumanResponse: 'Jemand aus dem Team meldet sich.',
      rateLimitMessage: 'Bitte etwas langsamer.',
    };
    const answered = (): Promise<Response> =>
      Promise.resolve(streamResponse({ chunks: [bytes('data: {"QuestionID":1,"AnswerID":2,"Answer":"Ja.","TotalToken":3}\n\n')] }));
    const { widget, shadow } = start({ texts }, service(unset, answered));
    await until(() => shadow.querySelector('.cw-popup__text')?.textContent === 'Hallo! Wie kann ich helfen?');
    expect(label(shadow, '.cw-launcher')).toBe('Chat mit Chat-Assistent öffnen');
    widget.open();
    await until(() => shadow.querySelector('.cw-panel__title')?.textContent === 'Chat-Assistent');
    expect(shadow.querySelector('.cw-msg--welcome')?.textContent).toContain('Hallo! Wie kann ich helfen?');
    expect(shadow.querySelector('textarea')?.placeholder).toBe('Ihre Nachricht…');
    expect(shadow.querySelector('.cw-privacy__link')?.textContent).toContain('Datenschutz');
    await expect(widget.send('Eins')).resolves.toEqual({ ok: true });
    await expect(widget.send('Zwei')).resolves.toEqual({ ok: false, reason: 'rate-limited' });
    await until(() => shadow.querySelector('.cw-limit__message')?.textContent === 'Bitte etwas langsamer.');
    shadow.querySelector<HTMLButtonElement>('.cw-human')?.click();
    await until(() => shadow.querySelector('.cw-log')?.textContent?.includes('Jemand aus dem Team meldet sich.') === true);
    expect(shadow.textContent).not.toMatch(/Chat assistant|How can I help|Type your message|Privacy policy|too quickly|from our team/);
  });

  it('are refused with a TypeError unless they are an object of strings', () => {
    const fetch = service().fetch;
    const options = { serialNumber: 'x', baseUrl: 'https://a.test', fetch };
    for (const texts of ['Senden', { send: 42 }]) {
      expect(() => mount({ ...options, texts: texts as unknown as Partial<WidgetTexts> })).toThrow(
        'chatbot-widget mount(): texts must be an object of strings.',
      );
    }
    expect(document.querySelector('chatbot-widget-host')).toBeNull();
  });
});

describe("mount()'s texts in the media chunk", () => {
  const MEDIA_GERMAN: Partial<WidgetTexts> = {
    ...GERMAN,
    attachedFiles: 'Angehängte Dateien',
    uploading: '{name} wird hochgeladen',
    cancelUpload: 'Hochladen von {name} abbrechen',
    retryUpload: '{name} erneut hochladen',
    removeFile: '{name} entfernen',
    dismissNotice: 'Schließen',
    uploadFailed: 'Nicht hochgeladen',
    imageWrongType: '„{name}“ ist kein PNG-, JPEG-, WEBP- oder GIF-Bild.',
    notUploaded: '„{name}“ wurde nicht hochgeladen: {reason}',
  };
  /** Uploads of a.png never get their upload URL; any other file's request fails (no connection). */
  const uploads = () =>
    createFakeFetch((request) => {
      if (request.url.endsWith('/GetConfig')) return envelopeResponse({ ...CONFIG, EnableUploadImage: true });
      if (request.url.endsWith('/GetPreUploadUrl') && request.bodyText.includes('a.png')) return new Promise<Response>(() => undefined);
      return Promise.reject(new TypeError('Failed to fetch'));
    });
  const pick = async (shadow: ShadowRoot, ...files: File[]): Promise<void> => {
    await until(() => shadow.querySelector('input[type="file"]') !== null);
    const input = shadow.querySelector<HTMLInputElement>('input[type="file"]')!;
    Object.defineProperty(input, 'files', { configurable: true, value: files });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const notes = () => new File([new TextEncoder().encode('just text')], 'notes.png', { type: 'image/png' });

  it('name the tray and say its notices in the given words and the page language, while the error events stay English', async () => {
    const { widget, shadow } = start({ texts: MEDIA_GERMAN, open: true }, uploads());
    const errors: unknown[] = [];
    widget.on('error', (error) => errors.push(error));
    await pick(shadow, notes(), new File([png()], 'a.png'), new File([png()], 'b.png'));
    await until(() => shadow.querySelectorAll('.cw-media__notice').length === 2);
    const tray = shadow.querySelector('.cw-media');
    expect(tray?.hasAttribute('lang')).toBe(false);
    expect(shadow.querySelectorAll('[lang="en"]')).toHaveLength(0);
    expect(shadow.querySelectorAll('[dir="ltr"]:not(time)')).toHaveLength(0);
    expect([...shadow.querySelectorAll('.cw-media__notice span')].map((notice) => notice.textContent)).toEqual([
      '„notes.png“ ist kein PNG-, JPEG-, WEBP- oder GIF-Bild.',
      '„b.png“ wurde nicht hochgeladen: Keine Verbindung zum Chat-Dienst.',
    ]);
    expect(label(shadow, '.cw-media__notice button')).toBe('Schließen');
    expect(label(shadow, '.cw-media__items')).toBe('Angehängte Dateien');
    expect(label(shadow, '.cw-media__progress')).toBe('a.png wird hochgeladen');
    expect(label(shadow, '.cw-media__item--uploading .cw-media__icon-button')).toBe('Hochladen von a.png abbrechen');
    expect(shadow.querySelector('.cw-media__item--failed .cw-media__detail')?.textContent).toBe('Nicht hochgeladen');
    expect(shadow.querySelector('.cw-media__retry')?.textContent).toBe('Wiederholen');
    expect(label(shadow, '.cw-media__retry')).toBe('b.png erneut hochladen');
    expect(label(shadow, '.cw-media__item--failed .cw-media__icon-button')).toBe('b.png entfernen');
    expect(errors).toEqual([
      { message: '"notes.png" is not a PNG, JPEG, WEBP or GIF image.', kind: 'file-refused' },
      { message: '"b.png" did not upload: Could not reach the chat service. Check your connection.', kind: 'upload-failed' },
    ]);
  });

  it('without texts, the tray is English and says so', async () => {
    const { shadow } = start({ open: true }, uploads());
    await pick(shadow, notes(), new File([png()], 'a.png'));
    await until(() => shadow.querySelector('.cw-media__progress') !== null);
    expect(shadow.querySelector('.cw-media')?.getAttribute('lang')).toBe('en');
    expect(shadow.querySelector('.cw-media__notice span')?.getAttribute('dir')).toBe('ltr');
    expect(shadow.querySelector('.cw-media__notice span')?.textContent).toBe('"notes.png" is not a PNG, JPEG, WEBP or GIF image.');
    expect(label(shadow, '.cw-media__items')).toBe('Attached files');
    expect(label(shadow, '.cw-media__progress')).toBe('Uploading a.png');
  });
});
