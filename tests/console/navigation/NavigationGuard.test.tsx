// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, Route, Router, Switch, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { NavigationGuard } from '../../../src/console/navigation/NavigationGuard';
import { useNavigationBlocker } from '../../../src/console/navigation/useNavigationBlocker';
import '../helpers/dom';

const QUESTION = { name: 'Leave this page?' };

/** A page with a piece of unsaved work, a link away and a Cancel that leaves on purpose. */
function Editor() {
  const [text, setText] = useState('');
  const [, navigate] = useLocation();
  const leave = useNavigationBlocker(text !== '');
  return (
    <>
      <label>
        Note
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <button type="button" onClick={() => leave(() => navigate('/list'))}>
        Cancel
      </button>
    </>
  );
}

function Pages() {
  return (
    <NavigationGuard>
      <nav>
        <Link href="/list">List</Link>
        <Link href="/edit">Edit</Link>
      </nav>
      <Switch>
        <Route path="/edit">
          <Editor />
        </Route>
        <Route path="/list">
          <h1>The list</h1>
        </Route>
      </Switch>
    </NavigationGuard>
  );
}

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Pages />
    </Router>,
  );
  return location;
}

describe('the navigation guard', () => {
  it('lets links through while nothing is held', async () => {
    const location = renderAt('/edit');
    await userEvent.click(screen.getByRole('link', { name: 'List' }));
    expect(location.history.at(-1)).toBe('/list');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before a link leaves unsaved work: Stay keeps the page and the work, Leave goes', async () => {
    const user = userEvent.setup();
    const location = renderAt('/edit');
    await user.type(screen.getByLabelText('Note'), 'half a thought');
    await user.click(screen.getByRole('link', { name: 'List' }));
    const question = screen.getByRole('alertdialog', QUESTION);
    expect(question).toHaveTextContent('You have unsaved changes.');
    // The safe answer has the focus (the dialog's first button).
    expect(screen.getByRole('button', { name: 'Stay on this page' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(location.history.at(-1)).toBe('/edit');
    expect(screen.getByLabelText('Note')).toHaveValue('half a thought');

    await user.click(screen.getByRole('link', { name: 'List' }));
    await user.click(screen.getByRole('button', { name: 'Leave this page' }));
    expect(location.history.at(-1)).toBe('/list');
    expect(screen.getByRole('heading', { name: 'The list' })).toBeVisible();
  });

  it('does not ask for a link to the page itself, nor for a Cancel that leaves on purpose', async () => {
    const user = userEvent.setup();
    const location = renderAt('/edit');
    await user.type(screen.getByLabelText('Note'), 'x');
    await user.click(screen.getByRole('link', { name: 'Edit' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(location.history.at(-1)).toBe('/list');
  });

  it('has the browser ask before the tab closes or reloads, only while work is held', async () => {
    const user = userEvent.setup();
    renderAt('/edit');
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText('Note'), 'x');
    expect(unload()).toBe(true);
    await user.clear(screen.getByLabelText('Note'));
    expect(unload()).toBe(false);
  });
});

describe('the navigation guard and the browser’s back button', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  /** The console as the browser runs it: wouter's own location over the window's history. */
  async function renderInBrowser() {
    window.history.replaceState(null, '', '/list');
    window.history.pushState(null, '', '/edit');
    render(<Pages />);
    await userEvent.type(screen.getByLabelText('Note'), 'half a thought');
  }
  // jsdom moves through its history in a task of its own, as browsers do.
  const back = () =>
    act(async () => {
      window.history.back();
    });

  it('puts the page back and asks; Stay keeps the work, Leave goes back', async () => {
    await renderInBrowser();
    await back();
    expect(await screen.findByRole('alertdialog', QUESTION)).toBeVisible();
    expect(window.location.pathname).toBe('/edit');
    await userEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(screen.getByLabelText('Note')).toHaveValue('half a thought');

    await back();
    expect(await screen.findByRole('alertdialog', QUESTION)).toBeVisible();
    expect(window.location.pathname).toBe('/edit');
    await userEvent.click(screen.getByRole('button', { name: 'Leave this page' }));
    expect(await screen.findByRole('heading', { name: 'The list' })).toBeVisible();
    expect(window.location.pathname).toBe('/list');
  });
});
