/** The texts' placeholders, and failures worded in mount()'s texts. */
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/api/errors';
import { failureText } from '../../src/api/messages';
import { failureMessage, HTTP_FAILURE_TEXTS, isSessionRefused } from '../../src/model/failures';
import { ENGLISH_TEXTS } from '../../src/english-texts';
import { EMAIL_SUBJECT, fill, GENERIC_FAILURE } from '../../src/model/texts';
import { LAUNCHER_TEXTS } from '../../src/ui/launcher-strings';
import { MEDIA_TEXTS } from '../../src/ui/media/strings';
import { panelTexts } from '../../src/ui/strings';

describe('fill', () => {
  it('puts values into placeholders, leaves one without a value as written, and never reads a value as a template', () => {
    expect(fill('Chat mit {name} öffnen', { name: 'Harbor Bot' })).toBe('Chat mit Harbor Bot öffnen');
    expect(fill('{name}: {text}', { name: 'Bot', text: 'Write {name} here' })).toBe('Bot: Write {name} here');
    expect(fill('HTTP {status}', { status: 503 })).toBe('HTTP 503');
    expect(fill('HTTP {status} ({code})', { status: undefined })).toBe('HTTP {status} ({code})');
  });
});

describe('failureMessage', () => {
  const failure = (kind: ConstructorParameters<typeof ServiceError>[0], details: Partial<ConstructorParameters<typeof ServiceError>[2]> = {}) =>
    new ServiceError(kind, kind === 'http' ? failureText.http(details.status ?? 500) : failureText.network, {
      operation: 'askStream',
      ...details,
    });

  it("words each kind in the given texts, with the service's status and code", () => {
    const texts = {
      network: 'Keine Verbindung.',
      http: 'Der Dienst antwortete mit HTTP {status}.',
      business: 'Abgelehnt (Code {code}).',
      malformed: 'Unlesbare Antwort.',
      interrupted: 'Unterbrochen.',
    };
    expect(failureMessage(failure('network'), texts)).toBe('Keine Verbindung.');
    expect(failureMessage(failure('http', { status: 503 }), texts)).toBe('Der Dienst antwortete mit HTTP 503.');
    expect(failureMessage(failure('business', { code: 7 }), texts)).toBe('Abgelehnt (Code 7).');
    expect(failureMessage(failure('malformed'), texts)).toBe('Unlesbare Antwort.');
    expect(failureMessage(failure('interrupted'), texts)).toBe('Unterbrochen.');
  });

  it("keeps the service's own message, and the client's English sentence for a kind the texts leave out", () => {
    const refused = failure('business', { code: 7, serviceMessage: 'Monatliches Limit erreicht.' });
    expect(failureMessage(refused, { business: 'Abgelehnt.' })).toBe('Monatliches Limit erreicht.');
    expect(failureMessage(failure('http', { status: 429, serviceMessage: 'Zu viele Anfragen.' }), {})).toBe('Zu viele Anfragen.');
    expect(failureMessage(failure('network'), { http: 'HTTP {status}' })).toBe(failureText.network);
    expect(failureMessage(failure('http', { status: 502 }))).toBe(failureText.http(502));
  });

  it('words an HTTP failure without words of its own by its status, in the texts, else in the HTTP texts\' English', () => {
    const german = { serverTrouble: 'Der Dienst hat Probleme ({status}).', http: 'Der Dienst antwortete mit HTTP {status}.' };
    for (const status of [500, 502, 503, 504]) {
      expect(failureMessage(failure('http', { status }), HTTP_FAILURE_TEXTS)).toBe(
        'The chat service is having trouble right now. Try again in a moment.',
      );
      expect(failureMessage(failure('http', { status }), german)).toBe(`Der Dienst hat Probleme (${status}).`);
    }
    expect(failureMessage(failure('http', { status: 429 }), HTTP_FAILURE_TEXTS)).toBe(
      'The chat service is busy. Wait a moment, then try again.',
    );
    expect(failureMessage(failure('http', { status: 413 }), HTTP_FAILURE_TEXTS)).toBe('This message is too large to send.');
    expect(failureMessage(failure('http', { status: 404 }), HTTP_FAILURE_TEXTS)).toBe(
      'Something went wrong. Please try again.',
    );
    // The panel's texts (the config alert's {error}): the statuses' English under a translation, but under its `http`.
    expect(failureMessage(failure('http', { status: 503 }), panelTexts({ send: 'Senden' }))).toBe(HTTP_FAILURE_TEXTS.serverTrouble);
    expect(failureMessage(failure('http', { status: 503 }), panelTexts({ http: german.http }))).toBe('Der Dienst antwortete mit HTTP 503.');
    // A translation of `http` alone (made before the statuses had words of their own) words every status.
    expect(failureMessage(failure('http', { status: 429 }), { http: german.http })).toBe('Der Dienst antwortete mit HTTP 429.');
    // The service's own words stay, whatever the status.
    expect(failureMessage(failure('http', { status: 503, serviceMessage: 'Wartung bis 10 Uhr.' }), HTTP_FAILURE_TEXTS)).toBe(
      'Wartung bis 10 Uhr.',
    );
  });

  it("words a refusal without a Code in the generic sentence, never with business's {code} left unfilled", () => {
    const uncoded = new ServiceError('business', failureText.business(undefined), { operation: 'askStream' });
    expect(failureMessage(uncoded, { business: 'Abgelehnt (Code {code}).', genericFailure: 'Etwas ging schief.' })).toBe(
      'Etwas ging schief.',
    );
    expect(failureMessage(uncoded, { business: 'Abgelehnt (Code {code}).' })).toBe(failureText.business(undefined));
  });

  it('words what is no service failure as the generic sentence, in the texts where given', () => {
    expect(failureMessage(new Error('bug'))).toBe('Something went wrong. Please try again.');
    expect(failureMessage('bug', { genericFailure: 'Etwas ist schiefgelaufen.' })).toBe('Etwas ist schiefgelaufen.');
  });
});

