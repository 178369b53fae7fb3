// A drawer's open state: closed by default, remembered across reloads, and toggled by a window
// event (the command palette has no props path to the drawers).
import { useEffect, useState } from 'react';
import { readStored, writeStored } from './storage.ts';

export function useDrawer(storageKey: string, toggleEvent: string) {
  const [open, setOpen] = useState(() => readStored(storageKey, (value) => (typeof value === 'boolean' ? value : undefined)) ?? false);
  useEffect(() => writeStored(storageKey, open), [storageKey, open]);
  useEffect(() => {
    const toggle = () => setOpen((was) => !was);
    window.addEventListener(toggleEvent, toggle);
    return () => window.removeEventListener(toggleEvent, toggle);
  }, [toggleEvent]);
  return [open, setOpen] as const;
}
