-- Screen Studio (issue 21): a product analyst publishes through an admin's review, unless an
-- operator grants them publishing (screens.publish) on their account. The grant is this flag, read
-- with the session (src/server/plugins/identity.ts) and meaningful for product_analyst only
-- (src/domain/permissions.ts USER_GRANTS; src/server/resources/definitions/users.ts refuses it for
-- any other role and clears it when the role changes).
alter table users add column may_publish_screens boolean not null default false;
