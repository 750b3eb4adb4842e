package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/labstack/echo/v4"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/emailaddress"
	"github.com/openaffiliate/platform/server/platform/jsonbody"
)

// uuidPattern accepts any UUID in its canonical form; the contract's ids are UUIDs.
const uuidPattern = `^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`

var registerDecoders sync.Once

// contractSpec loads the embedded contract and teaches the validator what the contract's words
// mean here: JSON bodies are read strictly (package jsonbody), and `format: uuid` and `format: email`
// (package emailaddress) are checked.
func contractSpec() (*openapi3.T, error) {
	registerDecoders.Do(func() {
		openapi3filter.RegisterBodyDecoder(echo.MIMEApplicationJSON, jsonbody.Decoder)
		openapi3.DefineStringFormatValidator("uuid", openapi3.NewRegexpFormatValidator(uuidPattern))
		openapi3.DefineStringFormatValidator("email", openapi3.NewCallbackValidator(func(s string) error {
			if !emailaddress.Valid(s) {
				return errors.New("not an email address as RFC 5321 writes it, in ASCII")
			}
			return nil
		}))
	})
	spec, err := oapi.GetSpec()
	if err != nil {
		return nil, fmt.Errorf("load embedded spec: %w", err)
	}
	return spec, nil
}

// storableParameters refuses query values and paths the database cannot store (invalid UTF-8 or
// a NUL character) before anything reads them.
func storableParameters(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if p := c.Request().URL.Path; !storable(p) {
			return apierror.Invalid("path", "text", "The path must be UTF-8 text without NUL characters")
		}
		for name, values := range c.QueryParams() {
			if !storable(name) {
				return apierror.Invalid("query", "text", "Query parameter names must be UTF-8 text without NUL characters")
			}
			for _, v := range values {
				if !storable(v) {
					return apierror.Invalid(name, "text", name+" must be UTF-8 text without NUL characters")
				}
			}
		}
		return next(c)
	}
}

func storable(s string) bool { return utf8.ValidString(s) && strings.IndexByte(s, 0) < 0 }

// validationError turns the request validator's failures into the error envelope.
func validationError(_ echo.Context, he *echo.HTTPError) error {
	if _, ok := apierror.From(he.Internal); ok {
		return he
	}
	switch he.Code {
	case http.StatusNotFound:
		return apierror.NotFound("No such API path")
	case http.StatusMethodNotAllowed:
		return &apierror.Error{Status: http.StatusMethodNotAllowed, Code: apierror.CodeMethodNotAllowed, Message: "Method not allowed"}
	case http.StatusBadRequest:
		return requestError(he)
	}
	return he
}

var unsupportedProperty = regexp.MustCompile(`property "(.*)" is unsupported`)

// requestError names the field at fault and the contract rule it breaks, in an integrator's words.
func requestError(he *echo.HTTPError) error {
	var reqErr *openapi3filter.RequestError
	if !errors.As(he.Internal, &reqErr) {
		// A failure inside a oneOf arrives as a list of the branches' failures; the first names the field.
		var me openapi3.MultiError
		var se *openapi3.SchemaError
		if errors.As(he.Internal, &me) && len(me) > 0 && errors.As(me[0], &se) {
			return schemaError(strings.Join(se.JSONPointer(), "."), se)
		}
		return apierror.Validation("", "The request does not match the contract")
	}
	var se *openapi3.SchemaError
	hasSchemaErr := errors.As(reqErr.Err, &se)
	switch {
	case reqErr.Parameter != nil:
		name := reqErr.Parameter.Name
		if errors.Is(reqErr.Err, openapi3filter.ErrInvalidRequired) {
			return apierror.Invalid(name, "required", name+" is required")
		}
		if hasSchemaErr {
			return schemaError(name, se)
		}
		return parameterError(reqErr)
	case reqErr.RequestBody != nil && errors.Is(reqErr.Err, openapi3filter.ErrInvalidRequired):
		return apierror.Invalid("", "required", "A JSON request body is required")
	case hasSchemaErr:
		return schemaError(strings.Join(se.JSONPointer(), "."), se)
	case reqErr.RequestBody != nil && reqErr.Err == nil:
		return apierror.Invalid("", "content_type", "Send the request body as application/json")
	}
	return apierror.Validation("", "The request does not match the contract")
}

// parameterError words a parameter that could not be read as its schema's type, such as a whole
// number too large for an int32.
func parameterError(reqErr *openapi3filter.RequestError) *apierror.Error {
	p := reqErr.Parameter
	name := p.Name
	var raw string
	if reqErr.Input != nil && reqErr.Input.Request != nil && p.In == openapi3.ParameterInQuery {
		raw = reqErr.Input.Request.URL.Query().Get(name)
	}
	if p.Schema != nil && p.Schema.Value != nil {
		s := p.Schema.Value
		if s.Max != nil && wholeNumber.MatchString(raw) && !strings.HasPrefix(raw, "-") {
			return apierror.Invalid(name, "maximum", fmt.Sprintf("%s must be at most %s", name, number(*s.Max)))
		}
		if s.Min != nil && s.Max != nil && s.Type != nil && s.Type.Is(openapi3.TypeInteger) {
			return apierror.Invalid(name, "type", fmt.Sprintf("%s must be a whole number from %s to %s", name, number(*s.Min), number(*s.Max)))
		}
	}
	return apierror.Invalid(name, "type", name+" must be "+typeWords(p.Schema))
}

