package paging

import (
	"math"
	"testing"
)

func TestPageBounds(t *testing.T) {
	for _, tc := range []struct {
		page          Page
		limit, offset int32
	}{
		{Page{}, DefaultLimit, 0},
		{Page{Limit: 20, Offset: 40}, 20, 40},
		{Page{Limit: MaxLimit + 1, Offset: -5}, MaxLimit, 0},
		// Past int32 the offset is clamped, not wrapped negative.
		{Page{Limit: 10, Offset: math.MaxInt32 + 1}, 10, math.MaxInt32},
	} {
		if limit, offset := tc.page.Bounds(); limit != tc.limit || offset != tc.offset {
			t.Errorf("%+v.Bounds() = %d, %d; want %d, %d", tc.page, limit, offset, tc.limit, tc.offset)
		}
	}
}
