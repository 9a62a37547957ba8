/**
 * The lazy half of a widget: streaming answers from the service and the conversation, loaded with the panel when
 * the chat is first opened (or hovered, or sent to through the API). Only streamAnswer (stream.ts) is imported, not
 * operations.ts: the build puts everything this file imports into the panel's file, and the other operations
 * belong to the media chunk or to no widget chunk at all.
 */
import type { ClientOptions } from '../api/client.js';
import { createTransport } from '../api/http.js';
import { streamAnswer } from '../api/stream.js';
import { createConversation, type Conversation, type ConversationDeps } from './conversation.js';

export type EngineClientOptions = Omit<ClientOptions, 'sessionKey' | 'secretKey'>;

export function startConversation(clientOptions: EngineClientOptions, deps: Omit<ConversationDeps, 'client'>): Conversation {
  // The key is read before every request, so a new conversation's session is used at once.
  const transport = createTransport({ ...clientOptions, sessionKey: () => conversation.sessionKey() });
  const conversation: Conversation = createConversation({
    ...deps,
    client: { askStream: (request, handlers, call) => streamAnswer(transport, request, handlers, call) },
  });
  return conversation;
}
