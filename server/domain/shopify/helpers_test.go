package shopify_test

import (
	"errors"

	"github.com/openaffiliate/platform/server/platform/apierror"
)

func fieldOfErr(err error) string {
	var e *apierror.Error
	if !errors.As(err, &e) || len(e.Details) == 0 {
		return ""
	}
	return e.Details[0].Field
}
