import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SignInPage } from './pages/SignInPage';

// The foundation console: the sign-in page against the real API. The shell, the renderer and
// the screens arrive with the console issue (DESIGN.md section 4).
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <SignInPage />
    </StrictMode>,
  );
}
