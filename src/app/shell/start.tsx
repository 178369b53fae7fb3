// The app itself, imported by main.tsx once a deep link's first tools are on screen.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { boot } from './boot.ts';
import { Providers } from './Providers.tsx';
import { startTheme } from '../../web/theme.ts';
import { registerAssetCache } from './assetCache.ts';

performance.mark('toolscope:app-start');
startTheme();
const root = document.getElementById('root');
if (!root) throw new Error('Toolscope: #root element missing from index.html');
// A tap's page (`toolscope tap` prints its link): the live wire alone, read-only — no server is connected.
const tap = new URLSearchParams(location.search).get('tap');
if (tap) {
  // Not awaited at the top: its chunk shares modules with this one, which must finish evaluating first.
  void import('../tap/TapScreen.tsx').then(
    ({ TapScreen }) =>
      createRoot(root).render(
        <StrictMode>
          <Providers>
            <TapScreen token={tap} />
          </Providers>
        </StrictMode>,
      ),
    () => (root.textContent = 'The tap’s page could not load from the tap (has it stopped?). Reload to try again.'),
  );
} else {
  const start = boot();
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <App start={start} />
      </Providers>
    </StrictMode>,
  );
  registerAssetCache();
}
