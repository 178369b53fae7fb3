// What the connected workspace puts outside its own box: the report chip in the top bar, the
// "Panes" tabs under the dock on a narrow screen, and the Call settings and the Servers list in
// "Server details" (the chip's popover).
import { createPortal } from 'react-dom';
import { ReportChip } from '../../features/report/ReportChip.tsx';
import { SafetyControls } from '../../features/call/SafetyControls.tsx';
import type { useSafetySettings } from '../../features/call/useSafetySettings.ts';
import { PaneTabs } from './PaneTabs.tsx';
import type { ReactNode } from 'react';

interface Props {
  topBarSlot?: HTMLElement | null;
  bottomSlot?: HTMLElement | null;
  detailsSlot?: HTMLElement | null;
  narrow: boolean;
  score: number | undefined;
  reportOpen: boolean;
  onToggleReport: () => void;
  safety: ReturnType<typeof useSafetySettings>;
  /** The tab's servers, to switch between (ServersPane). */
  servers: ReactNode;
}

export function TopBarPortals({ topBarSlot, bottomSlot, detailsSlot, narrow, score, reportOpen, onToggleReport, safety, servers }: Props) {
  const [settings, setSettings] = safety;
  return (
    <>
      {topBarSlot ? createPortal(<ReportChip score={score} open={reportOpen} onToggle={onToggleReport} />, topBarSlot) : null}
      {narrow && bottomSlot ? createPortal(<PaneTabs />, bottomSlot) : null}
      {detailsSlot
        ? createPortal(
            <>
              <SafetyControls settings={settings} onChange={setSettings} />
              {servers}
            </>,
            detailsSlot,
          )
        : null}
    </>
  );
}
