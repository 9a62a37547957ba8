/** The demo home page: proves the page talks to the service, and shows the agency's latest listings. */
import { renderListings } from './lib/listings';
import { listListings, readDemoSettings } from './lib/service';
import { showServiceStatus } from './lib/status';

async function main(): Promise<void> {
  const settings = readDemoSettings();
  const status = document.getElementById('service-status');
  const listings = document.getElementById('listings');
  const count = document.getElementById('listing-count');
  if (!status || !listings || !count) throw new Error('The home page is missing its status or listings element.');

  const config = await showServiceStatus(status, settings);
  // The widget puts its button where the operator chose (ChatBubbleAlign 1 = left, anything else right).
  const corner = document.getElementById('chat-corner');
  if (config && corner) corner.textContent = `at the bottom ${config.ChatBubbleAlign === 1 ? 'left' : 'right'}`;
  if (!config) {
    listings.dataset.state = 'error';
    listings.textContent = 'Listings appear here when the service is running.';
    return;
  }
  try {
    const result = await listListings(settings, config.SessionKey, { PageSize: 6 });
    renderListings(listings, result.List, [new URL(settings.serviceUrl).origin, location.origin]);
    listings.dataset.state = 'ok';
    count.textContent = `${result.VirtualCount} homes listed`;
  } catch (error) {
    listings.dataset.state = 'error';
    listings.textContent = `The listings could not be loaded: ${(error as Error).message}`;
  }
}

void main();
