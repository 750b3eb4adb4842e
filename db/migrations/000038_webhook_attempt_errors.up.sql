-- An attempt's error says only why the endpoint was not reached, in the fixed words the delivery
-- writes since issue 32 (server/domain/webhooks/address.go): the errors stored before named the
-- address a name resolved to and the resolver's. Rewrite them to the same words.
UPDATE webhook_attempts SET error = CASE
    WHEN error LIKE '%is not allowed (loopback%' THEN 'address not allowed'
    WHEN error ~* '(no such host|server misbehaving|lookup .* on )' THEN 'name not resolved'
    WHEN error ~* '(timeout|deadline exceeded|timed out)' THEN 'timed out'
    WHEN error ILIKE '%connection refused%' THEN 'connection refused'
    WHEN error ~* '(tls: |x509: )' THEN 'TLS handshake failed'
    ELSE 'connection failed'
END
WHERE error <> '' AND error NOT IN ('address not allowed', 'name not resolved', 'timed out',
    'connection refused', 'TLS handshake failed', 'connection failed');
