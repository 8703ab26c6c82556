// Package emulator is an in-memory emulator of the CPaaS REST API: an
// http.Handler that tests run in-process (httptest) and that
// cmd/cpaas-emulator serves standalone. It enforces the rules of the
// service's API specification, and where that says "not shown", the shapes
// and rules of the published API.
//
// What it enforces beyond the specification, where it knowingly differs
// from the service, and how each area behaves: BEHAVIOUR.md in this folder.
package emulator
