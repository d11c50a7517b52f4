import { EditorState } from '@codemirror/state';
import { basicSetup, EditorView } from 'codemirror';
import { jsonSchema } from 'codemirror-json-schema';
import { useEffect, useRef, useState } from 'react';
import metaSchema from '../../../../screens/screen.schema.json';

/** How long typing may pause before the text, when it parses, becomes the working definition (one undo step). */
const SETTLE_MS = 500;

const text = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function parsed(source: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(source) as unknown };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The JSON editor of Screen Studio (issue 21): CodeMirror 6 with the emitted meta-schema
 * (screens/screen.schema.json), which underlines what the schema refuses as it is typed, completes
 * keys and values and explains a key on hover (codemirror-json-schema). It edits the same working
 * definition as the structured editor: text that parses becomes it once typing pauses, and a change
 * made elsewhere (the structured editor, Undo) replaces the text. Loaded only on the studio's route.
 */
export function JsonEditor({ value, onChange, label }: { value: unknown; onChange: (next: unknown) => void; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (source: string) => {
      const result = parsed(source);
      if ('error' in result) return setError(result.error);
      setError(undefined);
      if (typeof result.value !== 'object' || result.value === null || Array.isArray(result.value)) return setError('A screen definition is a JSON object.');
      if (!same(result.value, latest.current.value)) latest.current.onChange(result.value);
    };
    const editor = new EditorView({
      parent: host.current as HTMLDivElement,
      state: EditorState.create({
        doc: text(latest.current.value),
        extensions: [
          basicSetup,
          jsonSchema(metaSchema as unknown as Parameters<typeof jsonSchema>[0]),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged || update.transactions.every((transaction) => transaction.isUserEvent('studio.replace'))) return;
            clearTimeout(timer);
            const source = update.state.doc.toString();
            timer = setTimeout(() => settle(source), SETTLE_MS);
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      clearTimeout(timer);
      editor.destroy();
      view.current = null;
    };
  }, [label]);

  // A change made elsewhere replaces the text, unless the text already says it.
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = parsed(editor.state.doc.toString());
    if ('value' in current && same(current.value, value)) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text(value) }, userEvent: 'studio.replace' });
    setError(undefined);
  }, [value]);

  return (
    <div>
      <div ref={host} className="max-h-[70vh] overflow-auto rounded-md border border-slate-300 text-sm" />
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The JSON does not parse, so it is not taken yet: {error}
        </p>
      )}
    </div>
  );
}
