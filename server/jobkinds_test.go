package server_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// jobKind finds a job's kind where its arguments declare it: `Kind() string { return "x.y" }`.
var jobKind = regexp.MustCompile(`\) Kind\(\) string \{ return "([a-z0-9_.]+)" \}`)

// TestEveryJobKindIsNamedInWords: the host's background-jobs panel names each kind of job in words
// (frontend/src/sections/admin/JobsCard.tsx, labels in both languages); a kind the server defines
// without a label there would show as its code.
func TestEveryJobKindIsNamedInWords(t *testing.T) {
	root := ".."
	card, err := os.ReadFile(filepath.Join(root, "frontend", "src", "sections", "admin", "JobsCard.tsx"))
	if err != nil {
		t.Fatal(err)
	}
	kinds := 0
	err = filepath.WalkDir(filepath.Join(root, "server"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		b, err := os.ReadFile(path) //nolint:gosec // G304: the repository's own files
		if err != nil {
			return err
		}
		for _, m := range jobKind.FindAllStringSubmatch(string(b), -1) {
			kinds++
			if !strings.Contains(string(card), "'"+m[1]+"':") {
				t.Errorf("job kind %s (%s) has no label in JobsCard.tsx's kindLabels", m[1], path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if kinds < 7 {
		t.Fatalf("found %d job kinds in server/, expected at least the 7 the platform has", kinds)
	}
}
