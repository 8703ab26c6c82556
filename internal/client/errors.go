package client

import (
	"errors"
	"fmt"
	"net/http"
)

// ErrNotFound is matched (errors.Is) by every *APIError with status 404, so
// callers never compare error strings to detect a missing object.
var ErrNotFound = errors.New("not found")

// APIError is a non-2xx reply of the API. Message is the API's own "error"
// text; it never contains credentials because the API does not echo them.
type APIError struct {
	StatusCode int
	APIID      string
	Message    string
	Method     string
	Path       string
}

func (e *APIError) Error() string {
	msg := e.Message
	if msg == "" {
		msg = http.StatusText(e.StatusCode)
	}
	s := fmt.Sprintf("%s %s: HTTP %d: %s", e.Method, e.Path, e.StatusCode, msg)
	if e.APIID != "" {
		s += " (api_id " + e.APIID + ")"
	}
	return s
}

// Is makes errors.Is(err, ErrNotFound) true for a 404.
func (e *APIError) Is(target error) bool {
	return target == ErrNotFound && e.StatusCode == http.StatusNotFound
}

// IsUnauthorized reports whether err is the API refusing the credentials.
func IsUnauthorized(err error) bool {
	var apiErr *APIError
	return errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusUnauthorized
}

// StatusCode returns the HTTP status of an *APIError in err's chain, or 0.
func StatusCode(err error) int {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.StatusCode
	}
	return 0
}
