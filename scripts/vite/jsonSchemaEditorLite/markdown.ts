const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** codemirror-json-schema's renderMarkdown, plainly: the text escaped, `code` spans kept as code (scripts/vite/jsonSchemaEditorLite.ts). */
export function renderMarkdown(markdown: string, inline = true): string {
  const html = markdown.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c).replace(/`([^`]+)`/g, '<code>$1</code>');
  return inline ? html : `<p>${html}</p>`;
}
