/** Dispatches requests to the operation handlers and turns their results and errors into envelopes. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_PATHS, type OperationName } from '../../src/api/types';
import { clientAsk } from './ask';
import { identifyCaller } from './auth';
import { edit, getConfig, getSession, getSettings, modelList } from './chatbot-routes';
import { type Handler, type RequestContext, RESPONDED, type ServiceContext } from './context';
import { BusinessError, Code, HttpError } from './errors';
import { assertJsonContentType, envelope, errorEnvelope, publicBaseUrl, readJsonBody, sendJson, setCorsHeaders } from './http';
import { realEstateCreate, realEstateDelete, realEstateList, realEstateUpdate } from './listings';
import { finishUpload, preUpload, receiveUpload, serveUpload } from './uploads';

interface Route {
  method: 'GET' | 'POST';
  handler: Handler;
}

const OPERATIONS: Record<OperationName, Route> = {
  getConfig: { method: 'POST', handler: getConfig },
  getSession: { method: 'POST', handler: getSession },
  modelList: { method: 'GET', handler: modelList },
  edit: { method: 'POST', handler: edit },
  ask: { method: 'POST', handler: clientAsk },
  realEstateCreate: { method: 'POST', handler: realEstateCreate },
  realEstateUpdate: { method: 'POST', handler: realEstateUpdate },
  realEstateList: { method: 'POST', handler: realEstateList },
  realEstateDelete: { method: 'POST', handler: realEstateDelete },
  preUpload: { method: 'POST', handler: preUpload },
  finishUpload: { method: 'POST', handler: finishUpload },
};

const ROUTES = new Map<string, Route>(
  (Object.keys(OPERATIONS) as OperationName[]).map((name) => [DEFAULT_PATHS[name], OPERATIONS[name]]),
);
/** Operator read of every setting (secret key only): not in the documents, so not an OperationName of the client. */
export const GET_SETTINGS_PATH = '/chat/Chatbot/Get';
ROUTES.set(GET_SETTINGS_PATH, { method: 'POST', handler: getSettings });

const UPLOAD_PATH = /^\/upload\/([^/]+)$/;

export function createRequestListener(service: ServiceContext): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(service, req, res).catch((error: unknown) => respondWithError(res, error));
  };
}

async function handle(service: ServiceContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  setCorsHeaders(req, res);
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { 'Content-Length': 0 });
    res.end();
    return;
  }
  const url = new URL(req.url ?? '/', 'http://service.invalid');
  const upload = UPLOAD_PATH.exec(url.pathname);
  const route = ROUTES.get(url.pathname);
  if (url.pathname === '/' && req.method === 'GET') {
    sendJson(res, 200, envelope({ Service: 'chatbot-widget reference service', Operations: DEFAULT_PATHS }));
    return;
  }
  if (!upload && !route) throw new HttpError(Code.notFound, `No operation at ${url.pathname}.`);

  let parsedBody: Promise<unknown> | undefined;
  const ctx: RequestContext = {
    service,
    req,
    res,
    url,
    caller: { kind: 'anonymous' },
    body: () => (parsedBody ??= readJsonBody(req)),
    baseUrl: publicBaseUrl(req, service.fallbackBaseUrl()),
  };

  if (upload?.[1]) {
    const id = upload[1];
    if (req.method === 'PUT') await receiveUpload(ctx, id);
    else if (req.method === 'GET' || req.method === 'HEAD') await serveUpload(ctx, id);
    else throw new HttpError(Code.methodNotAllowed, `Use PUT to upload or GET to download ${url.pathname}.`);
    return;
  }
  if (!route) return;
  if (req.method !== route.method) {
    res.setHeader('Allow', `${route.method}, OPTIONS`);
    throw new HttpError(Code.methodNotAllowed, `${url.pathname} takes ${route.method} requests, not ${req.method ?? '?'}.`);
  }
  // Every POST operation takes a JSON body; the upload PUT above takes the file's own type.
  if (route.method === 'POST') assertJsonContentType(req);
  ctx.caller = identifyCaller(req, service.store, service.secretKey, service.workspaceSessionKey);
  const result = await route.handler(ctx);
  if (result !== RESPONDED) sendJson(res, 200, envelope(result.data));
}

function respondWithError(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error instanceof BusinessError) {
    sendJson(res, 200, errorEnvelope(error.code, error.message));
  } else if (error instanceof HttpError) {
    sendJson(res, error.status, errorEnvelope(error.status, error.message));
  } else if (isClientGone(error)) {
    res.destroy();
  } else {
    console.error('chatbot service: unexpected error', error);
    sendJson(res, 500, errorEnvelope(Code.internal, 'Internal error in the chatbot service; see its log.'));
  }
}

function isClientGone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || (error as Error | undefined)?.message === 'aborted';
}
