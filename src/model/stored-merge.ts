/**
 * One conversation, several writers: other tabs of the site, and another widget of this chatbot on the page, write
 * the stored conversation too, and each holds only what it saw. Pure: tab-sync.ts reads and writes the store.
 */
import { isArriving, type LiveMessage } from './persistence.js';

/**
 * The conversation as this writer should show it now, and whether storage lacks something of this writer's (a
 * write that raced its own): then it must write again.
 */
export type StoredMerge = [merged: LiveMessage[], lacking: boolean];

/**
 * Merges what is stored into what this writer holds (both without the messages some writer removed: tab-sync.ts
 * filters them out first). Messages older than `startedAt` belong to an ended conversation and go. Messages this
 * writer made (`isOwn`) stay as they are here: only their maker changes a message, so an answer streaming here is
 * never touched. Other messages are as stored (gone when their
 * maker removed them), except that a copy here that has finished wins over a stored one still arriving (its tab
 * closed mid-answer). A stored message this writer does not hold joins in time order.
 */
export function mergeStored(
  local: readonly LiveMessage[],
  stored: readonly LiveMessage[],
  startedAt: number,
  isOwn: (message: LiveMessage) => boolean,
): StoredMerge {
  const storedById = new Map(stored.map((message) => [message.id, message]));
  let lacking = false;
  const merged: LiveMessage[] = [];
  for (const message of local) {
    const copy = storedById.get(message.id);
    storedById.delete(message.id);
    const same = copy?.text.peek() === message.text.peek() && copy.status.peek() === message.status.peek();
    if (message.createdAt < startedAt) continue;
    if (isOwn(message)) {
      lacking ||= !same;
      merged.push(message);
    } else if (copy !== undefined) {
      merged.push(same || (isArriving(copy.status.peek()) && !isArriving(message.status.peek())) ? message : copy);
    }
  }
  for (const copy of storedById.values()) {
    if (copy.createdAt < startedAt) continue;
    if (isOwn(copy)) {
      lacking = true; // removed here since (an answer that never came), still stored
      continue;
    }
    const later = merged.findIndex((message) => message.createdAt > copy.createdAt);
    merged.splice(later < 0 ? merged.length : later, 0, copy);
  }
  return [merged, lacking];
}
