/**
 * Credentials (service-api.md section 5, service-notes.md "How a browser talks to the service"):
 * - the secret key in `Authorization` (bare or "Bearer <key>") for server-side callers;
 * - a visitor's session key in `chatrobot-sessionkey`, issued by the public GetConfig/GetSession and tied to one
 *   SessionID and chatbot, for the browser path (asking, uploads, reading listings). A page never needs the secret key;
 * - the workspace's session key in `chatrobot-sessionkey` (service-api.md 5: "in the workspace's webhooks API area",
 *   and what its listing examples send): an operator's key for the listing operations of every chatbot. A visitor's
 *   key, which anyone who loads the widget can have, never changes listings.
 * A wrong credential is always HTTP 401, even on the public operations, so a misconfiguration shows at once.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SESSION_KEY_HEADER } from '../../src/api/types';
import { BusinessError, Code, HttpError } from './errors';
import type { ChatbotRecord, JsonStore, SessionRecord } from './store';

export type Caller =
  | { kind: 'secret' }
  | { kind: 'session'; sessionId: number; session: SessionRecord }
  | { kind: 'workspace' }
  | { kind: 'anonymous' };

export function identifyCaller(req: IncomingMessage, store: JsonStore, secretKey: string, workspaceSessionKey: string): Caller {
  const authorization = headerValue(req, 'authorization');
  if (authorization !== undefined) {
    const presented = authorization.replace(/^Bearer\s+/i, '').trim();
    if (!sameSecret(presented, secretKey)) throw new HttpError(Code.unauthorized, 'Wrong secret key in Authorization.');
    return { kind: 'secret' };
  }
  const sessionKey = headerValue(req, SESSION_KEY_HEADER.toLowerCase())?.trim();
  if (sessionKey !== undefined) {
    if (sameSecret(sessionKey, workspaceSessionKey)) return { kind: 'workspace' };
    const sessionId = store.sessionIdForKey(sessionKey);
    const session = sessionId === undefined ? undefined : store.data.sessions[String(sessionId)];
    if (sessionId === undefined || !session) {
      throw new HttpError(Code.unauthorized, `Unknown or expired session key in ${SESSION_KEY_HEADER}; call GetConfig for a new one.`);
    }
    return { kind: 'session', sessionId, session };
  }
  return { kind: 'anonymous' };
}

export function requireSecret(caller: Caller): void {
  if (caller.kind === 'secret') return;
  throw new HttpError(
    Code.unauthorized,
    caller.kind === 'anonymous'
      ? 'Missing credential: this operation needs the secret key in Authorization.'
      : 'This operation needs the secret key in Authorization; a session key is not enough.',
  );
}

/** ClientAsk and the uploads: the secret key or a visitor's session key. */
export function requireCredential(caller: Caller): void {
  if (caller.kind === 'workspace') {
    throw new HttpError(
      Code.unauthorized,
      `The workspace's session key opens the listing operations only; ask with a visitor's session key (GetConfig) or the secret key.`,
    );
  }
  if (caller.kind !== 'anonymous') return;
  throw new HttpError(
    Code.unauthorized,
    `Missing credential: send the secret key in Authorization or a session key in ${SESSION_KEY_HEADER}.`,
  );
}

/**
 * The listing operations: the secret key or the workspace's session key; a visitor's session key (of the same
 * chatbot, assertCallerMayUse) may only list.
 */
export function requireListingCredential(caller: Caller, changes: boolean): void {
  if (caller.kind === 'anonymous') {
    throw new HttpError(
      Code.unauthorized,
      `Missing credential: send the secret key in Authorization or the workspace's session key in ${SESSION_KEY_HEADER}.`,
    );
  }
  if (changes && caller.kind === 'session') {
    throw new HttpError(
      Code.unauthorized,
      `A visitor's session key (from GetConfig or GetSession) cannot change listings: send the secret key in Authorization or the workspace's session key in ${SESSION_KEY_HEADER}.`,
    );
  }
}

/** A session key only opens its own chatbot. */
export function assertCallerMayUse(caller: Caller, serialNumber: string): void {
  if (caller.kind === 'session' && caller.session.serialNumber !== serialNumber) {
    throw new HttpError(Code.unauthorized, `The session key in ${SESSION_KEY_HEADER} belongs to another chatbot.`);
  }
}

/**
 * VerifyDomain: on the browser path the request's Origin must match Domains (or CustomDomain). A request without
 * an Origin is a server-side one, which needs the secret key (or, for the listings, the workspace's session key).
 */
export function assertOriginAllowed(chatbot: ChatbotRecord, req: IncomingMessage, caller: Caller): void {
  const { VerifyDomain, Domains, CustomDomain } = chatbot.settings;
  // The operator's credentials are for servers, which send no Origin.
  if (caller.kind === 'secret' || caller.kind === 'workspace' || !VerifyDomain) return;
  const origin = headerValue(req, 'origin');
  if (!origin || origin === 'null') {
    throw new BusinessError(
      Code.forbidden,
      'Domain not allowed: this chatbot verifies domains and the request has no Origin (server-side callers use the secret key).',
    );
  }
  if (!originAllowed(`${Domains}\n${CustomDomain}`, origin)) {
    throw new BusinessError(Code.forbidden, `Domain not allowed: ${origin} is not in this chatbot's Domains.`);
  }
}

/**
 * Domains holds one entry per line. An entry with a scheme ("https://shop.example:8443") must equal the origin; a
 * host with a port ("localhost:5173") must equal host and port; a bare host ("shop.example") matches that host on
 * any scheme and port; "*.shop.example" matches its subdomains. Case does not matter; blank lines are skipped.
 */
export function originAllowed(domains: string, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const hostname = url.hostname.toLowerCase();
  return domains
    .split(/\r?\n/)
    .map((entry) => entry.trim().toLowerCase().replace(/\/+$/, ''))
    .filter((entry) => entry !== '')
    .some((entry) => {
      if (entry.includes('://')) {
        try {
          return new URL(entry).origin === url.origin;
        } catch {
          return false;
        }
      }
      if (entry.startsWith('*.')) return hostname.endsWith(entry.slice(1)) && hostname.length > entry.length - 1;
      if (/:\d+$/.test(entry)) return url.host.toLowerCase() === entry;
      return hostname === entry;
    });
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sameSecret(presented: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
