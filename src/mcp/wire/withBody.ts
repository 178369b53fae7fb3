// A fetch wrapper (Traffic's recorder, the stream watch, the lenient reader) hands its caller a new
// Response around the body it read or rewrote. `new Response` makes a "default" response with no
// URL; the caller must still see what the browser said of the original — its type ("cors": a
// cross-origin read that CORS let through, whose Access-Control-* headers the page cannot see;
// "basic": same origin), its URL and whether it was redirected.
export function withBody(original: Response, body: BodyInit | null): Response {
  const copy = new Response(body, { status: original.status, statusText: original.statusText, headers: original.headers });
  for (const key of ['type', 'url', 'redirected'] as const)
    if (copy[key] !== original[key]) Object.defineProperty(copy, key, { value: original[key] });
  return copy;
}
