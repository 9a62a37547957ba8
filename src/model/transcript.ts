import type { ChatMessage } from './types.js';

/**
 * The conversation as plain text for the talk-to-a-person mail: who said what, one paragraph per message, files
 * by kind and name; empty messages are left out. `you` names the visitor's.
 */
export function transcriptOf(messages: readonly ChatMessage[], botName: string, you: string): string {
  return messages
    .map((message) => {
      const files = message.attachments.map((file) => `[${file.kind}: ${file.name}]`);
      const text = [message.text.peek(), ...files].filter((part) => part !== '').join(' ');
      return text === '' ? '' : `${message.role === 'user' ? you : botName}: ${text}`;
    })
    .filter((line) => line !== '')
    .join('\n\n');
}
