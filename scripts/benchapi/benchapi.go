// Package benchapi is the API client the benchmark programs share: JSON calls to the server under
// measurement, where any failure ends the program with a message.
package benchapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
)

// Client calls one server's API.
type Client struct {
	Name string // the program, prefixed to its messages
	Base string // the server's address
	HTTP *http.Client
	// OK, when set, is the only status a call may answer; otherwise any successful envelope will do.
	OK int
}

// Fail prints a message and ends the program.
func (c Client) Fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, c.Name+": "+format+"\n", args...)
	os.Exit(1)
}

// Call sends a JSON request to an /api/v1 path and answers the envelope's data.
func (c Client) Call(method, path, token string, body any) map[string]any {
	var buf bytes.Buffer
	if body != nil {
		if err := json.NewEncoder(&buf).Encode(body); err != nil {
			c.Fail("%v", err)
		}
	}
	req, err := http.NewRequest(method, c.Base+"/api/v1"+path, &buf)
	if err != nil {
		c.Fail("%v", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		c.Fail("%s %s: %v", method, path, err)
	}
	defer func() { _ = resp.Body.Close() }()
	var env struct {
		Success bool           `json:"success"`
		Data    map[string]any `json:"data"`
		Error   string         `json:"error"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil || !env.Success || (c.OK != 0 && resp.StatusCode != c.OK) {
		c.Fail("%s %s: %d %s %v", method, path, resp.StatusCode, env.Error, err)
	}
	return env.Data
}
