// The one wording of a call Toolscope did not send because a rule said no — the page, an app's
// own calls, an app's tools, the agent and the CLI all say it this way. A reason is a reason; the
// word is added here, once, so a reason passed along twice never reads "Refused: Refused: …".
const WORD = 'Refused: ';

/** "Refused: <reason>", whatever the reason already says. */
export const refused = (reason: string): string => `${WORD}${reason.replace(/^(?:Refused[:,]\s*)+/i, '')}`;
