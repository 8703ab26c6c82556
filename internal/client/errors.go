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

// OutcomeUnknownError reports a request that changes something and whose
// reply was lost: the server may or may not have carried it out. It is never
// retried automatically; callers look the object up instead.
type OutcomeUnknownError struct {
	Method, Path string
	Err          error
}

func (e *OutcomeUnknownError) Error() string {
	return fmt.Sprintf("%s %s: the request may or may not have been carried out (no reply was received): %v", e.Method, e.Path, e.Err)
}

func (e *OutcomeUnknownError) Unwrap() error { return e.Err }

// IsOutcomeUnknown reports whether err is an *OutcomeUnknownError.
func IsOutcomeUnknown(err error) bool {
	var o *OutcomeUnknownError
	return errors.As(err, &o)
}

// IsAmbiguousCreate reports whether err leaves open whether a create (or a
// send, a purchase, a link) was carried out: the reply was lost
// (*OutcomeUnknownError), or the API answered 500, 502, 503 or 504, which a
// gateway may return after the service committed the change.
func IsAmbiguousCreate(err error) bool {
	if IsOutcomeUnknown(err) {
		return true
	}
	switch StatusCode(err) {
	case http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}
