-- Where a logged request really came from (issue 12). ip_address stays the client's address: the
-- one a proxy of TRUSTED_PROXIES forwarded (X-Forwarded-For), else the connection's own address.
-- peer_address is always the connection's own address, so a row written through a proxy names
-- the proxy too, and no header a client sends can change both. Nullable, so the audit hash chain
-- of older rows (0016, nulls left out of the digest) stays as it was.
alter table audit_logs add column peer_address text;
alter table auth_logs add column peer_address text;
