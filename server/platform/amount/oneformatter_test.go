package amount

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFormatIsTheOneOutputFormatter keeps Format the only place that writes an amount with two
// decimals: hand-written code elsewhere (tests aside, which compute their expectations on their
// own) calls Format instead of decimal's StringFixed.
func TestFormatIsTheOneOutputFormatter(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	for _, dir := range []string{"api", "server", "scripts", "db"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			if filepath.ToSlash(path) == "../../../server/platform/amount/amount.go" {
				return nil
			}
			b, err := os.ReadFile(path) //nolint:gosec // G304: the repository's own files
			if err != nil {
				return err
			}
			if strings.Contains(string(b), ".StringFixed(") {
				t.Errorf("%s writes an amount with StringFixed; use amount.Format", path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
