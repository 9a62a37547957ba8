/**
 * Size report of the build, and the size budget (issue 3, issue 6). Three sets of the script-tag graph:
 * - before opening the chat: the loader, the boot module and its static import closure; budget 12 KB gzip, enforced;
 * - the chat: what a visitor downloads to open the chat and talk by text (before opening + the panel file, which
 *   vite.config.ts groups as 'panel'); budget 42.66 KB gzip, enforced;
 * - everything: every JavaScript file of the graph, including the media chunk(s) that load only on first media use
 *   (picker, paste, drop, microphone); target 40 KB gzip (issue 6), missed today and printed with the gap, not
 *   hidden. Until it is met, a ceiling just above today's size is enforced instead, so everything cannot grow
 *   unnoticed: lower it whenever a saving lands.
 * 1 KB = 1,000 bytes. Each file is compressed on its own (gzip level 9, brotli quality 11), as a server would send
 * it; a set's size is the sum of its files. The graph comes from Vite's manifest of the script build, so the
 * numbers are exact and stable.
 *
 *   tsx test/bench/sizes.ts            print the report
 *   tsx test/bench/sizes.ts --check    print it, exit 1 when an enforced budget is exceeded
 *   tsx test/bench/sizes.ts --json     print the measurement as JSON
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const LOADER_FILE = 'chatbot-widget.js';
/** The file the loader imports (vite.config.ts names the boot chunk so). */
export const BOOT_FILE = 'chatbot-widget.module.js';
export const MANIFEST_FILE = '.vite/script-manifest.json';
/** The chunk vite.config.ts groups the panel UI and the conversation engine into (loaded on first open). */
export const PANEL_CHUNK_NAME = 'panel';
/** The panel's lazy entries, in case a build names their chunk after them instead. */
const PANEL_SOURCES = ['src/boot/panel-host.tsx', 'src/model/chat-engine.ts'];
/**
 * initialGzip, chatGzip and everythingCeilingGzip fail the build; everythingGzip is issue 6's target, printed with
 * its gap. The ceiling was 45,500 B. It went up on purpose twice, each time for main-thread time the bytes buy:
 * to 45,800 B for the stream's event merger and the markdown DOM builder (+642 B together), which brought a
 * 10,000-chunk answer within a frame of its last byte; to 46,100 B for the time-zone lookup without Intl
 * (src/model/time-zone.ts, +274 B), which takes ~15 ms of main thread off every page view before the chat is
 * opened. A size pass then took 1,347 B out of the code (46,065 -> 44,718 B): the ceiling came down to 44,800 B.
 * It went up once more, to 45,250 B, for GFM tables in answers (+456 B): without them a table an answer compares
 * listings in shows as lines of pipes. This session's changes then raised it by what each cost, to 46,350 B: live
 * markdown while an answer streams (+309 B; without it every bold figure, link and table header of an answer
 * flashed as raw syntax: `**`, `](https://…`, `| a |`), one conversation across tabs (+410 B; two tabs of a site
 * overwrote each other's conversation and one was lost), and the fixes of a QA pass: settings and embedding (+58 B:
 * an empty welcome, invalid z-index attributes, the element's settings property, an inline destroy, less what the
 * blank-setting, privacy-name and landmark fixes saved), the media features (+222 B: a draft tray that scrolls
 * instead of pushing the text field out of the panel, focus kept or handed on in the tray, the lightbox and the
 * microphone button, the microphone toggled by Enter and assistive technology's clicks, text pasted with an image
 * kept (later: only the text), notices that neither stack nor go stale, a waiting send that takes the text as it is when it goes) and the
 * conversation view (focus after a suggestion or a retry, Escape on the launcher, a stopped answer announced, the
 * hand-off transcript never cut inside an emoji); a size pass over this session's code found no saving of 8 B or
 * more that keeps behaviour. Last, to 46,480 B for Edit on a failed question (+135 B): its text goes back into the
 * text field to be changed (a question the service refused as too long could only be sent again, unchanged), to
 * 46,490 B for `touch-action: none` on the microphone button (+12 B: a drifting finger cancelled the recording), and
 * to 46,560 B for fixes a review of this session's code found (+77 B: retry and edit of messages restored from
 * storage, a page that leaves mid-answer, a hold after a failed click-started recording, Office pastes), and to
 * 46,640 B for a second press on "Start a new conversation" (+71 B: next to Close, one slip erased the
 * conversation in every tab), and to 46,670 B when the cross-tab merge moved into a module of its own
 * (src/model/stored-merge.ts, +31 B net: conversation.ts was over 450 lines), and to 46,690 B for letting a streamed
 * answer's request end as the service ends it (+21 B: aborting it at the final object failed the request in DevTools
 * and cost the HTTP/1.1 connection), and to 46,740 B for fixes from a second QA pass (a conversation whose code
 * arrived after destroy() kept listening; the element's open attribute re-applied on any change, +46 B), and to
 * 46,780 B for mount()'s checks of a null target, a settings non-object and a non-http(s) baseUrl (+42 B), and to
 * 46,900 B for a double-click on Send that stopped its own answer, Stop while a session is coming, and rate-limit
 * counts given back for questions the service never took (+126 B), and to 47,020 B for the rest of that QA pass (a
 * web page read as a malformed answer, an empty answer failing instead of showing nothing, a new GetConfig after a
 * refused session, focus kept after the popup's dismiss and the config's Retry, a failing headers function as a
 * ServiceError, +117 B), and to 47,060 B for leaving the custom element's own lang and !important inline theme
 * variables as the page set them (+39 B), and to 47,070 B for settings warnings from GetConfig's answer instead of
 * the stored copy (+8 B), and to 47,350 B for the layout fixes of this second QA pass (+288 B with the fixes above;
 * its steps, measured on the code before them, add up to +280 B): header, log, text field, send and footer within
 * reach on short screens (landscape phones, the on-screen keyboard, 200 % zoom, reflow at 320 x 256: a log that
 * keeps its room, a panel that scrolls under its header and ends its view at the text field, the floating panel in
 * the visual viewport and beside the launcher when short; +142 B), suggestion chips that wrap (+4 B), list markers
 * and table direction in RTL answers (+13 B), forced-colours borders (+51 B), a welcome popup that scrolls within
 * half the viewport (+42 B, +41 B of it before opening) and a long chatbot name on two lines (+28 B), and to
 * 47,370 B for destroy() ending a request whose answer is in but whose stream is still open (+15 B), and to 47,430 B
 * for a time limit on GetConfig (+64 B, all of it before opening: a service that took the request and never answered
 * left the panel "Connecting…" and a question waiting for good), and to 47,500 B for lang="en" on the elements that
 * hold only the widget's own words (+67 B, 14 B of it before opening: on a page in another language a screen reader
 * read "Close chat" with that language's voice), and to 47,530 B for the page's own fallback of blocked storage
 * (+31 B, all before opening: with storage blocked, a widget mounted again lost the conversation and the draft),
 * and to 47,540 B for dir="ltr" on the widget's own sentences and the message time (+7 B: on a right-to-left page
 * "Stopped." read ".Stopped" and "10:43 AM" read "AM 10:43"), and to 47,620 B for ending a stream that stayed
 * silent for STREAM_SILENCE_MS (+75 B: a connection dropped without a word showed the answer streaming until Stop)
 * and "Connecting…" while GetConfig is tried again after a failure (+6 B, before opening). Two savings then lowered it
 * to 47,530 B (-90 B): the request failures' sentences said once, in the launcher's bundle
 * (src/api/request-failures.ts; GetConfig and the full client had a copy each) and leaving out @preact/signals'
 * DevTools hook (-31 B), and to 47,555 B for GetConfig's time limit ending a headers function that never settles (+25
 * B, before opening: a token refresh that hung left the panel "Connecting…" for good), and down to 47,540 B when an
 * answer a closed page or destroy() cut off says what any interrupted answer says (-16 B: "when the page was closed"
 * was wrong after a single-page app's route change), and to 47,625 B for focus (+88 B, 65 B of it before opening): a
 * panel open from the start (the open option or attribute) shows without taking focus from the page, and destroy() with
 * focus inside hands it back to the element it came from instead of dropping it on the body, and down to 47,415 B: a
 * size pass over the build's configuration took 288 B out ((a) -39 B, (b) -287 B; the ES2017 builds of the signals
 * packages, one namespace for the panel file's two lazy imports, the signals DevTools flag folded to false, constants
 * inlined across files, a fourth terser pass), of which two tabs that agree on a message retried or edited in the other
 * (+74 B), a whitespace answer that fails its question (+1 B) and the loader's wrapper kept so it sets no page globals
 * (+1 B) took 76 B back, and up to 47,555 B for a tab opened while another streams an answer (+138 B of (b)): it showed
 * that answer as interrupted, with a Retry that asked the question again; the streaming tab now writes the conversation
 * every ANSWER_HEARTBEAT_MS, so other tabs see the answer grow, and gives it up only after STALE_ANSWER_MS without a
 * write, and to 47,560 B for not counting, against the local rate limit, a question answered by something unreadable
 * (+5 B: a captive portal's page held the visitor back for a window), and to 47,610 B for a question whose answer
 * had not begun when the page reloaded (+50 B of (b)): Chromium cancels the request before pagehide, so the stored
 * question said "Could not reach the chat service"; a beforeunload listener, added only while a question waits, marks
 * that failure the page's own, and down to 46,920 B when askStream read its server-sent events itself instead of through
 * @microsoft/fetch-event-source (-642 B of (b), and -40 B for handing the merged events on as text, not bytes to
 * decode again: the library, used without its retries and visibility handling, was a fetch and an SSE line parser,
 * and src/api/stream-events.ts reads the same events, checked against the library's parser in a differential test)
 * and by two smaller markdown parser rewrites (-8 B), and to 46,925 B for markdown's block spacing (+7 B: the last
 * block of every answer kept 0.6em below it, and h5 and h6 had the browser's 1.67em and 2.33em margins), and to 46,977 B
 * for the conversation's storage and cross-tab code in a module of its own (+52 B: src/model/tab-sync.ts; the
 * boundary between the two closures, seven values in and six functions out, is what costs), and to 46,985 B for
 * showing the service's refusal after a beforeunload that did not leave (+8 B: a mailto: link or a download while a
 * question waited turned a monthly-limit refusal into "interrupted"), and to 47,020 B for markdown quotes and lists
 * (+36 B: an answer ending in a quote or a loose or nested list kept 0.6em below its text, which a block's layout
 * containment keeps from collapsing out; a quote had no mark of being one, and h5 and h6 were smaller than the text),
 * and to 47,042 B for RemoveChatLogOnBrowserClose removing a conversation kept in local storage from before it was
 * turned on (+22 B, all before opening: unless the visitor opened the chat again, it stayed there for good), and to
 * 47,067 B for making the media slot in the panel's file (+25 B of everything, and -232 B before opening: mount()
 * hands the launcher only the media chunk's loader, and every page view downloaded a slot only an open panel uses),
 * and to 47,122 B for mount() refusing a `fetch` that is not a function and `paths` that are not strings (+55 B, all
 * before opening: either showed up only at a visitor's first question, as "Could not reach the chat service"), and to
 * 47,145 B for the drop zone of a scrolled panel (+24 B: on a short screen, where the panel is scrolled to its text
 * field, the zone covered the part above the view, and the text field it hides seemed to lose the typed text), and to
 * 47,194 B for a removed file's notices going with it (+49 B of the media chunk: '"big.png" did not upload' stayed
 * after big.png was removed, and so did "a file did not upload" with none left), and to 47,197 B for reading the
 * panel's scroll offset for the drop zone when a drag begins, not at every render of the panel (+3 B: the read lays
 * the page out, and the panel renders on every message added), and to 48,336 B for mount()'s `texts` (+1,139 B:
 * +196 B before opening, +927 B of the panel's file, +16 B of the media chunk): every word the launcher, the panel and the conversation say
 * of their own, and their lang and dir, came from constants, so a site in another language showed English buttons,
 * notes and failures. The chat's budget (b) went up with it, from 40,000 B to 40,650 B: the words are named keys
 * now (the public names a site translates by), which minify to nothing shorter, and no saving of that size was
 * left in the chat without taking a feature out. Then to 48,410 B, and the chat's budget to 40,710 B, for two fixes of
 * a QA pass (+74 B of (b)): keys typed into the text field no longer reach the page's own keyboard shortcuts (outside
 * the shadow root they seem to come from the host element, which a page's "not while typing in a field" guard does
 * not recognise: "/" and spaces of a question ran the page's search and play shortcuts), and a question the local
 * rate limit holds back is announced (its banner arrived with its text already inside, which screen readers skip).
 * Then to 48,669 B, and the chat's budget to 40,730 B, for three media fixes of that QA pass (+259 B, 17 B of it in
 * (b), 5 B before opening): a refused file, a failed upload and a microphone that cannot record fire the 'error'
 * event (+92 B: a page listening heard of none), a file the service refuses for good (413, 415, "too large",
 * "type not accepted") offers Remove only instead of a Retry that sends the same bytes to the same answer (+165 B),
 * and the 'message' event carries a question's files (+13 B: a page mirroring the conversation got an image
 * question as its text alone), and to 48,684 B, the chat's budget to 40,740 B, for scroll padding under the panel's
 * sticky header (+15 B, +12 B of (b): at 320 x 256, Shift+Tab back up a panel scrolled to its text field put the
 * focused suggestion entirely under the header), and down to 48,649 B, the chat's budget to 40,710 B, when the panel's
 * file stopped carrying the launcher's four texts, which only the launcher says (-35 B). Then to 49,185 B for the
 * media chunk's words in mount()'s `texts` (+536 B: +533 B of the media chunk, +3 B of (b), whose panel file now
 * exports useTexts() to the media chunk and words the media chunk's load failure from its own texts, -1 B before
 * opening, by the chunk's new name): the tray, the draft's notices, the byte checks' refusals and the microphone's
 * failures were English constants, so a translated widget still said "Uploading a.png" and '"a.png" did not
 * upload'; they are 45 named keys now (about 160 B of it is their names), a sentence per kind where a kind sits
 * inside it, each failure worded twice (in the texts for the visitor, in English for the 'error' event). Then to
 * 49,231 B, the chat's budget to 40,755 B, for five accessibility fixes of the QA pass, merged after it (+46 B, +45 B
 * of (b)): a widget re-announced answers another widget or tab of the chatbot had asked for, a question failing with
 * the config was heard twice (the config's alert and the question's sentence), "Start a new conversation" cleared in
 * silence, the inline panel was a dialog in the page's flow (now a region), and suggestion chips on several lines ran
 * out of their pill border. Then to 49,370 B, the chat's budget to 40,900 B, for four markdown fixes of that QA pass
 * (+139 B, all of (b)): link words with balanced brackets (+17 B: "[nested [brackets]](url)" linked only "brackets]"),
 * an answer's headings two levels down, under the panel's h2 title (+15 B), a hidden "(opens in a new tab)" on an
 * answer's http(s) links (+82 B, the footer's links already said it), and code blocks and tables named as the
 * keyboard stops they are (+23 B). Two more fixes were built and left out as not worth every visitor's bytes:
 * `<https://...>` autolinks (+117 B) and character references such as &amp; (+269 B), rare in a chatbot's answers. Then to 49,382 B, the chat's budget to 40,910 B, for a refusal without a Code worded in
 * the generic sentence (+12 B, +13 B of (b)): a translated `business` text showed its "{code}" unfilled. Then to
 * 49,413 B, the chat's budget to 40,940 B, for focus kept in the panel when update() removes the control that has
 * it (+31 B, all of (b)): turning image upload off, or taking the suggestions away, dropped focus to the page's body. Then
 * lowered to 49,289 B, the chat's budget to 40,820 B, by leaving out of the script-tag build the checks of options only
 * mount()'s caller can pass (target, zIndex, storage, fetch, paths; -124 B, all of (a)). Then to 49,368 B, the
 * chat's budget to 40,900 B, for the welcome popup's words without markdown marks (+79 B, all of (a)): it showed
 * "**Harbor Homes**" and "[our listings](https://...)" as typed. Then to 49,401 B, the
 * chat's budget to 40,930 B, for the script tag's 'mount' command (+33 B, all of (a)): after 'destroy', or a page's
 * body swap (Turbo), the tag's widget could not come back. Then
 * lowered to 49,370 B, the chat's budget to 40,900 B, by dropping focusable="false" from the icons (-31 B, -10 B of
 * (a)): only Internet Explorer and the old Edge read it, and neither runs this ES2022 code. Then to
 * 49,374 B, the chat's budget to 40,910 B, for the defaults of settings an operator left unset as keys of `texts`
 * (+4 B, +36 B of (a); the panel's own fallbacks for the name and placeholder went): a German page showed "Chat
 * assistant", "Type your message…" and the English welcome, privacy link, hand-off and rate-limit messages. Then to
 * 49,388 B, the chat's budget to 40,920 B, by moving the talk-to-a-person mail (its mailto, transcript cut and
 * subject) from the widget model to the conversation's code, which is the panel's (-155 B of (a), +15 B of (b)). Then to 49,420 B,
 * the chat's budget to 40,950 B, for a launcher icon and a profile picture that do not load giving way to the chat
 * glyph and the name's initial (+32 B, +21 B of (a)): the browser's broken-image glyph showed instead. Then to
 * 49,425 B, the chat's budget to 40,960 B, for answers stopped or cut off keeping the unfinished-markdown reading (+5 B):
 * "**[6604 Cooper Ln](https://harb" stayed on screen as typed. Then to 49,511 B, the chat's budget to
 * 41,050 B, for ending a question or answer at once when the browser goes offline (+87 B): a phone that lost its
 * network mid-answer showed the answer arriving for the stream's 90 s silence limit. Then to 49,549 B, the chat's budget
 * to 41,080 B, for the loader's failure naming the missing CORS header of a CDN (+38 B, all of (a)). Then to 49,555 B, the
 * chat's budget to 41,090 B, for GetConfig's error event carrying the service's own words as the visitor reads them
 * (+6 B of (a)). Then to 49,601 B, the chat's budget to 41,140 B, for an answer cut off heard with the words that
 * arrived before why it failed (+46 B): a screen reader heard only "The answer failed: ...". Then to 49,730 B, the
 * chat's budget to 41,260 B, for an edge around a header, send button and visitor bubble whose colour is within 3:1
 * of the white panel (+129 B, +16 B of (a), the colour functions the panel now imports from it): white or pale
 * yellow ones had no visible shape. Then to 49,764 B, the chat's budget to 41,300 B, for five fixes of a QA pass over
 * this session's changes (+34 B, +22 B of (a)): a cut-off answer heard as typed markdown, the script tag's 'on'
 * listeners lost by 'destroy' and 'mount', pale suggestions without an edge, a loader message that named only CORS,
 * and ~~ left in the welcome popup. Then to 49,783 B, the chat's budget to 41,320 B, for 'mount' ending a widget
 * whose host went with a swapped body (+19 B, all of (a)): without a 'destroy' before the swap it did nothing. Then
 * to 49,789 B for "an object" in the settings warning, which said "a object" (+6 B, all of (a)). Then to 49,804 B,
 * the chat's budget to 41,340 B, for a link's words arriving without their "[" (+14 B): a cut-off answer kept it. Then to
 * 49,805 B for the announcer saying a cut-off answer's failure as a parameter of its own (+1 B). Then to 49,833 B, the chat's budget to 41,370 B, for the launcher's glyph pulsing while a first open waits for the panel's file (+28 B, all of (a), after -15 B from drawing the popup's dismiss with the close glyph's path): on a slow network the launcher turned into a close button and nothing else happened for seconds. Then to 50,002 B, the chat's budget to 41,540 B, for an answer that ends while the chat is closed (+169 B of (b)): it is heard through the live region, which waits outside the hidden panel, and the launcher gets a description ("New answer") and a dot until the chat opens; a visitor who closed the chat to wait was told nothing, on screen or by a screen reader. Then to 50,012 B, the chat's budget to 41,550 B, for three fixes of a security review (+10 B, +3 B of (a)): a stored message dated beyond Date's range broke the panel on every reload, a stored start or write time in the future dropped every new message at the next write, and half an emoji in the transcript made "Talk to a person" do nothing. Then to 50,053 B, the chat's budget to 41,590 B, for four fixes of a QA pass as a single-page app's developer and a long conversation's visitor (+41 B, -7 B of (a) after -15 B of savings there): a restored conversation of 800 messages froze the panel's opening for 0.9 s (a layout per message), a full storage lost the newest messages for the next page (now its newest half, quarter... is stored), the element's open() or send() right after its append did nothing, and destroy() from a 'message' listener left the question's request open. Then to 50,059 B for message times that say their date when the message is of an earlier day than today, in the chatbot's time zone (+7 B: the locale's own timeStyle replaced the 24-hour fix-up): a conversation kept across days read as if all of it were today's. Then down to 50,038 B, the chat's budget to 41,570 B: -46 B of (a) (ServiceError's details in one Object.assign, the load failure's role property), then +25 B for newConversation() on the widget, the element and the script tag (+14 B of (a)): a site's logout had no way to make the widget forget the conversation. Then to 50,108 B, the chat's budget to 41,640 B, for a page drawn under a phone's unsafe edges, viewport-fit=cover (+70 B, +27 B of (a)): the launcher and popup keep above the home indicator, a floating panel above them, and a full-screen panel's header buttons below the status bar and its footer above the indicator; before, the close button sat under the status bar and the launcher on the home indicator. Then down to 50,094 B, the chat's budget to 41,630 B: a QA pass over this session's changes fixed five things (-14 B in all: another tab's answer said again and marked on this tab's launcher, the new-answer mark outliving the conversation, a live region arriving with the last news in it, right-to-left dates laid out left to right, newConversation() then destroy() dropping the new conversation), newConversation() resolves once done, draft included (+2 B), and a baseUrl that is no URL at all gets the words of any other non-http(s) address (-5 B of (a)). Then to 50,097 B for a floating panel whose top keeps its offset below a status bar a page draws under (+3 B): on a short tablet held sideways it started 4 px under it. Then to 50,098 B for the script tag's calls returning what the widget's method does once it has loaded, so a logout can await ChatbotWidget('newConversation') (+1 B). Then to 50,102 B, the chat's budget to 41,640 B, for an element that cannot mount saying why once, not again at each method call (+4 B, all of (a)). Then to 50,110 B for a message's time worked out only once it is finished (+8 B): a streaming answer renders every frame, and the time with its date check is five Intl formats. Then to 50,461 B, the chat's budget to 41,960 B, for this session's two QA passes and the stream's fast path (+351 B of everything, 0 B of (a)): as a keyboard visitor on a short or zoomed screen (the view ending at the text field as the tray or the rate limit's notice grows, Escape on the page closing a floating panel, the scroll padding under a phone's status bar, a table no longer widening an inline panel, the uploads' wait said to screen readers: +115 B), as a visitor on a bad network (files kept while the media code cannot load, a failed Retry keeping the words that arrived, GetConfig asked again on open, a 401 renewing any session and a pre-upload's, a hung headers function inside the silence limit, the launcher's dot for a question that failed closed: +130 B), and the service's own events merged by one regular expression per run with a read of SSE lines only passing the normaliser after two native searches (+106 B: N = 10,000 last byte to visible 22.3, 19.7, 21.5 ms before against 23.8, 18.1, 18.2 ms after, alternated, 25 runs each). Then to 50,835 B, the chat's budget to 42,230 B, for the text field's edge at 3:1 (+5 B), the rate limit's wait said with its message (+23 B), HTTP failures in plain words by status with three new translatable sentences (+244 B): "The chat service answered with HTTP 502" said nothing a visitor could act on, Escape taking back "Clear chat?" (+18 B), a suggestion the rate limit held back leaving focus where it was (+9 B), and the uploads' wait for a site's headers function limited to 20 s (+95 B, the media chunk); (a) 11,994 B after Escape in the popup and a click's new try of a failed panel load, paid for by the launcher's own Escape listener. Then to 50,844 B, the chat's budget to 42,240 B, for the header's padding on a right-to-left page (+9 B). Then to 50,861 B, the chat's budget to 42,250 B, for a message time's lang, the clock's language rather than the widget's English (+15 B): a month name was read in the English voice. Then to 51,218 B, the chat's budget to 42,480 B, for this session's fixes (+357 B of everything, -3 B of (a)): JSON operations and the upload's PUT end when their answer never finishes, one time limit for both (+133 B, the media chunk): an upload spun for good behind a body that never ended; a session refused with Code 401 in an HTTP 200 envelope renewed as an HTTP 401 is (+16 B); a question the service refused for good (monthly cap 402, too large 413, invalid 400) no longer offers Send again (+70 B); a panel open past midnight dates the day before's messages (+40 B); the Clear chat? question taking the name's place in the header, so nothing is cut at 320 px (+18 B); a QA pass on hostile host pages (+22 B of (b), 0 B of (a) after -8 B of savings there): a floating host after <body> so a transformed body no longer holds the launcher, a zoomed <html> sizing the panel by the zoom, Object.prototype additions no longer stopping the chat from loading nor landing on answers' elements, MooTools' Array.from no longer giving the avatar the whole name, Prototype.js's Array.prototype.toJSON no longer storing every list as a string; and conversation.ts split into conversation.ts and answering.ts (+68 B: the boundary's parameters) so each reads in one sitting. Then to 51,288 B, the chat's budget to 42,540 B, for requests that keep their arrays on a Prototype.js page (+52 B, -2 B of (a)): its Array.prototype.toJSON sent a media question's fileIds as the string "[12,13]", which the service refuses, and one replacer (src/api/json.ts) now serves storage and every request body; and for a stream answered with an error status whose body never ends failing as that HTTP failure at the silence limit, not as an interrupted answer (+18 B): the visitor read "interrupted" and the question kept its rate-limit count. Then to 51,326 B, the chat's budget to 42,580 B, for four fixes of media and refusals (+39 B, all the panel file): a Send while the media code still cannot load tries it again and says so again when it fails (+4 B; a failed prefetch says it once, +10 B), a history image that failed to load is tried again when the browser comes back online (+14 B), and an answer cut off by a refusal re-sending cannot fix keeps its words without Retry (+11 B): a Retry of it met the same refusal for good. Then down to 51,320 B for the welcome popup's text padded alike on both sides (-6 B, all of (a)): on a right-to-left page its narrow side was against the popup's edge, and the text's own direction (dir=auto) can differ from the row's. Then to 51,392 B, the chat's budget to 42,645 B, for two fixes of a QA pass with unusual settings (+72 B): a welcome of markdown marks alone no longer shows an empty, nameless popup (+1 B of (a)), and contact links to one site (a Facebook page and its Messenger) are told apart by their path, a repeated address shown once (+70 B): both read "facebook.com". Then to 51,410 B, the chat's budget to 42,665 B, for a streaming answer that is the newest message leaving its scroll to the list's ResizeObserver instead of forcing a layout in each render (+17 B): with the CPU slowed x4, 5 to 7 of 25 runs at N = 10,000 had a long task against 7 to 13.
 */
