// Package jsonbody reads JSON request bodies strictly, before the contract's schema sees them:
// one JSON value and nothing after it, text the database can store (valid UTF-8, no NUL), no key
// given twice, and decimal inputs sent as JSON numbers kept as the exact text the client wrote.
// The request validator decodes with it, so what it accepts is what the handlers get.
package jsonbody

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"

	"github.com/openaffiliate/platform/server/platform/apierror"
)

// MaxDepth bounds nesting; the contract's bodies are at most a few levels deep.
const MaxDepth = 32

// DecimalExtension marks a schema whose JSON numbers are read as decimal text.
const DecimalExtension = "x-decimal"

// Decoder is an openapi3filter.BodyDecoder for application/json.
func Decoder(body io.Reader, _ http.Header, schema *openapi3.SchemaRef, _ openapi3filter.EncodingFn) (any, error) {
	data, err := io.ReadAll(body)
	if err != nil {
		return nil, err
	}
	return Decode(data, schema)
}

// Decode parses data as one JSON value and, when schema is given, turns the JSON numbers of its
// decimal fields into strings holding their exact text. Failures are *apierror.Error.
func Decode(data []byte, schema *openapi3.SchemaRef) (any, error) {
	p := parser{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	p.dec.UseNumber()
	v, err := p.value("", 0)
	if err != nil {
		return nil, err
	}
	if _, err := p.dec.Token(); !errors.Is(err, io.EOF) {
		return nil, apierror.Invalid("", "json", "The request body must be one JSON value, with nothing after it")
	}
	if schema != nil {
		return decimals(v, schema, "")
	}
	return v, nil
}

type parser struct {
	data []byte
	dec  *json.Decoder
}

func notJSON() error {
	return apierror.Invalid("", "json", "The request body is not valid JSON")
}

// token reads the next token and checks, for strings, the raw bytes it came from. A key is
// reported under its own name.
func (p *parser) token(path string, isKey bool) (json.Token, error) {
	start := p.dec.InputOffset()
	tok, err := p.dec.Token()
	if err != nil {
		return nil, notJSON()
	}
	if s, ok := tok.(string); ok {
		if isKey {
			// The key is named as readable text: the answer never echoes what could not be stored.
			path = join(path, strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", `\u0000`), "\uFFFD"))
		}
		if !utf8.Valid(p.data[start:p.dec.InputOffset()]) {
			return nil, apierror.Invalid(path, "text", describe(path)+" is not valid UTF-8 text")
		}
		if strings.IndexByte(s, 0) >= 0 {
			return nil, apierror.Invalid(path, "text", describe(path)+" must not contain a NUL character")
		}
	}
	return tok, nil
}

func (p *parser) value(path string, depth int) (any, error) {
	if depth > MaxDepth {
		return nil, apierror.Invalid("", "json", fmt.Sprintf("The request body is nested more than %d levels deep", MaxDepth))
	}
	tok, err := p.token(path, false)
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			return p.object(path, depth)
		case '[':
			return p.array(path, depth)
		}
		return nil, notJSON()
	default:
		return t, nil
	}
}

func (p *parser) object(path string, depth int) (any, error) {
	out := map[string]any{}
	for p.dec.More() {
		keyTok, err := p.token(path, true)
		if err != nil {
			return nil, err
		}
		key, ok := keyTok.(string)
		if !ok {
			return nil, notJSON()
		}
		field := join(path, key)
		if _, dup := out[key]; dup {
			return nil, apierror.Invalid(field, "duplicate_key", describe(field)+" is given more than once")
		}
		v, err := p.value(field, depth+1)
		if err != nil {
			return nil, err
		}
		out[key] = v
	}
	if _, err := p.dec.Token(); err != nil {
		return nil, notJSON()
	}
	return out, nil
}

