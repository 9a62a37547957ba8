/**
 * The two public calls the demo pages make, exactly as any site could: GetConfig (no secret, returns a session
 * key) and RealEstateList with that session key. The secret key never reaches a page.
 */
import {
  DEFAULT_PATHS,
  SESSION_KEY_HEADER,
  type Envelope,
  type GetConfigRequest,
  type PublicConfig,
  type RealEstateListRequest,
  type RealEstateListResponse,
} from '../../../../src/api/types';

export interface DemoSettings {
  serviceUrl: string;
  serialNumber: string;
}

/** The server renders these into <meta> tags, so no inline script is needed (strict CSP pages work too). */
export function readDemoSettings(doc: Document = document): DemoSettings {
  const read = (name: string): string => {
    const value = doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
    if (!value) throw new Error(`The page has no <meta name="${name}">.`);
    return value;
  };
  return { serviceUrl: read('chatbot-service-url'), serialNumber: read('chatbot-serial-number') };
}

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error(`the service at ${new URL(url).origin} cannot be reached`);
  }
  const text = await response.text();
  let envelope: Envelope<T>;
  try {
    envelope = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`the service answered ${response.status} with something that is not JSON`);
  }
  if (!response.ok || !envelope.Success) {
    throw new Error(envelope.Message || `the service answered ${response.status}`);
  }
  return envelope.Data;
}

/** "YYYY-MM-DD HH:mm:ss" in the browser's own time zone, as GetConfig expects. */
function localTimestamp(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ` +
    `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`
  );
}

export function getConfig(settings: DemoSettings): Promise<PublicConfig> {
  const request: GetConfigRequest = {
    serialNumber: settings.serialNumber,
    clientTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    clientCurrentTime: localTimestamp(new Date()),
  };
  return post<PublicConfig>(settings.serviceUrl + DEFAULT_PATHS.getConfig, request);
}

export function listListings(
  settings: DemoSettings,
  sessionKey: string,
  filters: Omit<RealEstateListRequest, 'SerialNumber'> = {},
): Promise<RealEstateListResponse> {
  const request: RealEstateListRequest = { SerialNumber: settings.serialNumber, ...filters };
  return post<RealEstateListResponse>(settings.serviceUrl + DEFAULT_PATHS.realEstateList, request, {
    [SESSION_KEY_HEADER]: sessionKey,
  });
}
