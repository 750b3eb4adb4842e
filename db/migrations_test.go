package db_test

import (
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/openaffiliate/platform/db"
)

// retired are the numbers below the highest that no migration on main ever held. They stay
// unused: golang-migrate records only the highest version a database reached and runs the files
// above it, so a file given one of these numbers now would never run on a database already past
// it. No-op files in their place would be harmless, but this closed list says the same without
// files that are not migrations; any other gap, and any new use of these, is a mistake.
var retired = []int{18, 24, 25}

var migrationName = regexp.MustCompile(`^(\d{6})_([a-z0-9_]+)\.(up|down)\.sql$`)

// migrationProblems answers what is wrong with a folder of golang-migrate files: a name not
// NNNNNN_name.up.sql or .down.sql, two migrations with one number, an up without its down or a
// down without its up, a number skipped between 1 and the highest that retired does not list,
// and a retired number in use.
func migrationProblems(names []string, retired []int) []string {
	var problems []string
	type migration struct {
		name     string
		up, down bool
	}
	byNumber := map[int]*migration{}
	shared := map[int]bool{} // numbers already named as shared
	highest := 0
	for _, file := range names {
		m := migrationName.FindStringSubmatch(file)
		if m == nil {
			problems = append(problems, file+": not NNNNNN_name.up.sql or NNNNNN_name.down.sql")
			continue
		}
		n, _ := strconv.Atoi(m[1])
		highest = max(highest, n)
		got := byNumber[n]
		if got == nil {
			got = &migration{name: m[2]}
			byNumber[n] = got
		}
		if got.name != m[2] {
			if shared[n] {
				continue
			}
			shared[n] = true
			problems = append(problems, fmt.Sprintf("%06d: two migrations share the number: %s and %s", n, got.name, m[2]))
			continue
		}
		if m[3] == "up" {
			got.up = true
		} else {
			got.down = true
		}
	}
	for n := 1; n <= highest; n++ {
		got := byNumber[n]
		switch {
		case got == nil && !slices.Contains(retired, n):
			problems = append(problems, fmt.Sprintf("%06d: missing; numbers run from 1 without gaps (take the next above the highest)", n))
		case got != nil && slices.Contains(retired, n):
			problems = append(problems, fmt.Sprintf("%06d_%s: %06d is retired; take the next number above the highest", n, got.name, n))
		case got != nil && !got.up:
			problems = append(problems, fmt.Sprintf("%06d_%s: a down migration without its up", n, got.name))
		case got != nil && !got.down:
			problems = append(problems, fmt.Sprintf("%06d_%s: an up migration without its down", n, got.name))
		}
	}
	return problems
}

// TestMigrationNumbers checks db/migrations: one up and one down file per number, numbered from 1
// without gaps but the retired ones.
func TestMigrationNumbers(t *testing.T) {
	entries, err := fs.ReadDir(db.Migrations, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) == 0 {
		t.Fatal("no migrations embedded")
	}
	for _, p := range migrationProblems(names, retired) {
		t.Error(p)
	}
}

// TestMigrationProblems shows that each kind of mistake is found.
func TestMigrationProblems(t *testing.T) {
	ok := []string{"000001_a.up.sql", "000001_a.down.sql", "000003_c.down.sql", "000003_c.up.sql"}
	if got := migrationProblems(ok, []int{2}); len(got) != 0 {
		t.Fatalf("a good folder: %q", got)
	}
	for _, c := range []struct {
		name  string
		files []string
		want  string
	}{
		{"duplicate", append(slices.Clone(ok), "000003_d.up.sql", "000003_d.down.sql"), "000003: two migrations share the number: c and d"},
		{"gap", append(slices.Clone(ok), "000005_e.up.sql", "000005_e.down.sql"), "000004: missing; numbers run from 1 without gaps (take the next above the highest)"},
		{"retired in use", append(slices.Clone(ok), "000002_b.up.sql", "000002_b.down.sql"), "000002_b: 000002 is retired; take the next number above the highest"},
		{"no down", append(slices.Clone(ok), "000004_d.up.sql"), "000004_d: an up migration without its down"},
		{"no up", append(slices.Clone(ok), "000004_d.down.sql"), "000004_d: a down migration without its up"},
		{"bad name", append(slices.Clone(ok), "4_d.up.sql"), "4_d.up.sql: not NNNNNN_name.up.sql or NNNNNN_name.down.sql"},
	} {
		if got := migrationProblems(c.files, []int{2}); !slices.Equal(got, []string{c.want}) {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
