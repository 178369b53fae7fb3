import Form from '@rjsf/core';
import type { UiSchema } from '@rjsf/utils';
import { forwardRef, useState, type ComponentProps } from 'react';
import { tailwindTemplates } from '../../components/form/rjsfTheme.tsx';
import { DEFAULT_FORM_STATE_BEHAVIOR, validatorFor } from '../../components/form/validators.ts';
import { Button } from '../../components/ui/Button.tsx';
import { toElicitContent, type ElicitContent } from '../../mcp/elicitation.ts';

const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };

const ResponseFormTag = forwardRef<HTMLFormElement, ComponentProps<'form'>>(function ResponseFormTag(props, ref) {
  return <form ref={ref} aria-label="Requested input" {...props} />;
});

interface Props {
  schema: Record<string, unknown>;
  onAccept: (content: ElicitContent) => void;
  onDecline: () => void;
  onCancel: () => void;
}

/** The server's requestedSchema as a form; Accept validates it first. */
export default function ElicitationForm({ schema, onAccept, onDecline, onCancel }: Props) {
  const [value, setValue] = useState<unknown>({});
  return (
    <Form
      className="rjsf flex flex-col gap-2"
      tagName={ResponseFormTag}
      schema={schema}
      uiSchema={uiSchema}
      validator={validatorFor(schema)}
      experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE_BEHAVIOR}
      templates={tailwindTemplates}
      formData={value}
      onChange={(event) => setValue(event.formData)}
      onSubmit={(event) => onAccept(toElicitContent(event.formData))}
      showErrorList="top"
      noHtml5Validate
    >
      <div className="mt-2 flex justify-end gap-2">
        <Button onClick={onCancel}>Cancel</Button>
        <Button onClick={onDecline}>Decline</Button>
        <Button type="submit" variant="primary">
          Accept
        </Button>
      </div>
    </Form>
  );
}
