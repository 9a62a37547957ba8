/** Entry of the operator console page (/console.html). */
import { h, render } from 'preact';
import { ConsoleApp } from './console/App';
import { createConsoleApi } from './console/api';
import { createListingsModel } from './console/listings-model';
import { createSettingsModel } from './console/settings-model';
import { readDemoSettings } from './lib/service';

const root = document.getElementById('console-root');
if (!root) throw new Error('The console page has no #console-root element.');
const { serialNumber } = readDemoSettings();
const api = createConsoleApi(serialNumber);
const settings = createSettingsModel(api);
const listings = createListingsModel(api);
root.replaceChildren();
render(h(ConsoleApp, { api, settings, listings, serialNumber }), root);
void settings.reload();
void listings.load();
