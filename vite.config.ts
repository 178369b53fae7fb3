/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { retryableImports } from './build/retryableImports.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), retryableImports()],
  build: {
    target: 'es2022',
    sourcemap: true,
    // The app, and the tiny page the OAuth authorization server redirects back to.
    rollupOptions: { input: { main: 'index.html', callback: 'oauth-callback.html' } },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'build/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
