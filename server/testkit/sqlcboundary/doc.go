// Package sqlcboundary holds the test that keeps sqlc's row types inside the packages that query
// them: no exported declaration outside gen/ may name a type from gen/queries.
package sqlcboundary
