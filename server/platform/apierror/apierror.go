// Package apierror is the one error envelope of the API:
// {"success": false, "error": "<message>", "code": "<MACHINE_CODE>", "details": [...]}.
package apierror

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/openaffiliate/platform/gen/oapi"
)

// Machine codes clients branch on: the contract's ErrorCode enum, so the server cannot send a
// code the contract does not list.
const (
	CodeValidation           = oapi.ErrorCodeVALIDATIONERROR
	CodeUnauthorized         = oapi.ErrorCodeUNAUTHORIZED
	CodeForbidden            = oapi.ErrorCodeFORBIDDEN
	CodeNotFound             = oapi.ErrorCodeNOTFOUND
	CodeMethodNotAllowed     = oapi.ErrorCodeMETHODNOTALLOWED
	CodeConflict             = oapi.ErrorCodeCONFLICT
	CodeIdempotencyKeyReused = oapi.ErrorCodeIDEMPOTENCYKEYREUSED
	CodeRateLimited          = oapi.ErrorCodeRATELIMITED
	CodeInternal             = oapi.ErrorCodeINTERNALERROR
	CodeUnavailable          = oapi.ErrorCodeSERVICEUNAVAILABLE
	CodeTooLarge             = oapi.ErrorCodePAYLOADTOOLARGE
)

// Detail names one field at fault and, when the contract states it, the rule it breaks.
type Detail struct {
	Field   string `json:"field,omitempty"`
	Rule    string `json:"rule,omitempty"`
	Message string `json:"message"`
}

// Error is an expected failure with its HTTP status, machine code and message.
type Error struct {
	Status     int
	Code       oapi.ErrorCode
	Message    string
	Details    []Detail
	RetryAfter int // seconds; sent as Retry-After when positive
}

func (e *Error) Error() string { return fmt.Sprintf("%d %s: %s", e.Status, e.Code, e.Message) }

// Body is the JSON envelope of an error.
type Body struct {
	Success bool           `json:"success"`
	Error   string         `json:"error"`
	Code    oapi.ErrorCode `json:"code"`
	Details []Detail       `json:"details,omitempty"`
}

// Body renders the error as its envelope.
func (e *Error) Body() Body {
	return Body{Success: false, Error: e.Message, Code: e.Code, Details: e.Details}
}

// Validation is a 400 for input that breaks a rule; field may be empty.
func Validation(field, message string) *Error {
	e := &Error{Status: http.StatusBadRequest, Code: CodeValidation, Message: message}
	if field != "" {
		e.Details = []Detail{{Field: field, Message: message}}
	}
	return e
}

// Invalid is a 400 naming the field and the contract rule it breaks.
func Invalid(field, rule, message string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: CodeValidation, Message: message,
		Details: []Detail{{Field: field, Rule: rule, Message: message}}}
}

// BadInput is a 400 with the contract's own code for what is wrong with one field (a form shows
// its fixed message for each code).
func BadInput(code oapi.ErrorCode, field, message string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: code, Message: message,
		Details: []Detail{{Field: field, Message: message}}}
}

// Unauthorized is a 401.
func Unauthorized(message string) *Error {
	return &Error{Status: http.StatusUnauthorized, Code: CodeUnauthorized, Message: message}
}

// Forbidden is a 403.
func Forbidden(message string) *Error {
	return &Error{Status: http.StatusForbidden, Code: CodeForbidden, Message: message}
}

// NotFound is a 404; used as well for another tenant's objects so ids cannot be probed.
func NotFound(message string) *Error {
	return &Error{Status: http.StatusNotFound, Code: CodeNotFound, Message: message}
}

// Conflict is a 409 for a taken unique value.
func Conflict(field, message string) *Error {
	return &Error{Status: http.StatusConflict, Code: CodeConflict, Message: message,
		Details: []Detail{{Field: field, Message: message}}}
}

// RateLimited is a 429 asking the client to wait retryAfter seconds.
func RateLimited(message string, retryAfter int) *Error {
	return &Error{Status: http.StatusTooManyRequests, Code: CodeRateLimited, Message: message, RetryAfter: max(retryAfter, 1)}
}

// From returns the *Error inside err, if any.
func From(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// RenameFields names the fields of err's details as another system calls them (a shop's webhook
// field for the conversion field it fills), so a refusal points at the payload its sender wrote.
// Fields names does not list, and errors that are not an *Error, pass unchanged.
func RenameFields(err error, names map[string]string) error {
	if e, ok := From(err); ok {
		for i := range e.Details {
			if name, ok := names[e.Details[i].Field]; ok {
				e.Details[i].Field = name
			}
		}
	}
	return err
}

// WithListFields adds to names, for a list of n entries called from in the error and to in the
// payload, each entry's fields renamed as fields says ("lines.2.amount" to "line_items.2.total").
func WithListFields(names map[string]string, from, to string, n int, fields map[string]string) map[string]string {
	out := make(map[string]string, len(names)+n*len(fields))
	for k, v := range names {
		out[k] = v
	}
	for i := range n {
		for f, t := range fields {
			out[fmt.Sprintf("%s.%d.%s", from, i, f)] = fmt.Sprintf("%s.%d.%s", to, i, t)
		}
	}
	return out
}
