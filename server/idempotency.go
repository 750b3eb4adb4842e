package server

import (
	"bytes"
	"errors"
	"io"
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/auth"
	"github.com/openaffiliate/platform/server/platform/idempotency"
)

// Idempotency headers: the client's key, and the mark on an answer replayed from the store.
const (
	IdempotencyKeyHeader      = "Idempotency-Key"
	IdempotentReplayedHeader  = "Idempotent-Replayed"
	idempotencyKeyRuleMessage = "Idempotency-Key must be 1 to 255 printable ASCII characters, sent once"
)

// idempotencyKeys answers a repeated POST, PUT, PATCH or DELETE that carries an Idempotency-Key
// with the first answer to it (see package idempotency). It runs after the request validator,
// whose authentication puts the caller into the request context: keys are scoped to the caller.
// Requests without the header, reads and the changes the contract declares x-idempotent: false
// (the public ones: login, signup, dev-login, password reset, the Shopify webhook; no caller to
// scope a key to) pass through untouched. The operations whose answers hold a credential
// (x-secret-answer) take the key like any other, but their answers are withheld:
// never stored, a repeat runs anew, and the key refuses any other request (so a key first used
// elsewhere is refused there too). Requests the validator refuses never get here, so they are
// not stored.
func idempotencyKeys(store *idempotency.Store) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			keys := req.Header.Values(IdempotencyKeyHeader)
			operation := policyOf(c)
			if len(keys) == 0 || !operation.Idempotent {
				return next(c)
			}
			user, ok := auth.UserFrom(req.Context())
			if !ok {
				return next(c)
			}
			if len(keys) > 1 || !idempotency.ValidKey(keys[0]) {
				return apierror.Validation(IdempotencyKeyHeader, idempotencyKeyRuleMessage)
			}
			body, err := readBody(req)
			if err != nil {
				return err
			}
			caller := user.ID
			if user.APIKeyID != uuid.Nil {
				caller = user.APIKeyID // an API-key call has no user id; its key is the caller
			}
			var handlerErr error
			resp, replayed, err := store.Do(req.Context(), idempotency.Request{
				Caller: caller, Key: keys[0], Method: req.Method, Path: req.URL.RequestURI(), Body: body,
				Withheld: operation.SecretAnswer,
			}, func() idempotency.Response {
				rec := &responseRecorder{ResponseWriter: c.Response().Writer}
				c.Response().Writer = rec
				defer func() { c.Response().Writer = rec.ResponseWriter }()
				if handlerErr = next(c); handlerErr != nil {
					c.Error(handlerErr) // writes the error envelope now, so that it is the answer stored
				}
				return idempotency.Response{Status: c.Response().Status, ContentType: c.Response().Header().Get(echo.HeaderContentType), Body: rec.body.Bytes()}
			})
			switch {
			case errors.Is(err, idempotency.ErrKeyReused):
				return &apierror.Error{Status: http.StatusConflict, Code: apierror.CodeIdempotencyKeyReused,
					Message: "This Idempotency-Key was already used for a different request"}
			case errors.Is(err, idempotency.ErrInProgress):
				return &apierror.Error{Status: http.StatusConflict, Code: apierror.CodeIdempotencyKeyReused,
					Message: "A request with this Idempotency-Key is still running; retry it later", RetryAfter: 1}
			case err != nil:
				return err
			case !replayed:
				return handlerErr // already answered; returned for the request log
			}
			h := c.Response().Header()
			h.Set(IdempotentReplayedHeader, "true")
			if resp.ContentType != "" {
				h.Set(echo.HeaderContentType, resp.ContentType)
			}
			c.Response().WriteHeader(resp.Status)
			_, err = c.Response().Write(resp.Body)
			return err
		}
	}
}

// readBody reads the request body for its hash and puts it back for the handler, keeping the
// value a validator with KeepValidatedValue left on it.
func readBody(req *http.Request) ([]byte, error) {
	if req.Body == nil {
		return nil, nil
	}
	body, err := io.ReadAll(req.Body)
	if err != nil {
		return nil, err
	}
	rest := io.NopCloser(bytes.NewReader(body))
	if v, ok := req.Body.(interface{ ValidatedValue() any }); ok {
		req.Body = validatedBody{ReadCloser: rest, value: v.ValidatedValue()}
	} else {
		req.Body = rest
	}
	return body, nil
}

type validatedBody struct {
	io.ReadCloser
	value any
}

func (b validatedBody) ValidatedValue() any { return b.value }

// responseRecorder copies what the handler writes, to be stored as the key's answer.
type responseRecorder struct {
	http.ResponseWriter
	body bytes.Buffer
}

func (r *responseRecorder) Write(b []byte) (int, error) {
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

func (r *responseRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