export const BUDGETS = { initialGzip: 12_000, chatGzip: 42_665, everythingGzip: 40_000, everythingCeilingGzip: 51_415 } as const;
export type Budgets = { readonly [Name in keyof typeof BUDGETS]: number };

export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}
export interface FileSize extends Size {
  file: string;
}
export interface SetSize extends Size {
  files: string[];
}
export interface SizeReport {
  files: FileSize[];
  initial: SetSize;
  chat: SetSize;
  everything: SetSize;
  budgets: Budgets;
}

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export function measureBytes(bytes: Buffer): Size {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length,
  };
}

function listFiles(directory: string, root = directory): string[] {
  return readdirSync(directory)
    .flatMap((name) => {
      const path = join(directory, name);
      return statSync(path).isDirectory() ? listFiles(path, root) : [relative(root, path)];
    })
    .sort();
}

/** Output files of `dist`, relative to it: everything but the type declarations and the manifest. */
export function outputFiles(dist: string): string[] {
  return listFiles(dist).filter((file) => !file.startsWith('types/') && !file.startsWith('.vite/'));
}

/**
 * The script-tag graph: the loader, the boot module it imports and that module's static imports (initial); that
 * plus the panel file and its static imports (chat); then everything reachable through dynamic imports as well.
 * Files, relative to dist/.
 */
