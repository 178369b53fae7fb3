// What the connected workspace puts outside its own box: the report chip in the top bar, the
// "Panes" tabs under the dock on a narrow screen, and the Call settings in "Server details".
import { createPortal } from 'react-dom';
import { ReportChip } from '../../features/report/ReportChip.tsx';
import { SafetyControls } from '../../features/call/SafetyControls.tsx';
import type { useSafetySettings } from '../../features/call/useSafetySettings.ts';
import { PaneTabs } from './PaneTabs.tsx';

interface Props {
  topBarSlot?: HTMLElement | null;
  bottomSlot?: HTMLElement | null;
  detailsSlot?: HTMLElement | null;
  narrow: boolean;
  score: number | undefined;
  reportOpen: boolean;
  onToggleReport: () => void;
  safety: ReturnType<typeof useSafetySettings>;
}

export function TopBarPortals({ topBarSlot, bottomSlot, detailsSlot, narrow, score, reportOpen, onToggleReport, safety }: Props) {
  const [settings, setSettings] = safety;
  return (
    <>
      {topBarSlot ? createPortal(<ReportChip score={score} open={reportOpen} onToggle={onToggleReport} />, topBarSlot) : null}
      {narrow && bottomSlot ? createPortal(<PaneTabs />, bottomSlot) : null}
      {detailsSlot ? createPortal(<SafetyControls settings={settings} onChange={setSettings} />, detailsSlot) : null}
    </>
  );
}
