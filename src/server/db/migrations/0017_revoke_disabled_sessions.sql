-- Disabling an account now ends its sessions in the same transaction (users resource,
-- auth/sessions.ts revokeUserSessions). Sessions of accounts disabled before that still stand and
-- would come back, with their access tokens, if the account were enabled again: end them once.
update sessions s
set revoked_at = now(), revoked_reason = 'account_disabled'
from users u
where u.id = s.user_id and not u.is_active and s.revoked_at is null;
