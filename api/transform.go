package api

import (
	"time"

	"github.com/google/uuid"
	openapi_types "github.com/oapi-codegen/runtime/types"
	"github.com/shopspring/decimal"

	"github.com/openaffiliate/platform/gen/oapi"
	"github.com/openaffiliate/platform/server/platform/amount"
	"github.com/openaffiliate/platform/server/platform/apierror"
	"github.com/openaffiliate/platform/server/platform/paging"
)

// deref is an optional text's value, "" when absent.
func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func nullUUID(id uuid.NullUUID) *uuid.UUID {
	if !id.Valid {
		return nil
	}
	return &id.UUID
}

func someText(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// someUUID is an optional id as a nullable column's value (nullUUID's inverse).
func someUUID(id *uuid.UUID) uuid.NullUUID {
	if id == nil {
		return uuid.NullUUID{}
	}
	return uuid.NullUUID{UUID: *id, Valid: true}
}

func intOf(n *int32) *int {
	if n == nil {
		return nil
	}
	v := int(*n)
	return &v
}

func ptr[T any](v T) *T { return &v }

func dateOf(t *time.Time) *openapi_types.Date {
	if t == nil {
		return nil
	}
	return &openapi_types.Date{Time: *t}
}

func parseDecimal(field string, s *amount.Text) (*decimal.Decimal, error) {
	if s == nil {
		return nil, nil
	}
	d, err := s.Decimal()
	if err != nil {
		return nil, apierror.Validation(field, field+" must be a decimal number such as 12.50")
	}
	return &d, nil
}

func pageOf(query *string, limit *int, offset *int32) paging.Page {
	p := paging.Page{}
	if query != nil {
		p.Query = *query
	}
	if limit != nil {
		p.Limit = *limit
	}
	if offset != nil {
		p.Offset = int(*offset)
	}
	return p
}

// sortedPage is pageOf in a list's order: its sort column (nil is its default, the creation time)
// and direction (nil is descending).
func sortedPage[S, O ~string](query *string, limit *int, offset *int32, sort *S, order *O) paging.Page {
	p := pageOf(query, limit, offset)
	if sort != nil {
		p.Sort = string(*sort)
	}
	p.Ascending = order != nil && string(*order) == string(oapi.SortOrderAsc)
	return p
}

// pageInfo answers the limit and offset a list used: paging's bounds, as the contract's ints.
func pageInfo(p paging.Page) (limit, offset int) {
	l, o := p.Bounds()
	return int(l), int(o)
}