var wholeNumber = regexp.MustCompile(`^-?[0-9]+$`)

// schemaError words one schema failure for the field at path.
func schemaError(path string, se *openapi3.SchemaError) *apierror.Error {
	s := se.Schema
	if s == nil {
		s = &openapi3.Schema{}
	}
	name := path
	if name == "" {
		name = "The request body"
	}
	switch se.SchemaField {
	case "required":
		return apierror.Invalid(path, "required", name+" is required")
	case "properties":
		if m := unsupportedProperty.FindStringSubmatch(se.Reason); m != nil {
			field := m[1]
			if path != "" {
				field = path + "." + field
			}
			return apierror.Invalid(field, "unknown_field", field+" is not a field of this request (names are case-sensitive)")
		}
	case "type", "nullable":
		return apierror.Invalid(path, "type", name+" must be "+typeWords(s))
	case "format":
		if (s.Format == "int32" || s.Format == "int64") && s.Max != nil {
			return apierror.Invalid(path, "maximum", fmt.Sprintf("%s must be a whole number of at most %s", name, number(*s.Max)))
		}
		return apierror.Invalid(path, "format", name+" must be "+formatWords(s.Format))
	case "enum":
		allowed := make([]string, 0, len(s.Enum))
		for _, v := range s.Enum {
			allowed = append(allowed, fmt.Sprint(v))
		}
		return apierror.Invalid(path, "enum", name+" must be one of: "+strings.Join(allowed, ", "))
	case "minLength":
		return apierror.Invalid(path, "minLength", fmt.Sprintf("%s must be at least %d characters", name, s.MinLength))
	case "maxLength":
		if s.MaxLength != nil {
			return apierror.Invalid(path, "maxLength", fmt.Sprintf("%s must be at most %d characters", name, *s.MaxLength))
		}
	case "pattern":
		return apierror.Invalid(path, "pattern", name+" is not in the expected form: "+s.Pattern)
	case "minimum", "exclusiveMinimum":
		if s.Min != nil {
			return apierror.Invalid(path, "minimum", fmt.Sprintf("%s must be at least %s", name, number(*s.Min)))
		}
	case "maximum", "exclusiveMaximum":
		if s.Max != nil {
			return apierror.Invalid(path, "maximum", fmt.Sprintf("%s must be at most %s", name, number(*s.Max)))
		}
	case "maxItems":
		if s.MaxItems != nil {
			return apierror.Invalid(path, "maxItems", fmt.Sprintf("%s may hold at most %d items", name, *s.MaxItems))
		}
	case "uniqueItems":
		return apierror.Invalid(path, "uniqueItems", name+" must not repeat an item")
	}
	return apierror.Invalid(path, se.SchemaField, name+" does not match the contract")
}

func number(f float64) string { return fmt.Sprintf("%.15g", f) }

func typeWords(s any) string {
	var t *openapi3.Types
	switch v := s.(type) {
	case *openapi3.Schema:
		if v != nil {
			t = v.Type
		}
	case *openapi3.SchemaRef:
		if v != nil && v.Value != nil {
			t = v.Value.Type
		}
	}
	switch {
	case t == nil:
		return "a valid value"
	case t.Is(openapi3.TypeInteger):
		return "a whole number"
	case t.Is(openapi3.TypeNumber):
		return "a number"
	case t.Is(openapi3.TypeBoolean):
		return "true or false"
	case t.Is(openapi3.TypeArray):
		return "a list"
	case t.Is(openapi3.TypeObject):
		return "an object"
	}
	return "a string"
}

func formatWords(format string) string {
	switch format {
	case "uuid":
		return "a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6"
	case "date":
		return "a date such as 2026-12-31"
	case "date-time":
		return "a date and time such as 2026-12-31T23:59:00Z"
	case "email":
		return "an email address"
	}
	return "a valid " + format
}

var badParameter = regexp.MustCompile(`^Invalid format for parameter ([A-Za-z0-9_-]+)`)

// bindError words a failure of the handlers' own decoding, which the validator should have caught
// first, without Go type names or byte offsets.
func bindError(he *echo.HTTPError) *apierror.Error {
	var typeErr *json.UnmarshalTypeError
	if errors.As(he.Internal, &typeErr) && typeErr.Field != "" {
		return apierror.Invalid(typeErr.Field, "type", typeErr.Field+" must be "+goTypeWords(typeErr.Type))
	}
	if m := badParameter.FindStringSubmatch(fmt.Sprint(he.Message)); m != nil {
		return apierror.Invalid(m[1], "format", m[1]+" is not in the expected form")
	}
	if he.Code == http.StatusBadRequest {
		return apierror.Validation("", "The request could not be read")
	}
	return &apierror.Error{Status: he.Code, Code: apierror.CodeValidation, Message: http.StatusText(he.Code)}
}

func goTypeWords(t reflect.Type) string {
	if t == nil {
		return "a valid value"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number that fits its field"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "a string"
}
