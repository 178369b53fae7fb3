// The argument checks (Ajv, loaded on demand) for one tool's input schema: loaded while the person
// fills in the form, so pressing "Call tool" does not wait on them; a schema that cannot check
// anything is said at once, not discovered at the first call.
import { useEffect, useState } from 'react';
import { loadCallChecks } from '../../session/checks.ts';

export function useCallChecks(inputSchema: unknown) {
  const [schemaNote, setSchemaNote] = useState<string>();
  const [validation, setValidation] = useState<Awaited<ReturnType<typeof loadCallChecks>>>();
  useEffect(() => {
    let live = true;
    loadCallChecks()
      .then((validate) => {
        if (!live) return;
        setSchemaNote(validate.schemaProblem(inputSchema));
        setValidation(validate);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [inputSchema]);
  return { schemaNote, validation };
}
