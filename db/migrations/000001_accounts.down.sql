DROP TABLE activity_log, currency_rates, login_failures, password_reset_tokens, revoked_tokens, users, affiliates, brands;