describe('isSessionRefused', () => {
  const error = (kind: 'http' | 'business', details: { status?: number; code?: number }) =>
    new ServiceError(kind, 'refused', { operation: 'preUpload', ...details });

  it('is an HTTP 401, or a Code 401 envelope in an HTTP 200 (a business error): never another status or code', () => {
    expect(isSessionRefused(error('http', { status: 401 }))).toBe(true);
    expect(isSessionRefused(error('http', { status: 401, code: 401 }))).toBe(true);
    expect(isSessionRefused(error('business', { code: 401 }))).toBe(true);
    // The HTTP status speaks first: a 5xx whose envelope says 401 is the service's trouble, not a forgotten session.
    expect(isSessionRefused(error('http', { status: 502, code: 401 }))).toBe(false);
    expect(isSessionRefused(error('business', { code: 4001 }))).toBe(false);
    expect(isSessionRefused(error('business', {}))).toBe(false);
    expect(isSessionRefused({ status: 401 })).toBe(false);
  });
});

describe('ENGLISH_TEXTS', () => {
  it('has every key of WidgetTexts (a key without a default fails tsc in src/english-texts.ts), each what the widget says', () => {
    expect(Object.values(ENGLISH_TEXTS).filter((text) => typeof text !== 'string' || text === '')).toEqual([]);
    // The service client's own sentences, with the placeholders mount()'s texts fill; the HTTP statuses' plain words.
    expect(fill(ENGLISH_TEXTS.business, { code: 7 })).toBe(failureText.business(7));
    expect(ENGLISH_TEXTS).toMatchObject(HTTP_FAILURE_TEXTS);
    // A bundle's own defaults are the same words.
    const { lang: _lang, dir: _dir, ...panel } = panelTexts();
    expect(ENGLISH_TEXTS).toMatchObject({ ...LAUNCHER_TEXTS, ...panel, ...MEDIA_TEXTS, emailSubject: EMAIL_SUBJECT });
    expect(ENGLISH_TEXTS.genericFailure).toBe(GENERIC_FAILURE);
  });

});
