DROP TABLE discount_codes, clicks, tracking_links;
