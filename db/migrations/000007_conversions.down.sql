DROP TABLE shopify_webhooks, conversions;
