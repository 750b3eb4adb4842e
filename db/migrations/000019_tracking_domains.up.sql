-- A brand's tracking domain (go.brand.ro): a host name the brand points at the platform with a
-- CNAME, on which its links are shown and its codes answer (only its own). One per brand, and a
-- host name belongs to one brand. It is pending until a check finds the CNAME, then verified;
-- check_result and found_target are what the last check saw, so the page can say what to fix.
-- (Under Citus this small table is a reference table: its host names are unique platform-wide.)
CREATE TABLE tracking_domains (
    brand_id     uuid PRIMARY KEY REFERENCES brands (id) ON DELETE CASCADE,
    hostname     text NOT NULL UNIQUE CHECK (hostname = lower(hostname)),
    status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified')),
    created_at   timestamptz NOT NULL,
    verified_at  timestamptz,
    checked_at   timestamptz,
    check_result text CHECK (check_result IN ('points_here', 'no_cname', 'points_elsewhere', 'lookup_failed')),
    found_target text,
    CHECK ((status = 'verified') = (verified_at IS NOT NULL))
);
