import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/console', emptyOutDir: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
