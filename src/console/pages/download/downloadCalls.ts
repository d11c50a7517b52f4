import { apiUrl } from '../../api/session';

export type Exchange = { ok: true; signedUrl: string } | { ok: false };

const pending = new Map<string, Promise<Exchange>>();

/**
 * POST /data-exports/exchange-download-token `{token}` (no session): the mailed one-time token
 * becomes a signed link to the archive. The token works once, so one exchange per token is made
 * however often the page asks (React's development double effects, a re-render).
 */
export function exchangeDownloadToken(token: string): Promise<Exchange> {
  let call = pending.get(token);
  if (!call) {
    call = (async (): Promise<Exchange> => {
      try {
        const response = await fetch(apiUrl('/data-exports/exchange-download-token'), {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify({ token }),
        });
        if (!response.ok) return { ok: false };
        const body = (await response.json()) as { signed_url?: unknown };
        return typeof body.signed_url === 'string' && body.signed_url.startsWith('/') ? { ok: true, signedUrl: body.signed_url } : { ok: false };
      } catch {
        return { ok: false };
      }
    })();
    pending.set(token, call);
  }
  return call;
}

/** Starts the browser's download of a same-origin link. */
export function startDownload(anchor: HTMLAnchorElement | null): void {
  anchor?.click();
}
