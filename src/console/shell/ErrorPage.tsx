import { useLocation } from 'wouter';
import { Button } from '../ui/Button';
import { usePageHeader } from './pageHeader';

/** The generic error page (spec 000 section 2.1): the error, and Go Back. */
export function ErrorPage({ title = 'Something went wrong', message }: { title?: string; message: string }) {
  const [, navigate] = useLocation();
  usePageHeader(title);
  // Opened straight from a link there is nothing to go back to; Home is the nearest safe place.
  const goBack = () => (window.history.length > 1 ? window.history.back() : navigate('/'));
  return (
    <section className="mx-auto mt-10 max-w-lg rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <p role="alert" className="text-slate-700">
        {message}
      </p>
      <Button size="md" variant="primary" className="mt-6" onClick={goBack}>
        Go Back
      </Button>
    </section>
  );
}
