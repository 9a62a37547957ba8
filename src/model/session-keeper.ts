/**
 * The conversation's service session: the one restored from storage, or a fresh one asked for once however many
 * callers wait for it (a question and an upload at the same time share one GetConfig).
 */
import type { Session } from './persistence.js';

export interface SessionKeeper {
  /** The session now, if there is one. */
  readonly current: Session | null;
  /** Replaces the session (null forgets it); a fresh one still on its way is then ignored. */
  set(session: Session | null): void;
  /** The current session, or a fresh one. */
  obtain(): Promise<Session>;
  /** Asks for a fresh session unless one is on its way already (`afterExpiry`: see ConversationDeps.newSession). */
  fresh(afterExpiry?: boolean): Promise<Session>;
}

export function createSessionKeeper(newSession: (afterExpiry?: boolean) => Promise<Session>): SessionKeeper {
  let current: Session | null = null;
  let pending: Promise<Session> | null = null;

  function fresh(afterExpiry?: boolean): Promise<Session> {
    if (pending === null) {
      const request = newSession(afterExpiry).then(
        (session) => {
          if (pending === request) {
            current = session;
            pending = null;
          }
          return session;
        },
        (error: unknown) => {
          if (pending === request) pending = null;
          throw error;
        },
      );
      pending = request;
    }
    return pending;
  }

  return {
    get current() {
      return current;
    },
    set(session) {
      current = session;
      pending = null;
    },
    async obtain() {
      return current ?? fresh();
    },
    fresh,
  };
}
