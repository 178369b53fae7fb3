import { Alert } from '../../components/ui/Alert.tsx';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import type { McpConnection } from '../../mcp/connection.ts';
import { errorCodeMeaning, describeFailure, type McpFailure, type OAuthChallenge } from '../../mcp/errors.ts';
import { implicatedArguments, resultShapeFindings, textRepeatsStructured, unhelpfulErrorFinding } from '../../mcp/resultFindings.ts';
import type { CallResult, ContentBlock } from '../../mcp/results.ts';
import type { McpTool } from '../../mcp/tools.ts';
import { JsonTree } from './JsonTree.tsx';
import { TraceWaterfall } from './TraceWaterfall.tsx';
import { StructuredContentView } from './StructuredContentView.tsx';
import { BlockBody } from './blocks/BlockBody.tsx';
import { SignInRequired } from './SignInRequired.tsx';
import { metaChallenge } from '../../mcp/auth/authChallenge.ts';

function Block({
  block,
  index,
  connection,
  repeatsStructured,
}: {
  block: ContentBlock;
  index: number;
  connection: McpConnection;
  repeatsStructured: boolean;
}) {
  const annotations = block.type === 'unknown' ? undefined : block.annotations;
  if (repeatsStructured) {
    return (
      <li className="text-xs text-muted">
        #{index + 1} text: the structured content below, serialized again for clients that cannot read structuredContent (not shown twice).
      </li>
    );
  }
  const assistantOnly = annotations?.audience?.length === 1 && annotations.audience[0] === 'assistant';
  const header = (
    <span className="flex flex-wrap items-center gap-1 text-xs text-muted">
      <span>
        #{index + 1} {block.type === 'resource' ? 'embedded resource' : block.type}
      </span>
      {annotations?.audience ? <Badge>for {annotations.audience.join(' & ')}</Badge> : null}
      {annotations?.priority !== undefined ? <Badge>priority {annotations.priority}</Badge> : null}
      {annotations?.lastModified ? (
        <Badge title={annotations.lastModified}>modified {new Date(annotations.lastModified).toLocaleString()}</Badge>
      ) : null}
    </span>
  );
  if (assistantOnly) {
    return (
      <li>
        <details className="rounded-md border border-dashed border-field p-2">
          <summary className="cursor-pointer">{header} (assistant-only, collapsed)</summary>
          <BlockBody block={block} connection={connection} />
        </details>
      </li>
    );
  }
  return (
    <li className="flex flex-col gap-1">
      {header}
      <BlockBody block={block} connection={connection} />
    </li>
  );
}

const FAILURE_TITLES: Partial<Record<McpFailure['kind'], string>> = {
  timeout: 'Call timed out',
  'stream-cut': 'Response stream cut',
  unreachable: 'Server unreachable',
  'server-stopped': 'Server stopped',
  cors: 'Blocked by CORS',
};

/** Signs in (with the challenge's scope), then sends the call again; given by the app when it can. */
type SignIn = (challenge: OAuthChallenge) => void;

/** A challenge a sign-in can answer: a Bearer 401, or a 403 that asks for more scope. */
const answerable = (challenge: OAuthChallenge | undefined): challenge is OAuthChallenge =>
  challenge !== undefined && (challenge.error === 'insufficient_scope' || (challenge.status === 401 && challenge.bearer !== false));

function ProtocolErrorView({
  failure,
  signIn,
  retry,
  onRestartServer,
}: {
  failure: McpFailure;
  signIn?: SignIn;
  retry?: () => void;
  /** For this launch's stdio server: restart it, and whether its child runs now. */
  onRestartServer?: { restart: () => void; runs: boolean };
}) {
  if (failure.kind === 'auth' && answerable(failure.challenge)) {
    const challenge = failure.challenge;
    return (
      <div className="flex flex-col gap-2">
        <SignInRequired challenge={challenge} onSignIn={signIn ? () => signIn(challenge) : undefined} onRetry={retry} />
        <p className="text-xs text-muted">The raw exchange is in Traffic below.</p>
      </div>
    );
  }
  if (failure.kind !== 'protocol') {
    return (
      <Alert tone={failure.kind === 'server-stopped' ? 'warn' : 'danger'} role="alert" className="p-3">
        <p className="font-semibold">{FAILURE_TITLES[failure.kind] ?? 'Call failed'}</p>
        {failure.kind === 'server-stopped' && onRestartServer?.runs ? (
          // Restarted since: what was said then is kept as such, and what is true now is said.
          <>
            <p>When this call failed: {describeFailure(failure)}</p>
            <p className="mt-1">The server runs again now (restarted since this call): call again.</p>
          </>
        ) : (
          <p>{describeFailure(failure)}</p>
        )}
        {failure.kind === 'server-stopped' && onRestartServer && !onRestartServer.runs ? (
          <Button className="mt-2" onClick={onRestartServer.restart}>
            Restart server
          </Button>
        ) : null}
        {failure.kind !== 'cancelled' ? <p className="mt-1 text-xs">The raw exchange is in Traffic below.</p> : null}
      </Alert>
    );
  }
  const fields = failure.code === -32602 ? implicatedArguments(failure.message, failure.data) : [];
  return (
    <Alert tone="danger" className="p-3">
      <p className="font-semibold">
        Protocol error {failure.code}: {errorCodeMeaning(failure.code)}
      </p>
      <p className="whitespace-pre-wrap">{failure.message}</p>
      {fields.length ? (
        <p className="mt-1">
          Likely cause: the argument{fields.length > 1 ? 's' : ''} {fields.map((field) => `“${field}”`).join(', ')} — check{' '}
          {fields.length > 1 ? 'those fields' : 'that field'} in the form.
        </p>
      ) : null}
      <p className="mt-1 text-xs">
        A JSON-RPC error: the request itself was rejected. Clients may hide these from the model, which usually cannot fix them by
        rephrasing.
      </p>
      {failure.data !== undefined ? <JsonTree value={failure.data} label="error data" /> : null}
    </Alert>
  );
}