export function scriptGraph(manifest: Manifest): { initial: string[]; chat: string[]; everything: string[] } {
  const boot = Object.entries(manifest).find(([, chunk]) => chunk.file === BOOT_FILE);
  if (boot === undefined) throw new Error(`the manifest has no chunk written to ${BOOT_FILE}`);
  const panel = Object.keys(manifest).filter((key) => {
    const chunk = manifest[key] as ManifestChunk;
    return chunk.name === PANEL_CHUNK_NAME || PANEL_SOURCES.includes(chunk.src ?? key);
  });
  if (panel.length === 0) throw new Error(`the manifest has no '${PANEL_CHUNK_NAME}' chunk (see vite.config.ts)`);
  const closure = (start: string[], followDynamic: boolean): Set<string> => {
    const seen = new Set<string>();
    const visit = (key: string): void => {
      if (seen.has(key)) return;
      const chunk = manifest[key];
      if (chunk === undefined) throw new Error(`the manifest lists ${key} as an import but has no entry for it`);
      seen.add(key);
      for (const next of chunk.imports ?? []) visit(next);
      if (followDynamic) for (const next of chunk.dynamicImports ?? []) visit(next);
    };
    for (const key of start) visit(key);
    return seen;
  };
  const filesOf = (keys: Set<string>): string[] => {
    const files = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key] as ManifestChunk;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
    }
    return [LOADER_FILE, ...[...files].sort()];
  };
  return {
    initial: filesOf(closure([boot[0]], false)),
    chat: filesOf(closure([boot[0], ...panel], false)),
    everything: filesOf(closure([boot[0]], true)),
  };
}

