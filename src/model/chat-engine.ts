/**
 * The lazy half of a widget: streaming answers from the service and the conversation, loaded together in one
 * chunk when the chat is first opened (or hovered, or sent to through the API). Only askStream is bundled: the
 * other operations of the service client are not needed here.
 */
import type { ClientOptions } from '../api/client';
import { createTransport } from '../api/http';
import { askStream } from '../api/operations';
import { createConversation, type Conversation, type ConversationDeps } from './conversation';

export type EngineClientOptions = Omit<ClientOptions, 'sessionKey' | 'secretKey'>;

export function startConversation(clientOptions: EngineClientOptions, deps: Omit<ConversationDeps, 'client'>): Conversation {
  // The key is read before every request, so a new conversation's session is used at once.
  const transport = createTransport({ ...clientOptions, sessionKey: () => conversation.sessionKey() });
  const conversation: Conversation = createConversation({
    ...deps,
    client: { askStream: (request, handlers, call) => askStream(transport, request, handlers, call) },
  });
  return conversation;
}
