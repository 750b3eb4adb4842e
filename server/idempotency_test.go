package server

import (
	"regexp"
	"strings"
	"testing"

	"github.com/openaffiliate/platform/gen/oapi"
)

// A misspelt route in secretAnswers would silently store a credential: each must be in the contract.
func TestIdemSecretAnswersAreOperations(t *testing.T) {
	spec, err := oapi.GetSpec()
	if err != nil {
		t.Fatal(err)
	}
	param := regexp.MustCompile(`:([A-Za-z]+)`)
	for route := range secretAnswers {
		method, path, _ := strings.Cut(route, " ")
		path = param.ReplaceAllString(strings.TrimPrefix(path, APIBase), "{$1}")
		item := spec.Paths.Find(path)
		if item == nil || item.GetOperation(method) == nil {
			t.Errorf("%s is not an operation of openapi.yaml", route)
		}
	}
}
