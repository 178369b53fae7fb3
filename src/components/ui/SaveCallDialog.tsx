import { useId } from 'react';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';

/** Asks a name for a call being saved. */
export function SaveCallDialog({ initial, onSave, onCancel }: { initial: string; onSave: (name: string) => void; onCancel: () => void }) {
  const id = useId();
  return (
    <Modal labelledBy={id} onCancel={onCancel}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const name = new FormData(event.currentTarget).get('name');
          if (typeof name === 'string' && name.trim()) onSave(name.trim());
        }}
      >
        <h2 id={id} className="mb-2 text-base font-semibold">
          Save this call
        </h2>
        <label className="flex flex-col gap-1 text-sm">
          Name
          <input
            name="name"
            defaultValue={initial}
            required
            maxLength={200}
            className="rounded-md border border-field bg-panel px-2 py-1"
          />
        </label>
        <div className="mt-3 flex justify-end gap-2">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="primary">
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
