-- The addresses the old errors named are not kept: there is nothing to restore.
SELECT 1;
