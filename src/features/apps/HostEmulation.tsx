// The strip above an app: what hosts vary, chosen here — display mode (when the app declared
// more than inline), container width, locale, time zone and host profile — and "Close app".
import { Button } from '../../components/ui/Button.tsx';
import { Select } from '../../components/ui/Select.tsx';
import type { DisplayMode } from '../../apphost/hostSession.ts';
import { HOST_PROFILES, isHostProfile, type HostProfileId } from '../../mcp/apps/appHosts.ts';
import { isAppMime } from '../../mcp/apps/mcpApps.ts';
import { revealInvisible } from '../../lib/text.ts';
import { cn } from '../../lib/cn.ts';

export const WIDTHS = { desktop: 760, tablet: 600, phone: 375 } as const;
export type Width = keyof typeof WIDTHS;
const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
export const LOCALES = [...new Set([navigator.language, 'en-US', 'de-DE', 'fr-FR', 'ja-JP', 'ar-EG'])];
const ZONES = [...new Set([LOCAL_ZONE, 'UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Tokyo'])];

/** What the person emulates (kept across app sessions; the display mode is the app session's). */
export interface Emulation {
  width: Width;
  locale: string;
  timeZone: string;
}
export const DEFAULT_EMULATION: Emulation = { width: 'desktop', locale: LOCALES[0] ?? 'en-US', timeZone: LOCAL_ZONE };

interface Props {
  uri: string;
  mimeType: string | undefined;
  emulation: Emulation;
  onEmulation: (next: Emulation) => void;
  modes: readonly DisplayMode[];
  displayMode: DisplayMode;
  onDisplayMode: (mode: DisplayMode) => void;
  profile: HostProfileId;
  onProfile: (profile: HostProfileId) => void;
  closed: boolean;
  onClosed: (closed: boolean) => void;
}

export default function HostEmulation({
  uri,
  mimeType,
  emulation,
  onEmulation,
  modes,
  displayMode,
  onDisplayMode,
  profile,
  onProfile,
  closed,
  onClosed,
}: Props) {
  const choose = (patch: Partial<Emulation>) => onEmulation({ ...emulation, ...patch });
  return (
    <>
      <div role="group" aria-label="Host emulation" className="flex flex-wrap items-center gap-2 text-xs">
        <span className="font-semibold">App</span>
        <span className="font-mono text-muted">{revealInvisible(uri)}</span>
        {!isAppMime(mimeType) ? (
          <span className="text-warn">MIME type {revealInvisible(mimeType ?? 'missing')}, not text/html;profile=mcp-app</span>
        ) : null}
        {/* An app that declares only inline has nothing to choose. */}
        {modes.length > 1 ? (
          <label className="ml-auto flex items-center gap-1">
            Display
            <Select aria-label="Display mode" className="text-xs" value={displayMode} options={modes} onChange={onDisplayMode} />
          </label>
        ) : null}
        <label className={cn('flex items-center gap-1', modes.length > 1 ? '' : 'ml-auto')}>
          Width
          <Select
            aria-label="Container width"
            className="text-xs"
            value={emulation.width}
            options={(['desktop', 'tablet', 'phone'] as const).map((value) => ({ value, label: `${value} ${WIDTHS[value]}` }))}
            onChange={(width) => choose({ width })}
          />
        </label>
        <label className="flex items-center gap-1">
          Locale
          <Select
            aria-label="Locale"
            className="text-xs"
            value={emulation.locale}
            options={LOCALES}
            onChange={(locale) => choose({ locale })}
          />
        </label>
        <label className="flex items-center gap-1">
          Time zone
          <Select
            aria-label="Time zone"
            className="text-xs"
            value={emulation.timeZone}
            options={ZONES}
            onChange={(timeZone) => choose({ timeZone })}
          />
        </label>
        <label className="flex items-center gap-1">
          Host
          <Select
            aria-label="Host profile"
            className="text-xs"
            value={profile}
            options={Object.values(HOST_PROFILES).map((value) => ({ value: value.id, label: value.label }))}
            onChange={(value) => isHostProfile(value) && onProfile(value)}
          />
        </label>
        <Button className="px-2 py-0.5 text-xs" variant="ghost" onClick={() => onClosed(!closed)}>
          {closed ? 'Show app again' : 'Close app'}
        </Button>
      </div>
      <p aria-label="Active host profile" className="text-xs text-muted">
        {HOST_PROFILES[profile].label}: {HOST_PROFILES[profile].summary} ·{' '}
        <a className="underline" href={HOST_PROFILES[profile].source} target="_blank" rel="noopener noreferrer">
          source
        </a>
      </p>
    </>
  );
}
