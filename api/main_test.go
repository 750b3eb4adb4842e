package api_test

import (
	"testing"

	"github.com/openaffiliate/platform/server/testkit/servertest"
)

func TestMain(m *testing.M) { servertest.Main(m, "api") }
