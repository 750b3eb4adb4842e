package servertest

import "sync/atomic"

// validated counts the responses that went through contract validation in this test binary.
var validated atomic.Int64

// Validated is how many responses were checked against openapi.yaml so far.
func Validated() int64 { return validated.Load() }
