// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ErrorBoundary } from '../../../src/console/shell/ErrorBoundary';
import { ErrorPage } from '../../../src/console/shell/ErrorPage';
import './support/dom';
import { renderAt } from './support/renderAt';

function Broken(): never {
  throw new Error('The list could not be shown.');
}

describe('the error page', () => {
  it('shows the error and goes Home when there is no page to go back to', async () => {
    const { location } = renderAt('/somewhere', <ErrorPage message="Something failed." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something failed.');
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(location.history.at(-1)).toBe('/');
  });

  it('replaces a page that throws', () => {
    // React reports the caught error on the console; that is expected here.
    const original = console.error;
    console.error = () => undefined;
    renderAt(
      '/',
      <ErrorBoundary resetKey="/">
        <Broken />
      </ErrorBoundary>,
    );
    console.error = original;
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be shown.');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeVisible();
  });
});
