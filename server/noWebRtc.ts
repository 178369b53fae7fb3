// WebRTC is the one way out of an MCP App that CSP does not govern in Chromium: `connect-src`
// stops fetch, XHR and WebSockets, not a peer connection whose ICE servers (STUN/TURN) carry data
// in their usernames (audit 4, N1). CSP Level 3's `webrtc 'block'` directive would close it
// (w3c.github.io/webappsec-csp/#directive-webrtc), but Chromium 156 ignores it (and logs an
// "unrecognized directive" error), so it is not sent. This script runs first in the app's
// document and in its relay:
// - the constructors are removed from the window (RTCPeerConnection and its prefixed alias);
// - a frame of the same origin gets the same treatment before the app can reach it: on the
//   synchronous `load` of its first document (a frame without a URL, about:blank, an <object>),
//   and whenever its window or document is asked for through the element (contentWindow,
//   contentDocument, getSVGDocument) — nested frames too, since each frame runs this again.
// What it cannot close, and the App view says: `window[n]` of a frame given a `srcdoc` or a URL,
// read in the same task that inserted it (its first, empty document fires no load event to hook).
// `toolscope render` closes that too: its Chromium runs with non-proxied UDP off and this script
// in every frame before any other (server/cli/render.ts).

/** The guard, as a function source: call it with the window to guard. */
export const NO_WEBRTC = `(function guard(win, again) {
  try {
    const doc = win.document;
    // Once per document (document.open() erases its listeners: the loader asks again after it).
    if (!doc || (doc.__toolscopeNoWebRtc && !again)) return;
    if (!doc.__toolscopeNoWebRtc) Object.defineProperty(doc, '__toolscopeNoWebRtc', { value: true });
    for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCIceTransport']) {
      try { delete win[name]; } catch (error) { /* not configurable: left */ }
    }
    const child = (frame) => { try { const inner = frame.contentWindow; if (inner) guard(inner); } catch (error) { /* another origin */ } };
    doc.addEventListener('load', (event) => { if (event.target && 'contentWindow' in event.target) child(event.target); }, true);
    // The element getters, once per realm.
    if (win.__toolscopeNoWebRtc) return;
    Object.defineProperty(win, '__toolscopeNoWebRtc', { value: true });
    for (const type of ['HTMLIFrameElement', 'HTMLFrameElement', 'HTMLObjectElement', 'HTMLEmbedElement']) {
      const proto = win[type] && win[type].prototype;
      if (!proto) continue;
      for (const key of ['contentWindow', 'contentDocument']) {
        const own = Object.getOwnPropertyDescriptor(proto, key);
        if (!own || !own.get) continue;
        const get = own.get;
        Object.defineProperty(proto, key, { ...own, get() { const value = get.call(this); try { guard(key === 'contentWindow' ? value : value && value.defaultView); } catch (error) { /* another origin */ } return value; } });
      }
      const svg = proto.getSVGDocument;
      if (typeof svg === 'function')
        proto.getSVGDocument = function () { const doc = svg.call(this); try { if (doc) guard(doc.defaultView); } catch (error) { /* another origin */ } return doc; };
    }
  } catch (error) { /* a window of another origin */ }
})`;

/** Chromium's own switch for render: WebRTC sends UDP only through a proxy, and render sets none. */
export const NO_WEBRTC_ARGS = [
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];
