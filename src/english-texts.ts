/**
 * Every key of WidgetTexts with its English default, in one object: where a translation starts
 * (`import { ENGLISH_TEXTS } from 'chatbot-widget/texts'`, dist/texts.js; `JSON.stringify(ENGLISH_TEXTS, null, 2)`
 * for a script tag's data-texts). The widget itself never imports this file: each bundle carries only its own
 * defaults.
 */
import { failureText } from './api/messages.js';
import { SETTING_TEXTS } from './model/settings.js';
import { HTTP_FAILURE_TEXTS } from './model/failures.js';
import { EMAIL_SUBJECT, GENERIC_FAILURE, type WidgetTexts } from './model/texts.js';
import { LAUNCHER_TEXTS } from './ui/launcher-strings.js';
import { MEDIA_TEXTS } from './ui/media/strings.js';
import { panelTexts } from './ui/panel-texts.js';

const { lang: _lang, dir: _dir, ...panel } = panelTexts();

export const ENGLISH_TEXTS: Readonly<WidgetTexts> = {
  ...SETTING_TEXTS,
  ...LAUNCHER_TEXTS,
  ...panel,
  ...HTTP_FAILURE_TEXTS,
  ...MEDIA_TEXTS,
  emailSubject: EMAIL_SUBJECT,
  genericFailure: GENERIC_FAILURE,
  network: failureText.network,
  // The service client's sentence with its placeholder, as mount()'s texts fill it (src/model/failures.ts).
  business: 'The chat service could not complete the request (code {code}).',
  malformed: failureText.malformed,
  aborted: failureText.aborted,
  interrupted: failureText.interrupted,
  emptyAnswer: failureText.emptyAnswer,
};
