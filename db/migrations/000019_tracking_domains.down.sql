DROP TABLE tracking_domains;
