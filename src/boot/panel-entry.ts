/**
 * The panel file's one entry in the script-tag build: the panel UI and the conversation engine, which src/widget.ts
 * imports lazily as two modules. vite.config.ts points both of those imports here in that build only (see
 * panelEntry() there): a dynamic import of a module inside a file of several modules costs a namespace object built
 * at run time, and one module instead of two is one less. The ES entries for bundlers keep the two lazy chunks.
 */
export { mountPanel, panelCss } from './panel-host.js';
export { startConversation } from '../model/chat-engine.js';