export function measureDist(dist: string): SizeReport {
  const files = outputFiles(dist).map((file): FileSize => ({ file, ...measureBytes(readFileSync(join(dist, file))) }));
  const byName = new Map(files.map((entry) => [entry.file, entry]));
  const manifest = JSON.parse(readFileSync(join(dist, MANIFEST_FILE), 'utf8')) as Manifest;
  const graph = scriptGraph(manifest);
  const sum = (names: string[]): SetSize => {
    const total: SetSize = { raw: 0, gzip: 0, brotli: 0, files: names };
    for (const name of names) {
      const entry = byName.get(name);
      if (entry === undefined) throw new Error(`dist/${name} is in the script graph but was not built`);
      total.raw += entry.raw;
      total.gzip += entry.gzip;
      total.brotli += entry.brotli;
    }
    return total;
  };
  return {
    files,
    initial: sum(graph.initial),
    chat: sum(graph.chat),
    everything: sum(graph.everything),
    budgets: BUDGETS,
  };
}

const number = (value: number): string => value.toLocaleString('en-US');
const kb = (value: number): string => `${(value / 1000).toFixed(2)} KB`;

/** When a file of the script-tag graph is downloaded. */
function whenLoaded(report: SizeReport, file: string): string {
  if (report.initial.files.includes(file)) return 'before opening';
  if (report.chat.files.includes(file)) return 'on first open';
  if (report.everything.files.includes(file)) return 'on first media use';
  return '';
}

