/**
 * ClientAsk (service-api.md 4.2). Accepts the secret key or the session key of the same session. Checks, in order:
 * the body, the session, the Origin (VerifyDomain), the files, the monthly cap (402) and the rate limit (429, per
 * session and per visitor: limits.ts). Only then is the question counted and answered, as JSON or streamed
 * (`?framing=sse|jsonl` overrides the service's default framing). Business errors of a stream request are answered
 * as a JSON envelope.
 */
import type { AnswerRecord, ChatAskType, StreamFinal } from '../../src/api/types';
import { type AttachedFile, answerQuestion, countTokens } from './answer';
import { assertOriginAllowed, requireCredential } from './auth';
import { type Handler, RESPONDED, type StreamFraming } from './context';
import { BusinessError, Code, HttpError, notFound, validationError } from './errors';
import type { ChatbotRecord, FileRecord, JsonStore } from './store';
import { chunkText, writeAnswerStream } from './stream';
import { type Schema, validateBody } from './validation';

export const MAX_IMAGES_PER_QUESTION = 10;
const ASK_TYPES: readonly ChatAskType[] = ['Text', 'Audio', 'Image', 'Video'];

/** Longest question, in UTF-16 code units (the spec states none). */
export const MAX_QUESTION_LENGTH = 10_000;

const ASK_SCHEMA: Schema = {
  sessionID: { type: 'integer', required: true, min: 1 },
  content: { type: 'string', required: true },
  chatAskType: { type: 'string', oneOf: ASK_TYPES },
  stream: { type: 'boolean' },
  fileIds: { type: 'integer[]', maxItems: MAX_IMAGES_PER_QUESTION },
};

export const clientAsk: Handler = async (ctx) => {
  requireCredential(ctx.caller);
  const body = validateBody(await ctx.body(), ASK_SCHEMA);
  // The widget shows this message to the visitor as it is: in their words, not the field's name.
  const length = (body.content as string).length;
  if (length > MAX_QUESTION_LENGTH) {
    throw validationError(
      `This message is too long: at most ${MAX_QUESTION_LENGTH.toLocaleString('en-US')} characters, and it has ${length.toLocaleString('en-US')}. Shorten it and send it again.`,
    );
  }
  const framing = requestedFraming(ctx.url.searchParams.get('framing'), ctx.service.streamFraming);
  const { store, limits } = ctx.service;
  const sessionId = body.sessionID as number;
  const session = store.data.sessions[String(sessionId)];
  if (!session) throw notFound(`sessionID: there is no session ${sessionId}; call GetConfig or GetSession for one.`);
  if (ctx.caller.kind === 'session' && ctx.caller.sessionId !== sessionId) {
    throw new HttpError(Code.unauthorized, `The session key in chatrobot-sessionkey belongs to another session than sessionID ${sessionId}.`);
  }
  const chatbot = store.data.chatbots[session.serialNumber];
  if (!chatbot) throw notFound(`sessionID: the chatbot of session ${sessionId} no longer exists.`);
  assertOriginAllowed(chatbot, ctx.req, ctx.caller);

  const askType = (body.chatAskType as ChatAskType | undefined) ?? 'Text';
  const question = body.content as string;
  const files = checkFiles(store, chatbot, askType, question, (body.fileIds as number[] | undefined) ?? []);
  const now = ctx.service.now();
  // A visitor's own key counts per visitor too; the secret key may be a site's backend asking for many (limits.ts).
  const asker = { sessionId, address: ctx.caller.kind === 'session' ? ctx.service.visitorAddress(ctx.req) : undefined };
  limits.assertMayAsk(store, chatbot, asker, now);

  limits.recordAsk(store, chatbot, asker, now);
  session.usedAt = now;
  const questionId = store.data.nextId.message++;
  const answerId = store.data.nextId.message++;
  await store.commit();

  const scripted = ctx.service.scriptedAnswer?.(question);
  const engine = scripted
    ? { text: scripted.join(''), noAnswer: false }
    : answerQuestion({ question, askType, files, settings: chatbot.settings, listings: chatbotListings(store, chatbot) });
  const totalToken = countTokens(question, engine.text);
  if (body.stream !== true) {
    const data: AnswerRecord = { messageid: answerId, content: engine.text, totalToken, noAnswer: engine.noAnswer };
    return { data };
  }
  const final: StreamFinal = { QuestionID: questionId, AnswerID: answerId, Answer: engine.text, TotalToken: totalToken };
  await writeAnswerStream(ctx.res, {
    chunks: scripted ?? chunkText(engine.text),
    final,
    framing,
    delayMs: ctx.service.streamDelayMs,
  });
  return RESPONDED;
};

function requestedFraming(value: string | null, fallback: StreamFraming): StreamFraming {
  if (value === null || value === '') return fallback;
  if (value === 'sse' || value === 'jsonl') return value;
  throw validationError(`framing: the query parameter must be "sse" or "jsonl" (got "${value}").`);
}

function chatbotListings(store: JsonStore, chatbot: ChatbotRecord) {
  return store.data.listings.filter((listing) => listing.SerialNumber === chatbot.settings.serialNumber);
}

/** fileIds must fit chatAskType, exist for this chatbot, be finished, and be of the right kind. */
function checkFiles(
  store: JsonStore,
  chatbot: ChatbotRecord,
  askType: ChatAskType,
  question: string,
  fileIds: number[],
): AttachedFile[] {
  if (askType === 'Text') {
    if (fileIds.length > 0) throw validationError('fileIds: only valid when chatAskType is Image, Audio or Video.');
    if (question.trim() === '') throw validationError('content: must not be empty for a Text question.');
    return [];
  }
  const { EnableUploadImage, EnablePushToTalk } = chatbot.settings;
  if (askType === 'Image' && !EnableUploadImage) {
    throw new BusinessError(Code.forbidden, 'chatAskType: image questions are turned off for this chatbot (EnableUploadImage).');
  }
  if (askType === 'Audio' && !EnablePushToTalk) {
    throw new BusinessError(Code.forbidden, 'chatAskType: audio questions are turned off for this chatbot (EnablePushToTalk).');
  }
  if (fileIds.length === 0) throw validationError(`fileIds: a ${askType} question needs its file id${askType === 'Image' ? 's' : ''}.`);
  if (askType !== 'Image' && fileIds.length !== 1) {
    throw validationError(`fileIds: a ${askType} question takes exactly one file (got ${fileIds.length}).`);
  }
  const wanted = askType === 'Image' ? 'image' : askType === 'Audio' ? 'audio' : 'video';
  return fileIds.map((id) => {
    const file: FileRecord | undefined = store.data.files[String(id)];
    if (!file || (file.ownerSerial !== null && file.ownerSerial !== chatbot.settings.serialNumber)) {
      throw notFound(`fileIds: there is no uploaded file ${id}.`);
    }
    if (file.status !== 'finished') {
      throw new BusinessError(Code.conflict, `fileIds: file ${id} is not finished yet (PUT its bytes, then FinishUpload).`);
    }
    if (file.kind !== wanted) {
      throw validationError(`fileIds: file ${id} is ${file.format} ${file.kind}, but a ${askType} question takes ${wanted} files.`);
    }
    const attached: AttachedFile = { fileName: file.fileName, format: file.format ?? '', size: file.size ?? 0 };
    if (file.durationSeconds !== undefined) attached.durationSeconds = file.durationSeconds;
    return attached;
  });
}
