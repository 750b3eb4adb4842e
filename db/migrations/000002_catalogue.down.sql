DROP TABLE campaign_memberships, campaigns, api_keys, brand_domains;
