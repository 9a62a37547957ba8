/**
 * How components get the widget's words in its language: `useTexts()`, the panel's texts (panel-texts.ts) with
 * mount()'s `texts` laid over them. Imported by the lazily loaded panel only; the launcher imports
 * launcher-strings.ts directly, so the first download does not carry these.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { UI_LANG } from './launcher-strings.js';
import { panelTexts, type PanelTexts } from './panel-texts.js';

export { UI_LANG };
export { panelTexts, type PanelTexts };

const TextsContext = createContext(panelTexts());
export const TextsProvider = TextsContext.Provider;
export const useTexts = (): PanelTexts => useContext(TextsContext);
