import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { DATA_EXPORT_TEXTS } from '../../domain/dataExports';
import { Notice } from '../ui/Notice';
import { exchangeDownloadToken, startDownload } from './download/downloadCalls';
import { LoginLayout } from './login/LoginLayout';

type DownloadView = { kind: 'preparing' } | { kind: 'ready'; url: string } | { kind: 'error'; message: string };

const TITLES: Record<DownloadView['kind'], string> = { preparing: 'Preparing', ready: 'Download Ready', error: 'Download Error' };

/**
 * /download (spec 002), public: the patient's data export. Reads `?token=` (the mailed one-time
 * download token), exchanges it for a signed link to the archive (Preparing), then offers the
 * Download link and starts the download (Download Ready); a missing, used or expired token, or a
 * failed call, is Download Error.
 */
export default function DownloadPage() {
  const search = useSearch();
  const token = useMemo(() => new URLSearchParams(search).get('token')?.trim() ?? '', [search]);
  const [view, setView] = useState<DownloadView>(token ? { kind: 'preparing' } : { kind: 'error', message: DATA_EXPORT_TEXTS.noToken });
  const link = useRef<HTMLAnchorElement>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!token) {
      setView({ kind: 'error', message: DATA_EXPORT_TEXTS.noToken });
      return;
    }
    let live = true;
    setView({ kind: 'preparing' });
    void exchangeDownloadToken(token).then((answer) => {
      if (!live) return;
      setView(answer.ok ? { kind: 'ready', url: answer.signedUrl } : { kind: 'error', message: DATA_EXPORT_TEXTS.downloadFailed });
    });
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => {
    if (view.kind === 'ready' && !started.current) {
      started.current = true;
      startDownload(link.current);
    }
  }, [view]);

  return (
    <LoginLayout title={TITLES[view.kind]}>
      <div aria-live="polite" className="space-y-4 text-sm text-slate-800">
        {view.kind === 'preparing' && <p>Preparing your download…</p>}
        {view.kind === 'ready' && (
          <>
            <p>Your data export is downloading. If it does not start, use the link below. The link works for a few minutes.</p>
            <a
              ref={link}
              href={view.url}
              download
              className="inline-flex items-center justify-center rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            >
              Download
            </a>
          </>
        )}
        {view.kind === 'error' && <Notice tone="warning">{view.message}</Notice>}
      </div>
    </LoginLayout>
  );
}
