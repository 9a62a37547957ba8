/**
 * The lazy half of a widget: the full service client (streaming, uploads) and the conversation, loaded together in
 * one chunk when the chat is first opened (or hovered, or sent to through the API).
 */
import { createClient, type ClientOptions } from '../api/client';
import { createConversation, type Conversation, type ConversationDeps } from './conversation';

export type EngineClientOptions = Omit<ClientOptions, 'sessionKey' | 'secretKey'>;

export function startConversation(clientOptions: EngineClientOptions, deps: Omit<ConversationDeps, 'client'>): Conversation {
  // The key is read before every request, so a new conversation's session is used at once.
  const client = createClient({ ...clientOptions, sessionKey: () => conversation.sessionKey() });
  const conversation: Conversation = createConversation({ ...deps, client });
  return conversation;
}
