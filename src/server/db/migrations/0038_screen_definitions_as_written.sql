-- Screen Studio (issue 21): a definition is kept as it was written, its keys in their order, so that
-- the JSON editor shows an analyst's draft as they left it and a published version reads like the
-- file in screens/ ("$schema", "id", "version" first). jsonb sorts an object's keys; json keeps the
-- text. Nothing queries inside a definition, so the binary form bought nothing. Rows written before
-- keep jsonb's order.
alter table screen_drafts alter column definition type json using definition::json;
alter table screen_versions alter column definition type json using definition::json;
