package activity

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// variant is what i18next adds to a sentence's key: the context with the object's name, a plural.
var variant = regexp.MustCompile(`(_named)?(_(zero|one|two|few|many|other))?$`)

// TestEveryKindHasASentence fails when the frontend's activity feed has no sentence, in either
// language, for a kind the server can write, or keeps one for a kind it no longer writes.
func TestEveryKindHasASentence(t *testing.T) {
	if len(Kinds()) < 50 {
		t.Fatalf("only %d kinds declared", len(Kinds()))
	}
	for _, lang := range []string{"ro", "en"} {
		raw, err := os.ReadFile(filepath.Join("..", "..", "..", "frontend", "src", "locales", lang, "analytics.json")) //nolint:gosec // G304: a fixed path per language
		if err != nil {
			t.Fatal(err)
		}
		var file struct {
			Activity struct {
				Sentences map[string]map[string]string `json:"sentences"`
			} `json:"activity"`
		}
		if err := json.Unmarshal(raw, &file); err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		have := map[string]bool{}
		for entity, texts := range file.Activity.Sentences {
			for key, text := range texts {
				if strings.TrimSpace(text) == "" {
					t.Errorf("%s: analytics:activity.sentences.%s.%s is empty", lang, entity, key)
				}
				have[entity+"."+variant.ReplaceAllString(key, "")] = true
			}
		}
		written := map[string]bool{}
		for _, k := range Kinds() {
			written[k.SentenceKey()] = true
			if !have[k.SentenceKey()] {
				t.Errorf("%s: no sentence analytics:activity.sentences.%s for action %q on %q", lang, k.SentenceKey(), k.Action(), k.Entity())
			}
		}
		for key := range have {
			if !written[key] {
				t.Errorf("%s: analytics:activity.sentences.%s is for no kind the server writes", lang, key)
			}
		}
	}
}

// TestKindsAreDistinct keeps two names from meaning one kind.
func TestKindsAreDistinct(t *testing.T) {
	seen := map[Kind]bool{}
	for _, k := range Kinds() {
		if seen[k] {
			t.Errorf("%s declared twice", k.SentenceKey())
		}
		seen[k] = true
	}
}
