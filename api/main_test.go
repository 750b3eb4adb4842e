package api_test

import (
	"testing"

	"github.com/openaffiliate/platform/server/servertest"
)

func TestMain(m *testing.M) { servertest.Main(m, "api") }
