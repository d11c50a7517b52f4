-- TOTP replay protection (RFC 6238 section 5.2): the last time step a code was accepted for.
-- A code of that step or an earlier one is refused, so one observed code cannot be used twice.
alter table users add column totp_last_used_step bigint;
