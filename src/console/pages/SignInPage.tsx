import { useEffect, useState, type FormEvent } from 'react';

type State =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'error'; message: string }
  | { kind: 'signed-in'; tokenType: string };

/** Credentials step of /login (spec 000 section 2.2) against POST /api/auth/login. */
export function SignInPage() {
  const [isDemo, setIsDemo] = useState(false);
  const [state, setState] = useState<State>({ kind: 'idle' });

  useEffect(() => {
    fetch('/api/')
      .then((r) => r.json() as Promise<{ is_demo: boolean }>)
      .then((body) => setIsDemo(body.is_demo))
      .catch(() => setIsDemo(false));
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState({ kind: 'busy' });
    const form = new FormData(event.currentTarget);
    const body = new URLSearchParams({
      username: String(form.get('username') ?? ''),
      password: String(form.get('password') ?? ''),
      client_id: 'webapp',
    });
    const response = await fetch('/api/auth/login', { method: 'POST', body, credentials: 'include' });
    const payload = (await response.json()) as { detail?: string; token_type?: string };
    if (!response.ok) return setState({ kind: 'error', message: payload.detail ?? 'Sign-in failed' });
    setState({ kind: 'signed-in', tokenType: payload.token_type ?? 'bearer' });
  }

  return (
    <main style={{ maxWidth: 360, margin: '10vh auto', fontFamily: 'system-ui, sans-serif' }}>
      <h1>
        Care Console {isDemo && <span style={{ background: '#fde047', padding: '2px 8px', fontSize: 14 }}>Demo Mode</span>}
      </h1>
      <form onSubmit={(e) => void submit(e)} style={{ display: 'grid', gap: 12 }}>
        <label>
          Email <input name="username" type="email" autoComplete="username" required style={{ width: '100%' }} />
        </label>
        <label>
          Password <input name="password" type="password" autoComplete="current-password" required style={{ width: '100%' }} />
        </label>
        <button type="submit" disabled={state.kind === 'busy'}>
          Sign in
        </button>
      </form>
      {state.kind === 'error' && <p role="alert">{state.message}</p>}
      {state.kind === 'signed-in' && <p role="status">Signed in ({state.tokenType}).</p>}
    </main>
  );
}
