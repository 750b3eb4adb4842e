#!/usr/bin/env python3
"""Makes a brand, a campaign, an approved affiliate and its link through the API whose base
(http://host:port/api/v1) is the argument, and prints the link's short code: the redirect
benchmarks' one link (scripts/bench-redirect.sh, scripts/bench-redirect-cores.sh)."""
import json, sys, urllib.request
base = sys.argv[1]
def call(method, path, body=None, token=None):
    req = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json", **({"Authorization": "Bearer " + token} if token else {})})
    return json.load(urllib.request.urlopen(req))["data"]
brand = call("POST", "/auth/signup", {"email": "bench-brand@example.com", "password": "bench-password", "firstName": "B", "lastName": "B", "accountType": "brand", "companyName": "Bench Shop"})["jwt"]
call("PUT", "/brands/setup", {"company_name": "Bench Shop", "domain": "bench-shop.example"}, brand)
campaign = call("POST", "/campaigns", {"name": "Bench", "homepage_url": "https://bench-shop.example/landing?utm_source=bench"}, brand)["campaign"]["id"]
aff = call("POST", "/auth/signup", {"email": "bench-aff@example.com", "password": "bench-password", "firstName": "A", "lastName": "A", "accountType": "affiliate"})["jwt"]
call("POST", "/campaigns/%s/join" % campaign, None, aff)
print(call("POST", "/affiliate-links/generate", {"campaign_id": campaign}, aff)["link"]["short_code"])
