DROP INDEX IF EXISTS conversions_code_customer_idx;
