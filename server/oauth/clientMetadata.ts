// Toolscope's OAuth Client ID Metadata Document. The file in public/ is written for the
// default origin (http://127.0.0.1:6274); the server answers with the same document for the
// origin it actually runs on, because a client_id must be the document's own URL.
// Imported (not read from disk) so the bundled CLI of the installed package carries it.
import document from '../../public/oauth/client-metadata.json' with { type: 'json' };

const TEMPLATE_ORIGIN = 'http://127.0.0.1:6274';
const template = JSON.stringify(document);

export function clientMetadataDocument(origin: string): unknown {
  return JSON.parse(template.replaceAll(TEMPLATE_ORIGIN, origin.replace(/\/$/, ''))) as unknown;
}