export type CallOutcome = (
  { status: 'done'; result: CallResult; durationMs: number } | { status: 'failed'; failure: McpFailure; durationMs: number }
) & {
  /** The call was answered with a task: a cancel went out as tasks/cancel. */
  task?: unknown;
};

export default function ResultView({
  state,
  tool,
  connection,
  signIn,
  retry,
  onRestartServer,
}: {
  state: CallOutcome;
  tool: McpTool;
  connection: McpConnection;
  signIn?: SignIn;
  /** The same call again with the connection's current token (offered once it has one). */
  retry?: () => void;
  /** Restarts the stdio server (offered when the result names its stop). */
  /** For this launch's stdio server: restart it, and whether its child runs now. */
  onRestartServer?: { restart: () => void; runs: boolean };
}) {
  // How long and how big: the response bar above says it.
  if (state.status === 'failed') {
    if (state.failure.kind === 'cancelled')
      return (
        <p className="text-sm text-subtle">
          {state.task
            ? 'Task cancelled. Toolscope asked the server to cancel it (tasks/cancel); the server decides whether the work stops.'
            : 'Call cancelled. Toolscope told the server (notifications/cancelled); a server may still finish the work it started.'}
        </p>
      );
    return <ProtocolErrorView failure={state.failure} signIn={signIn} retry={retry} onRestartServer={onRestartServer} />;
  }
  const { result } = state;
  const asked = metaChallenge(result.raw);
  const repeats = textRepeatsStructured(result);
  const unhelpful = unhelpfulErrorFinding(result);
  const shape = resultShapeFindings(result);
  return (
    <div className="flex flex-col gap-2">
      {asked ? <SignInRequired challenge={asked} onSignIn={signIn ? () => signIn(asked) : undefined} onRetry={retry} /> : null}
      <p className="text-xs text-muted">
        {result.content.length} content {result.content.length === 1 ? 'block' : 'blocks'}
        {result.hasStructuredContent ? ' · structuredContent' : ''}
      </p>
      {shape.length ? (
        <ul aria-label="Result findings" className="list-disc pl-5 text-xs text-warn">
          {shape.map((finding) => (
            <li key={finding}>{finding}</li>
          ))}
        </ul>
      ) : null}
      {result.isError ? (
        <Alert tone="warn">
          <p className="font-semibold">Tool error</p>
          <p className="text-xs">
            The tool ran and reported a failure (isError: true). The model sees this text and can correct itself and retry.
          </p>
          {unhelpful ? <p className="mt-1 text-xs font-medium">Design finding: {unhelpful}</p> : null}
        </Alert>
      ) : null}
      <ul className="flex flex-col gap-3">
        {result.content.map((block, index) => (
          <Block key={index} block={block} index={index} connection={connection} repeatsStructured={repeats.has(index)} />
        ))}
      </ul>
      {result.hasStructuredContent || tool.outputSchema !== undefined ? (
        result.hasStructuredContent ? (
          <StructuredContentView value={result.structuredContent} outputSchema={tool.outputSchema} isError={result.isError} />
        ) : !result.isError ? (
          <section aria-label="Structured content" className="text-sm text-danger">
            Does not match output schema: the tool declares an outputSchema but sent no structuredContent.
          </section>
        ) : null
      ) : null}
      {result.trace ? <TraceWaterfall trace={result.trace} callName={`tools/call ${tool.name}`} durationMs={state.durationMs} /> : null}
      <details>
        <summary className="cursor-pointer text-xs text-muted">Raw result</summary>
        <JsonTree value={result.raw} label="result JSON" />
      </details>
    </div>
  );
}