/** "over target by N B" or the room left, for the not-enforced target of everything. */
function targetNote(size: number, target: number): string {
  return size > target
    ? `target ${kb(target)} gzip: over target by ${number(size - target)} B`
    : `target ${kb(target)} gzip: ${number(target - size)} B to spare`;
}

export function formatReport(report: SizeReport): string {
  const width = Math.max(...report.files.map((entry) => entry.file.length), 36);
  const row = (name: string, size: Size, note = ''): string =>
    `${name.padEnd(width)}  ${number(size.raw).padStart(9)}  ${number(size.gzip).padStart(8)}  ${number(size.brotli).padStart(8)}  ${note}`;
  const { budgets } = report;
  const lines = [
    `${'file (dist/)'.padEnd(width)}  ${'raw'.padStart(9)}  ${'gzip'.padStart(8)}  ${'brotli'.padStart(8)}`,
    ...report.files.map((entry) => row(entry.file, entry, whenLoaded(report, entry.file))),
    '',
    row('(a) before opening the chat', report.initial, `budget ${kb(budgets.initialGzip)} gzip`),
    row('(b) the chat (open, talk by text)', report.chat, `budget ${kb(budgets.chatGzip)} gzip`),
    row('(c) everything, with media', report.everything, targetNote(report.everything.gzip, budgets.everythingGzip)),
  ];
  return lines.join('\n');
}