func (p *parser) array(path string, depth int) (any, error) {
	out := []any{}
	for i := 0; p.dec.More(); i++ {
		v, err := p.value(join(path, fmt.Sprint(i)), depth+1)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	if _, err := p.dec.Token(); err != nil {
		return nil, notJSON()
	}
	return out, nil
}

// join builds the dotted field path the error details use ("domains.2", "address.city").
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func describe(path string) string {
	if path == "" {
		return "The request body"
	}
	return path
}

// decimals checks the values found where the schema is a decimal input against the digits the
// contract allows, and replaces JSON numbers there by their exact text. It also refuses a null
// the schema would have taken for its default (see nullForDefault).
func decimals(v any, ref *openapi3.SchemaRef, path string) (any, error) {
	if ref == nil || ref.Value == nil {
		return v, nil
	}
	s := ref.Value
	if ext, ok := s.Extensions[DecimalExtension]; ok {
		if v == nil {
			return nil, nil // null is the schema's to allow or refuse
		}
		return decimal(v, path, Digits(ext))
	}
	switch t := v.(type) {
	case map[string]any:
		for k, item := range t {
			if prop := property(s, k); prop != nil {
				if item == nil {
					if err := nullForDefault(prop.Value, join(path, k)); err != nil {
						return nil, err
					}
				}
				d, err := decimals(item, prop, join(path, k))
				if err != nil {
					return nil, err
				}
				t[k] = d
			}
		}
	case []any:
		for i, item := range t {
			d, err := decimals(item, s.Items, join(path, fmt.Sprint(i)))
			if err != nil {
				return nil, err
			}
			t[i] = d
		}
	}
	return v, nil
}

// nullForDefault refuses null for a property that is not nullable but has a default: the
// validator (kin-openapi) puts the default in place of a null before it checks the value, so
// without this a null the contract does not allow would pass as "not sent".
func nullForDefault(s *openapi3.Schema, path string) error {
	if s == nil || s.Default == nil || s.Nullable || len(s.OneOf)+len(s.AnyOf)+len(s.AllOf) > 0 {
		return nil
	}
	if len(s.Enum) > 0 {
		allowed := make([]string, len(s.Enum))
		for i, v := range s.Enum {
			allowed[i] = fmt.Sprint(v)
		}
		return apierror.Invalid(path, "enum", describe(path)+" must be one of: "+strings.Join(allowed, ", "))
	}
	return apierror.Invalid(path, "type", describe(path)+" must not be null")
}

// DecimalDigits are the digits a decimal input may have before and after its point.
type DecimalDigits struct{ Integer, Fraction int }

// Digits reads an x-decimal extension ({integer_digits, fraction_digits}).
func Digits(ext any) DecimalDigits {
	m, _ := ext.(map[string]any)
	return DecimalDigits{Integer: whole(m["integer_digits"]), Fraction: whole(m["fraction_digits"])}
}

func whole(v any) int {
	switch n := v.(type) {
	case float64:
		return int(n)
	case int:
		return n
	case json.Number:
		i, _ := n.Int64()
		return int(i)
	}
	return 0
}

// decimal answers a decimal input's exact text, or the error naming its bounds.
func decimal(v any, path string, d DecimalDigits) (any, error) {
	var text string
	switch t := v.(type) {
	case json.Number:
		text = t.String()
	case string:
		text = t
	}
	if !d.Fits(text) {
		return nil, apierror.Invalid(path, "decimal", fmt.Sprintf(
			"%s must be a decimal number of at least 0 with at most %d digits before the point and %d after, such as \"12.50\" or 12.50",
			describe(path), d.Integer, d.Fraction))
	}
	return text, nil
}

// Fits reports whether text is a plain non-negative decimal within the digits.
func (d DecimalDigits) Fits(text string) bool {
	whole, frac, hasPoint := strings.Cut(text, ".")
	return digitsOnly(whole) && len(whole) <= d.Integer &&
		(!hasPoint || digitsOnly(frac) && len(frac) <= d.Fraction)
}

func digitsOnly(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// property finds a property's schema, looking into allOf parts too.
func property(s *openapi3.Schema, name string) *openapi3.SchemaRef {
	if p, ok := s.Properties[name]; ok {
		return p
	}
	for _, part := range s.AllOf {
		if part.Value != nil {
			if p := property(part.Value, name); p != nil {
				return p
			}
		}
	}
	return nil
}
