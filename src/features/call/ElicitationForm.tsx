import { useEffect, useRef, useState } from 'react';
import { SchemaForm } from '../../components/form/SchemaForm.tsx';
import { DEFAULT_FORM_STATE_BEHAVIOR } from '../../components/form/validators.ts';
import { Button } from '../../components/ui/Button.tsx';
import { toElicitContent, type ElicitContent } from '../../mcp/elicitation.ts';

interface Props {
  schema: Record<string, unknown>;
  onAccept: (content: ElicitContent) => void;
  onDecline: () => void;
  onCancel: () => void;
}

/** The server's requestedSchema as a form; Accept validates it first. A schema that cannot be
 * shown still leaves Decline and Cancel. */
export default function ElicitationForm({ schema, onAccept, onDecline, onCancel }: Props) {
  const [value, setValue] = useState<unknown>({});
  // The question is answered in its first field: the focus goes there, not to the dialog's frame.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')?.focus();
  }, []);
  const refuse = (
    <>
      <Button onClick={onCancel}>Cancel</Button>
      <Button onClick={onDecline}>Decline</Button>
    </>
  );
  return (
    <div ref={box}>
      <SchemaForm
        label="Requested input"
        schema={schema}
        value={value}
        onChange={setValue}
        onSubmit={(submitted) => onAccept(toElicitContent(submitted))}
        behavior={DEFAULT_FORM_STATE_BEHAVIOR}
        liveErrors
        fallback={(error) => (
          <div className="flex flex-col gap-2">
            <p role="alert" className="text-sm text-danger">
              The server’s requested schema cannot be shown as a form ({error.message}).
            </p>
            <div className="flex justify-end gap-2">{refuse}</div>
          </div>
        )}
      >
        <div className="mt-2 flex justify-end gap-2">
          {refuse}
          <Button type="submit" variant="primary">
            Accept
          </Button>
        </div>
      </SchemaForm>
    </div>
  );
}
