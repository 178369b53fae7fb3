// First: the built chunks' dynamic imports go through it (build/retryableImports.ts).
import '../lib/chunkImport.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { boot } from './boot.ts';
import { Providers } from './Providers.tsx';
import { startTheme } from '../lib/theme.ts';
import './styles.css';

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
