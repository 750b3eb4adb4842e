package server

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/openaffiliate/platform/server/platform/apierror"
)

// errorHandler writes every error as the envelope; unexpected ones are logged and answered 500.
func errorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	e, ok := apierror.From(err)
	if !ok {
		var he *echo.HTTPError
		switch {
		case errors.As(err, &he) && he.Code == http.StatusRequestEntityTooLarge:
			e = &apierror.Error{Status: he.Code, Code: apierror.CodeTooLarge, Message: "Request body is too large"}
		case errors.As(err, &he) && he.Code == http.StatusNotFound:
			e = apierror.NotFound("Not found")
		case errors.As(err, &he) && he.Code == http.StatusMethodNotAllowed:
			e = &apierror.Error{Status: he.Code, Code: apierror.CodeMethodNotAllowed, Message: "Method not allowed"}
		case errors.As(err, &he) && he.Code < 500:
			e = bindError(he)
		default:
			slog.ErrorContext(c.Request().Context(), "request failed", "err", err,
				"request_id", c.Response().Header().Get(echo.HeaderXRequestID), "path", c.Request().URL.Path)
			e = &apierror.Error{Status: http.StatusInternalServerError, Code: apierror.CodeInternal, Message: "Internal server error"}
		}
	}
	if e.RetryAfter > 0 {
		c.Response().Header().Set("Retry-After", fmt.Sprint(e.RetryAfter))
	}
	if c.Request().Method == http.MethodHead {
		_ = c.NoContent(e.Status)
		return
	}
	if werr := c.JSON(e.Status, e.Body()); werr != nil {
		slog.Error("write error response", "err", werr)
	}
}
