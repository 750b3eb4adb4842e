package main

import (
	"strings"
	"testing"
)

// TestStoredRollups checks that gendata finds migration 000014's rollup statements: the clicks'
// deltas, the conversions' deltas and the fold, in that order.
func TestStoredRollups(t *testing.T) {
	sql, err := storedRollups()
	if err != nil {
		t.Fatal(err)
	}
	statements := strings.Split(strings.TrimSuffix(sql, ";"), ";\n")
	if len(statements) != 3 || !strings.HasPrefix(statements[0], "INSERT INTO stats_deltas") ||
		statements[1] != "SELECT conversion_stats_delta(v, 1) FROM conversions v" || statements[2] != "SELECT fold_daily_stats()" {
		t.Fatalf("the rollup statements are not the clicks', the conversions' and the fold:\n%s", sql)
	}
}
