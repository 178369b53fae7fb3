// The server report's vocabulary: rule ids (the UI, the JSON output and the tests rely on them),
// severities, and for each rule why it matters — said once here, not in every finding.
export type Severity = 'error' | 'warning' | 'info';

export interface Finding {
  rule: RuleId;
  severity: Severity;
  /** The tool concerned; absent for findings about the server as a whole. */
  tool?: string;
  /** The skill concerned (its SKILL.md URI), for the skills rules: its view lists its findings. */
  skill?: string;
  /** What was found, specifically (names, numbers, the offending value). */
  message: string;
  /** What to change. */
  fix: string;
}

export const RULES = {
  'name-invalid': 'Hosts and the spec reject the tool: the name is its identity in every call.',
  'name-duplicate': 'Names identify tools; with two of one name a host calls an arbitrary one or refuses the list.',
  'name-host-portability': 'Valid per the spec, but named hosts refuse such names — Claude Desktop drops the whole server.',
  'tool-count-host-cap': 'Hosts cap the tools they accept (GitHub Copilot: 128), and every tool costs prompt tokens on every turn.',
  'description-missing': 'Without a description the model has only the name to decide when to call the tool.',
  'description-thin': 'A model picks tools by their description: it must say what the tool does, when to use it and what it returns.',
  'description-injection':
    'Connector directories reject descriptions that address the model with instructions, secrecy or hidden text (prompt injection), and hosts may drop the tool.',
  'tools-confusable':
    'Hosts find tools by a search before the model sees them: two tools the search cannot tell apart come up together, and the model picks one at random.',
  'param-description-missing': 'The model fills in arguments from the parameter descriptions; without one it guesses.',
  'schema-invalid': 'Hosts validate arguments with the schema; one that does not compile or is not an object schema breaks calls.',
  'schema-open-no-params': 'A tool without parameters should say so exactly, or models invent arguments.',
  'schema-unbounded': 'A limit stated only in prose is invisible to validation: hosts and the model cannot enforce it.',
  'annotations-missing': 'Without annotations hosts assume the worst (destructive, open world) and prompt on every call.',
  'annotations-contradiction': 'Contradictory hints make hosts ignore them or pick the unsafe reading.',
  'annotations-destructive-name': 'The name says it destroys; hints that say otherwise make hosts skip the confirmation a person expects.',
  'output-schema-mismatch': 'Clients validate structuredContent against outputSchema; a mismatch is an error in strict hosts.',
  'error-not-actionable': 'An error the model cannot act on ends the task; it needs what went wrong and what to do.',
  'order-unstable': 'Hosts cache the tool list in the prompt; a changing order invalidates that cache on every listing.',
  'cache-fields': 'Without ttlMs and a consistent cacheScope, 2026-era clients cannot cache the list and re-list constantly.',
  'token-cost': 'Every tool definition is sent to the model on every turn; large ones crowd out the conversation.',
  'error-channel': 'Unknown tools and invalid arguments are protocol errors (-32602): hosts retry or fix those, not the model.',
  fuzz: 'A fuzzed call (report --fuzz N) broke a cited rule: an internal error, a crash, a hang, a leak or a broken output schema (docs/fuzz.md).',
  'handle-weak': 'Guessable ids (short, sequential) let one caller reach another caller’s objects.',
  'icon-invalid': 'Hosts drop icons they cannot use; the tool then shows without one.',
  'pagination-unbounded':
    'A listing that never ends (a repeated cursor, or pages past any limit) hangs or truncates every client that lists the tools.',
  'app-resource-missing': 'A host reads the tool’s ui:// resource to show its app; if it cannot, the person sees nothing.',
  'app-mime': 'Hosts render a UI resource only with the MIME type text/html;profile=mcp-app; others are ignored or shown as text.',
  'app-no-text-fallback': 'Hosts without MCP Apps (and the model) see only the result’s text; an app tool without any is blank there.',
  'app-visibility-invalid':
    'Hosts ignore a malformed _meta.ui.visibility: the tool is then listed to the model and callable by apps alike.',
  'app-meta-deprecated': 'The flat _meta["ui/resourceUri"] is the old form; current hosts read _meta.ui.resourceUri.',
  'app-doctype': 'Without <!DOCTYPE html> the app renders in quirks mode: layout differs from what its author tested, host by host.',
  'app-csp-undeclared':
    'Hosts block every origin an app’s _meta.ui.csp does not declare: the app works in a lax inspector and breaks in real hosts.',
  'task-result-type':
    'A 2026-07-28 client tells a task from a result only by resultType "task"; without it the handle reads as an empty result.',
  'task-field-names':
    'Each wire names a task’s timing its own way (2025-11-25: ttl, pollInterval; 2026-07-28: ttlMs, pollIntervalMs); clients read only their wire’s names.',
  'task-stuck': 'A task still working past its TTL is one clients give up on: its work and result are lost to them.',
  'task-required-error':
    'A tool that only runs as a task must refuse a plain call with JSON-RPC error -32601 (2025-11-25), so a client without tasks knows why.',
  'serverjson-version':
    "server.json's version is the server's Implementation.version (registry schema): a registry entry that names another version than the server reports misleads whoever installs it.",
  'serverjson-title': 'Hosts show one title: the registry entry and serverInfo.title should name the server alike.',
  'serverjson-remote': 'Clients connect to the remotes the entry lists; a server served elsewhere is not the one the entry describes.',
  'serverjson-header-not-required':
    'A header declared isRequired makes every client ask the person for it; if the server works without it, the entry asks for nothing.',
  'server-card-version':
    'A Server Card SHOULD NOT contradict the serverInfo a client sees once connected (Server Card extension, docs/discovery.md, "Consistency with Runtime Behavior").',
  'server-card-title':
    'A Server Card’s title SHOULD NOT contradict serverInfo.title (Server Card extension, "Consistency with Runtime Behavior").',
  'server-card-remote':
    'Clients configure the connection from the card’s remotes[]: a server served elsewhere is not the one the card describes (Server Card extension).',
  'server-card-header-not-required':
    'A header a card declares isRequired makes every client ask the person for it; if the server works without it, the card asks for nothing.',
  'server-card-protocol':
    'Clients pick a protocol version from the card’s supportedProtocolVersions before connecting; a card that omits the one served steers them wrong (Server Card extension, "Server Card Accuracy").',
  'server-card-schema':
    'Clients parse a Server Card by the extension’s v1 schema (SEP-2127); a card that breaks it is ignored or misread before the client ever connects.',
  'server-card-cors':
    'Discovery endpoints MUST send CORS headers so browser-based clients can read them (Server Card extension, "CORS Requirements": Access-Control-Allow-Origin: *).',
  'offers-list-failed':
    'A server that declares prompts or resources MUST answer their lists (spec 2025-11-25, server/prompts and server/resources, "Capabilities"); a host that cannot list them shows none.',
  'prompt-description-missing':
    'Prompts are user-controlled: hosts list them for a person to pick (VS Code and Claude Code as slash commands — spec 2025-11-25 server/prompts, "User Interaction Model"); a name alone says little.',
  'prompt-argument-undescribed':
    'A host asks the person for each prompt argument (VS Code: "the MCP prompt might ask you for additional input parameters", code.visualstudio.com/docs/copilot/customization/mcp-servers); PromptArgument.description is what it can show.',
  'resource-mime-missing':
    'mimeType is how a client knows what a resource is before reading it (spec 2025-11-25 schema, Resource.mimeType: "The MIME type of this resource, if known").',
  'resource-template-invalid':
    'uriTemplate is an RFC 6570 URI template (spec 2025-11-25, server/resources, "Resource Templates"); one that breaks the grammar cannot be expanded by any client.',
  'template-completion-missing':
    'Clients complete a template’s variables only through completion/complete, which a server MUST declare (spec 2025-11-25, server/utilities/completion); without it every value is typed blind.',
  'skill-entry-invalid':
    'Hosts refuse a skills/list entry that breaks the Skills extension’s rules (SEP-2640): the skill is never offered.',
  'skill-name-directory': 'A skill’s name MUST equal the last segment of its directory (SEP-2640); hosts refuse the entry otherwise.',
  'skill-resource-outside':
    'Every file a skill lists MUST be inside the skill’s directory (SEP-2640): a file elsewhere could be another skill’s or the server’s.',
  'skill-digest-format': 'Each listed file needs a digest "sha256:" + 64 lowercase hex (SEP-2640): without one no host can verify it.',
  'skill-frontmatter-required':
    'SKILL.md MUST start with frontmatter holding a name (1-64 lowercase letters, digits, hyphens) and a description (SEP-2640).',
  'skill-duplicate-name': 'Skill names SHOULD be unique within a server (SEP-2640): two of one name leave the host to guess.',
  'skill-too-large': 'Servers SHOULD NOT serve a skill of more than 512 files or 16 MiB (SEP-2640 limits): hosts may refuse it.',
  'skill-digest-mismatch':
    'A host MUST verify each file against its digest and MUST NOT use one that fails (SEP-2640): the skill or file is dropped.',
  'skill-size-mismatch': 'A file whose length differs from the listed size fails verification like a digest mismatch (SEP-2640).',
  'skill-frontmatter-mismatch':
    'The entry’s frontmatter MUST equal the SKILL.md’s own (SEP-2640); hosts MUST NOT load a skill on any difference.',
  'skill-file-unreadable': 'A file a skill lists but the server does not serve leaves the model without what the skill promised it.',
  'skill-tool-missing':
    'A skill is instructions to a model: one that names a tool the server lacks sends the model after a call that fails.',
  'skill-args-mismatch': 'Models copy a skill’s example calls; arguments that break the tool’s schema teach a call that fails.',
  'skill-token-cost': 'A loaded skill is read into the model’s context, and the files it points to when it reads them.',
  'deprecated-logging':
    'The 2026-07-28 revision deprecates the logging capability (SEP-2577): clients on it may stop reading log notifications.',
  'deprecated-sampling':
    'The 2026-07-28 revision deprecates sampling (SEP-2577): a tool that needs the client to run a model stops working where clients drop it.',
  'deprecated-roots':
    'The 2026-07-28 revision deprecates roots (SEP-2577): a tool that asks the client for its folders stops working where clients drop it.',
  'auth-error-as-result':
    'A host signs in only when the server challenges (HTTP 401, or _meta["mcp/www_authenticate"]); a "please log in" result leaves the person stuck.',
  'auth-challenge-incomplete':
    'A client finds where to sign in from resource_metadata and what to ask for from scope (RFC 9728, MCP authorization); without them it guesses or gives up.',
  'auth-meta-challenge-fields':
    'ChatGPT reads a tool result’s _meta["mcp/www_authenticate"] challenge with its error and error_description to offer a sign-in and say why.',
  'auth-host-reactions':
    'Hosts disagree on what they do with a sign-in challenge; what each publishes decides whether a person there can sign in at all.',
  'lock-tool-added':
    'A tool the lockfile does not hold reaches every model that lists the server; pinned definitions are how a team reviews that first (tool digests: SEP-2636).',
  'lock-tool-removed': 'Every caller of a tool the lockfile holds breaks when the server stops serving it.',
  'lock-tool-changed':
    'A definition whose digest (SHA-256 over its RFC 8785 form, SEP-2636) differs from the lockfile’s: what the model reads changed, and a new required argument or a narrower type breaks callers.',
  'query-expectation':
    'Hosts find tools by a search before the model sees them: a tool that does not come up for the words its users type is never called.',
} as const;

export type RuleId = keyof typeof RULES;

export const RULE_IDS = Object.keys(RULES) as RuleId[];

export const SEVERITY_ORDER: readonly Severity[] = ['error', 'warning', 'info'];
