// What a secret's name looks like, for any name: a header, an argument, a query parameter, a
// JSON field. Matched word by word (camelCase, `-`, `_` and `.` split a name), so `X-API-Key`,
// `access_key`, `sessionId` and `client_secret` are secrets while `keyword`, `author` and
// `max_tokens` are not; plus a few compounds written as one word. src/mcp/secrets.ts adds the
// protocol's own headers as exceptions.
const SECRET_WORDS = new Set(
  'key apikey token secret password passwd pwd passphrase passcode auth authorization credential credentials cookie session signature jwt bearer otp'.split(
    ' ',
  ),
);
const SECRET_COMPOUND = /pass(word|wd|phrase)|secret|apikey|accesskey|accesstoken|authtoken|credential/i;

export function looksSecretName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((word) => SECRET_WORDS.has(word)) || SECRET_COMPOUND.test(name);
}
