// A registry entry's `{name}` placeholders (URL, header and argument templates): small and apart, so
// what reads an entry does not load the schema and its checker (serverJson.ts).

/** The `{names}` in a URL template, in order, once each. */
export function templateVariables(template: string): string[] {
  return [...new Set([...template.matchAll(/\{([A-Za-z_][\w]*)\}/g)].map((match) => match[1] ?? ''))];
}
