package main

import "testing"

// TestClean checks that what differs between runs and versions of pg_dump is left out.
func TestClean(t *testing.T) {
	dump := `--
-- PostgreSQL database dump
--

\restrict 4kYbq1d2ZyL0rN6ZpvB9xJ

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET transaction_timeout = 0;
SELECT pg_catalog.set_config('search_path', '', false);

--
-- Name: brands; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.brands (
    id uuid NOT NULL
);


--
-- PostgreSQL database dump complete
--

\unrestrict 4kYbq1d2ZyL0rN6ZpvB9xJ
`
	want := `-- PostgreSQL database dump

-- Name: brands; Type: TABLE; Schema: public; Owner: -

CREATE TABLE public.brands (
    id uuid NOT NULL
);

-- PostgreSQL database dump complete
`
	if got := string(clean([]byte(dump))); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