/** Enforced budget failures, in words; empty when within budget. */
export function budgetFailures(report: SizeReport): string[] {
  const failures: string[] = [];
  if (report.initial.gzip > report.budgets.initialGzip) {
    failures.push(`before opening the chat: ${kb(report.initial.gzip)} gzip > ${kb(report.budgets.initialGzip)}`);
  }
  if (report.chat.gzip > report.budgets.chatGzip) {
    failures.push(`the chat: ${kb(report.chat.gzip)} gzip > ${kb(report.budgets.chatGzip)}`);
  }
  if (report.everything.gzip > report.budgets.everythingCeilingGzip) {
    failures.push(
      `everything: ${kb(report.everything.gzip)} gzip > its ceiling ${kb(report.budgets.everythingCeilingGzip)} ` +
        `(the ceiling holds the line while everything is over the ${kb(report.budgets.everythingGzip)} target)`,
    );
  }
  return failures;
}

function main(argv: string[]): number {
  const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
  const distArgument = argv.find((argument) => argument.startsWith('--dist='));
  const dist = distArgument ? resolve(distArgument.slice('--dist='.length)) : join(root, 'dist');
  const report = measureDist(dist);
  if (argv.includes('--json')) {
    console.log(JSON.stringify(report, null, 2));
    return 0;
  }
  console.log(formatReport(report));
  const overTarget = report.everything.gzip - report.budgets.everythingGzip;
  if (overTarget > 0) {
    console.log(
      `\neverything with media: ${kb(report.everything.gzip)} gzip, over the ${kb(report.budgets.everythingGzip)} target ` +
        `by ${number(overTarget)} B (a missed target, reported; enforced is the ceiling of ` +
        `${kb(report.budgets.everythingCeilingGzip)}, so it cannot grow unnoticed)`,
    );
  }
  const failures = budgetFailures(report);
  if (failures.length === 0) {
    console.log('\nsize budget (before opening, the chat, the ceiling of everything): OK');
    return 0;
  }
  console.log(`\nsize budget EXCEEDED:\n- ${failures.join('\n- ')}`);
  return argv.includes('--check') ? 1 : 0;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
