/**
 * dist/chatbot-widget.js, the classic script a site pastes:
 *   <script src=".../chatbot-widget.js" data-serial-number="..." data-base-url="..." async></script>
 * It keeps (or installs) the `ChatbotWidget` queue, so calls made before the widget loaded wait their turn, and
 * imports the widget module next to it. A sentinel makes a snippet pasted twice load and mount one widget.
 * Kept tiny on purpose: everything else is in the module.
 */
interface Stub {
  (...args: unknown[]): void;
  q?: unknown;
  l?: number;
  c?: Record<string, string | undefined>;
  s?: HTMLScriptElement | null;
}

const scope = window as unknown as { ChatbotWidget?: Stub };
const script = document.currentScript as HTMLScriptElement | null;
const stub: Stub =
  scope.ChatbotWidget ||
  (scope.ChatbotWidget = function () {
    // eslint-disable-next-line prefer-rest-params
    ((stub.q as IArguments[] | undefined) ||= []).push(arguments);
  });

if (!stub.l) {
  if (script?.src) {
    stub.l = 1;
    stub.c = { ...script.dataset };
    stub.s = script;
    // import() takes the URL object as its string, its href (the type says string; `.href` cost bytes before opening).
    import(/* @vite-ignore */ new URL('chatbot-widget.module.js', script.src) as unknown as string).catch((error: unknown) => {
      stub.l = 0;
      // A module from another origin loads only with CORS: a CDN or bucket that does not send the header is the
      // usual cause when the page is online, after a file left out of the upload.
      console.error('ChatbotWidget: could not load chatbot-widget.module.js (is it next to chatbot-widget.js, with Access-Control-Allow-Origin on another origin?)', error);
    });
  } else {
    console.warn('ChatbotWidget: load chatbot-widget.js with a <script src> tag.');
  }
}
