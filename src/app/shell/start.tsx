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
const start = boot();
const root = document.getElementById('root');
if (!root) throw new Error('Toolscope: #root element missing from index.html');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <App start={start} />
    </Providers>
  </StrictMode>,
);
registerAssetCache();
