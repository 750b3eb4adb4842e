package jsonbody

import (
	"encoding/json"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/openaffiliate/platform/server/platform/apierror"
)

func moneySchema() *openapi3.SchemaRef {
	money := &openapi3.Schema{Extensions: map[string]any{DecimalExtension: map[string]any{"integer_digits": 12.0, "fraction_digits": 2.0}}}
	return openapi3.NewSchemaRef("", &openapi3.Schema{Properties: openapi3.Schemas{
		"budget": openapi3.NewSchemaRef("", money),
		"items":  openapi3.NewSchemaRef("", &openapi3.Schema{Items: openapi3.NewSchemaRef("", money)}),
		"rule":   openapi3.NewSchemaRef("", &openapi3.Schema{Type: &openapi3.Types{"string"}, Enum: []any{"first", "last"}, Default: "first"}),
		"on":     openapi3.NewSchemaRef("", &openapi3.Schema{Type: &openapi3.Types{"boolean"}, Default: true}),
		"note":   openapi3.NewSchemaRef("", &openapi3.Schema{Type: &openapi3.Types{"string"}, Default: "", Nullable: true}),
	}})
}

func TestDecodeKeepsDecimalText(t *testing.T) {
	v, err := Decode([]byte(`{"budget": 999999999999.99, "items": [0.1, "2.50"], "other": 0.1}`), moneySchema())
	if err != nil {
		t.Fatal(err)
	}
	m := v.(map[string]any)
	if m["budget"] != "999999999999.99" {
		t.Errorf("budget %#v", m["budget"])
	}
	if items := m["items"].([]any); items[0] != "0.1" || items[1] != "2.50" {
		t.Errorf("items %#v", items)
	}
	if _, err := Decode([]byte(`{"note":null,"budget":null}`), moneySchema()); err != nil {
		t.Errorf("a nullable field's null is the schema's to allow: %v", err)
	}
	if m["other"] != json.Number("0.1") {
		t.Errorf("a field that is not a decimal input keeps its number: %#v", m["other"])
	}
}

func TestDecodeRefuses(t *testing.T) {
	for name, tc := range map[string]struct{ body, field, rule string }{
		"trailing value":     {`{"a":1} {"b":2}`, "", "json"},
		"trailing garbage":   {`{"a":1}x`, "", "json"},
		"not JSON":           {`{"a":`, "", "json"},
		"empty":              {``, "", "json"},
		"NUL in a value":     {`{"a":{"b":"x\u0000"}}`, "a.b", "text"},
		"NUL in a key":       {`{"a\u0000":1}`, `a\u0000`, "text"},
		"invalid UTF-8":      {"{\"a\":[\"ok\",\"\xff\"]}", "a.1", "text"},
		"duplicate key":      {`{"a":1,"a":2}`, "a", "duplicate_key"},
		"too many digits":    {`{"budget":1234567890123}`, "budget", "decimal"},
		"too many places":    {`{"budget":"1.234"}`, "budget", "decimal"},
		"negative":           {`{"budget":-1}`, "budget", "decimal"},
		"exponent":           {`{"budget":1e2}`, "budget", "decimal"},
		"not a number":       {`{"budget":true}`, "budget", "decimal"},
		"decimal in a list":  {`{"items":[1,"x"]}`, "items.1", "decimal"},
		"nested beyond max":  {`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`, "", "json"},
		"bare string w/ NUL": {`"\u0000"`, "", "text"},
		"null for a default": {`{"rule":null}`, "rule", "enum"},
		"null for a flag":    {`{"on":null}`, "on", "type"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Decode([]byte(tc.body), moneySchema())
			e, ok := apierror.From(err)
			if !ok {
				t.Fatalf("want an API error, got %v", err)
			}
			if len(e.Details) != 1 || e.Details[0].Field != tc.field || e.Details[0].Rule != tc.rule {
				t.Errorf("details %+v, want field %q rule %q", e.Details, tc.field, tc.rule)
			}
		})
	}
}

func TestDigitsFits(t *testing.T) {
	d := DecimalDigits{Integer: 3, Fraction: 2}
	for text, want := range map[string]bool{"0": true, "999.99": true, "1.": false, ".5": false, "1000": false, "1.234": false, "-1": false, "1e2": false, "": false, " 1": false} {
		if d.Fits(text) != want {
			t.Errorf("Fits(%q) = %v", text, !want)
		}
	}
}

// FuzzDecode: any input is either refused with an API error or accepted as one JSON value whose
// strings the database can store.
func FuzzDecode(f *testing.F) {
	for _, seed := range []string{`{"budget":1.5}`, `{"a":"\u0000"}`, `{}{}`, "{\"a\":\"\xff\"}", `[1,2,{"b":null}]`, `{"items":[0.1]}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Decode(data, moneySchema())
		if err != nil {
			if _, ok := apierror.From(err); !ok {
				t.Fatalf("not an API error: %v", err)
			}
			return
		}
		if !json.Valid(data) {
			t.Fatalf("accepted invalid JSON %q", data)
		}
		if _, err := json.Marshal(v); err != nil {
			t.Fatal(err)
		}
	})
}
