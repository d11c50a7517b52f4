-- Account security (issue 18; spec 002 sections 5, 7 "Account security", "Testing and public pages").

-- A WebAuthn challenge belongs to one ceremony: 'account' (a signed-in user registering a passkey,
-- or the passkey second factor: user_id set), 'passkey_login' (usernameless sign-in: no user yet)
-- or 'patient_registration' (a patient registering a passkey with a one-time code: user_id is the
-- patient's account, user_token_id the code, consumed when the passkey is stored).
alter table webauthn_challenges
  alter column user_id drop not null,
  add column ceremony text not null default 'account' check (ceremony in ('account', 'passkey_login', 'patient_registration')),
  add column user_token_id integer references user_tokens (id) on delete cascade,
  add constraint webauthn_challenges_owner check ((ceremony = 'passkey_login') = (user_id is null));
create index webauthn_challenges_challenge on webauthn_challenges (challenge);

-- Wrong birthdates given with a patient's one-time code on passkey registration: the code is
-- voided after five, so that the birthdate cannot be guessed across the code's life.
alter table user_tokens add column failed_attempts integer not null default 0;
