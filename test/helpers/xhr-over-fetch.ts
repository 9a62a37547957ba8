/**
 * An XMLHttpRequest stand-in that sends its request through a fetch function (a fake service from fake-fetch.ts),
 * for code that PUTs with XMLHttpRequest (the widget's uploads) in Node tests, where there is none. It fires what
 * putFileWithXhr listens to: load or error, abort, then loadend.
 */
type Handler = (() => void) | null;

export function xhrOverFetch(fetchFunction: typeof fetch): () => XMLHttpRequest {
  return () => {
    let method = 'GET';
    let url = '';
    const headers: Record<string, string> = {};
    const controller = new AbortController();
    const xhr = {
      status: 0,
      responseText: '',
      upload: { onprogress: null as Handler },
      onload: null as Handler,
      onerror: null as Handler,
      ontimeout: null as Handler,
      onabort: null as Handler,
      onloadend: null as Handler,
      open(requestMethod: string, requestUrl: string) {
        method = requestMethod;
        url = requestUrl;
      },
      setRequestHeader(name: string, value: string) {
        headers[name] = value;
      },
      abort() {
        if (controller.signal.aborted) return;
        controller.abort();
        xhr.onabort?.();
        xhr.onloadend?.();
      },
      send(body: Blob) {
        fetchFunction(url, { method, headers, body, signal: controller.signal }).then(
          async (response) => {
            xhr.status = response.status;
            xhr.responseText = await response.text();
            if (controller.signal.aborted) return;
            xhr.onload?.();
            xhr.onloadend?.();
          },
          () => {
            if (controller.signal.aborted) return;
            xhr.onerror?.();
            xhr.onloadend?.();
          },
        );
      },
    };
    return xhr as unknown as XMLHttpRequest;
  };
}
