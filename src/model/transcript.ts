import type { ChatMessage } from './types.js';

/** Mail clients cut long mailto links; the newest part of a conversation is what a person needs. */
export const MAX_MAILTO_TRANSCRIPT = 1800;

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

/** A mailto: link to `email` with `subject`, its body the transcript's newest MAX_MAILTO_TRANSCRIPT characters. */
export function mailtoWithTranscript(email: string, subject: string, transcript: string): string {
  if (transcript.length > MAX_MAILTO_TRANSCRIPT) transcript = `…${transcript.slice(-MAX_MAILTO_TRANSCRIPT)}`;
  // Half a surrogate pair, which carries no character, is left out: encodeURIComponent throws on it, and the visitor
  // could not reach a person. The cut above may split an emoji; an answer stopped between the two chunks a service
  // split one into keeps half of it, for good. In a /u pattern only an unpaired half is \p{Cs}.
  const encode = (text: string): string => encodeURIComponent(text.replace(/\p{Cs}/gu, ''));
  return `mailto:${email}?subject=${encode(subject)}&body=${encode(transcript)}`;
}
