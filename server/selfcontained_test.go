package server

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// outsideDocuments are ways of citing documents that live outside the repository (the product
// notes and the original specification, kept beside the project while it was built): the
// decisions the code relies on are in docs/product.md, which comments cite instead.
var outsideDocuments = regexp.MustCompile(`PRODUCT\.md|seed-spec|ro-review|shared/spec|\bseed section\b|\(seed '|\bthe seed's\b|\bseed (texts|messages|columns|tabs|menus)\b`)

// TestCodeCitesOnlyItsOwnDocuments keeps the repository self-explaining: no comment, test or doc
// sends a reader to a document the repository does not contain.
func TestCodeCitesOnlyItsOwnDocuments(t *testing.T) {
	root := filepath.Join("..")
	var found []string
	for _, dir := range []string{"api", "server", "db", "scripts", "docs", "frontend/src", "frontend/e2e", "frontend/public", "README.md", "openapi.yaml", "Makefile"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if name := d.Name(); name == "node_modules" || name == "generated" || name == "dist" {
					return filepath.SkipDir
				}
				return nil
			}
			if strings.HasSuffix(path, "selfcontained_test.go") {
				return nil
			}
			b, err := os.ReadFile(path) //nolint:gosec // G304: the repository's own files
			if err != nil {
				return err
			}
			for i, line := range strings.Split(string(b), "\n") {
				if outsideDocuments.MatchString(line) {
					found = append(found, fmt.Sprintf("%s:%d: %s", filepath.ToSlash(path), i+1, strings.TrimSpace(line)))
				}
			}
			return nil
		})
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	for _, f := range found {
		t.Errorf("cites a document outside the repository (cite docs/product.md instead): %s", f)
	}
}
