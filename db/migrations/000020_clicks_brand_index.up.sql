-- No query reads clicks by brand and time (dashboards and reports read the rollups; a link's
-- clicks go through the link indexes), and every stored click paid for this index: about 1 us of
-- PostgreSQL's 5 per click under the redirect's load (docs/benchmarks.md).
DROP INDEX IF EXISTS clicks_brand_time_idx;
