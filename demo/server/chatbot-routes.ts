/** GetConfig, GetSession, ModelList, Edit, and the operator's full read of the settings (Get). */
import type { GetSessionResponse, PublicConfig } from '../../src/api/types';
import { assertCallerMayUse, assertOriginAllowed, requireSecret } from './auth';
import type { Handler } from './context';
import { BusinessError, Code, notFound, validationError } from './errors';
import { EDIT_SCHEMA, MODEL_LIST, SECRET_SETTINGS, clearedSetting } from './settings';
import type { ChatbotRecord, JsonStore, Settings } from './store';
import { fileUrl } from './uploads';
import { type Schema, validateBody } from './validation';

const GET_CONFIG_SCHEMA: Schema = {
  serialNumber: { type: 'string', required: true, nonEmpty: true, maxLength: 200 },
  clientTimeZone: { type: 'string', maxLength: 100 },
  clientCurrentTime: {
    type: 'string',
    check: (value) =>
      value === '' || /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)
        ? undefined
        : `must be written "YYYY-MM-DD HH:mm:ss" (got "${value}").`,
  },
};

const GET_SESSION_SCHEMA: Schema = {
  serialNumber: { type: 'string', required: true, nonEmpty: true, maxLength: 200 },
};

export function findChatbot(store: JsonStore, serialNumber: string, field = 'serialNumber'): ChatbotRecord {
  // Own keys only: "__proto__" or "constructor" found Object's and failed later as an internal error.
  const chatbot = Object.hasOwn(store.data.chatbots, serialNumber) ? store.data.chatbots[serialNumber] : undefined;
  if (!chatbot) throw notFound(`${field}: there is no chatbot "${serialNumber}".`);
  return chatbot;
}

/** The public path's common start: the named chatbot, checked for this caller and Origin, with a new session. */
async function openPublicSession(ctx: Parameters<Handler>[0], schema: Schema) {
  const body = validateBody(await ctx.body(), schema);
  const { store } = ctx.service;
  const serialNumber = body.serialNumber as string;
  const chatbot = findChatbot(store, serialNumber);
  assertCallerMayUse(ctx.caller, serialNumber);
  assertOriginAllowed(chatbot, ctx.req, ctx.caller);
  const session = store.addSession(serialNumber, ctx.service.now());
  await store.commit();
  return { store, serialNumber, chatbot, session };
}

/** Public: the settings a page may see, plus a new session and its key. */
export const getConfig: Handler = async (ctx) => {
  const { store, serialNumber, chatbot, session } = await openPublicSession(ctx, GET_CONFIG_SCHEMA);
  const visible: Partial<Settings> = { ...chatbot.settings };
  for (const name of SECRET_SETTINGS) delete visible[name];
  const config: PublicConfig = {
    ...visible,
    serialNumber,
    ...session,
    ChatIconUrl: imageUrl(store, ctx.baseUrl, chatbot.settings.ChatIcon),
    ChatProfilePictureUrl: imageUrl(store, ctx.baseUrl, chatbot.settings.ChatProfilePicture),
  };
  return { data: config };
};

/** Public: a new session. Data carries SessionKey besides SessionID so a caller can ask with it. */
export const getSession: Handler = async (ctx) => {
  const { session } = await openPublicSession(ctx, GET_SESSION_SCHEMA);
  const data: GetSessionResponse & { SessionKey: string } = session;
  return { data };
};

/**
 * Operator read (our addition; the document names no such operation): every setting of 2.2, the operator-only ones
 * included, plus the picture URLs. Secret key only; it creates no session. The console's editor starts from it.
 */
export const getSettings: Handler = async (ctx) => {
  requireSecret(ctx.caller);
  const body = validateBody(await ctx.body(), GET_SESSION_SCHEMA);
  const { store } = ctx.service;
  const chatbot = findChatbot(store, body.serialNumber as string);
  const data = {
    ...chatbot.settings,
    ChatIconUrl: imageUrl(store, ctx.baseUrl, chatbot.settings.ChatIcon),
    ChatProfilePictureUrl: imageUrl(store, ctx.baseUrl, chatbot.settings.ChatProfilePicture),
  };
  return { data };
};

export const modelList: Handler = async (ctx) => {
  requireSecret(ctx.caller);
  return { data: MODEL_LIST };
};

/**
 * Sets the settings sent; one sent as null gets its cleared value ("" or "no limit"), EDIT_SCHEMA having refused
 * null where a setting has none: no null is dropped while Data says 1. An Edit with no setting at all (serialNumber
 * only) is refused (400), as RealEstateUpdate with nothing to update is: Data 1 would tell the caller that something
 * was saved when nothing was given, which is most likely a caller that dropped its changes.
 */
export const edit: Handler = async (ctx) => {
  requireSecret(ctx.caller);
  const body = validateBody(await ctx.body(), EDIT_SCHEMA);
  const { store } = ctx.service;
  const chatbot = findChatbot(store, body.serialNumber as string);
  if (Object.keys(body).every((name) => name === 'serialNumber')) {
    throw validationError('Request: nothing to change; send at least one setting besides serialNumber.');
  }
  for (const field of ['ChatIcon', 'ChatProfilePicture'] as const) {
    const value = body[field];
    if (typeof value === 'string' && value !== '') assertUsableImage(store, chatbot, field, value);
  }
  const { serialNumber: _serialNumber, ...changes } = body;
  const settings = chatbot.settings as unknown as Record<string, unknown>;
  for (const [name, value] of Object.entries(changes)) settings[name] = value === null ? clearedSetting(name) : value;
  await store.commit();
  return { data: 1 };
};

function assertUsableImage(store: JsonStore, chatbot: ChatbotRecord, field: string, id: string): void {
  const file = store.data.files[id];
  if (!file || (file.ownerSerial !== null && file.ownerSerial !== chatbot.settings.serialNumber)) {
    throw notFound(`${field}: there is no uploaded file ${id}.`);
  }
  if (file.status !== 'finished') {
    throw new BusinessError(Code.conflict, `${field}: file ${id} is not finished yet (PUT its bytes, then FinishUpload).`);
  }
  if (file.kind !== 'image') throw new BusinessError(Code.validation, `${field}: file ${id} is ${file.format}, not an image.`);
}

function imageUrl(store: JsonStore, baseUrl: string, id: string): string {
  const file = id === '' ? undefined : store.data.files[id];
  return file && file.status === 'finished' ? fileUrl(baseUrl, file) : '';
}
