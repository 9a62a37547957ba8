import type { PublicConfig } from '../../../../src/api/types';
import { getConfig, type DemoSettings } from './service';

/**
 * Fills the page's "service status" line from a real GetConfig round trip. `data-state` (loading, ok, error)
 * lets tests and styles tell the outcomes apart.
 */
export async function showServiceStatus(element: HTMLElement, settings: DemoSettings): Promise<PublicConfig | null> {
  element.dataset.state = 'loading';
  element.textContent = `Connecting to the chatbot service at ${settings.serviceUrl}…`;
  try {
    const config = await getConfig(settings);
    element.dataset.state = 'ok';
    element.textContent = `Service online: chatbot “${config.Name || settings.serialNumber}” answers from ${settings.serviceUrl}.`;
    return config;
  } catch (error) {
    element.dataset.state = 'error';
    element.textContent = `Service unavailable (${settings.serviceUrl}): ${(error as Error).message}. Is npm run demo running?`;
    return null;
  }
}
