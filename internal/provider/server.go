package provider

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/lifeline"
)

// NewServer returns the provider's protocol 6 server: the framework's
// server, with the context of every call detached from it once the call
// returns.
//
// The framework (v1.19.0, internal/proto6server) registers a cancel
// function for the context of every call and keeps it until StopProvider,
// which Terraform sends only on interrupt. Each one holds the whole context
// of its call: the gRPC stream and the loggers terraform-plugin-go and the
// framework attach, about 60 KiB. A provider process therefore grew by that
// much per call (1,000 endpoints: 70 MiB live after apply, 210 MiB after
// apply, plan and destroy in one debug-mode process). The server here gives
// the framework a context that forwards to the call's context only while
// the call runs; what the framework keeps afterwards is a few words.
func NewServer(version string) func() tfprotov6.ProviderServer {
	return NewServerFor(New(version)())
}

// NewServerFor serves p as NewServer serves this provider (the bench's
// framework floor serves a variant of it).
func NewServerFor(p provider.Provider) func() tfprotov6.ProviderServer {
	framework := providerserver.NewProtocol6(p)
	return func() tfprotov6.ProviderServer {
		inner := framework()
		actions, _ := inner.(tfprotov6.ActionServer) // the framework's server serves actions
		return detachingServer{inner: inner, actions: actions}
	}
}

// detachedContext forwards to a call's context until release; then it
// holds nothing of it but its done channel and deadline. Values are gone
// (loggers, masks), so code that keeps using the context after the call
// logs nothing, and its Err reports Canceled once the call's context was.
type detachedContext struct {
	inner       atomic.Pointer[context.Context]
	done        <-chan struct{}
	deadline    time.Time
	hasDeadline bool
}

func detach(ctx context.Context) *detachedContext {
	d := &detachedContext{done: ctx.Done()}
	d.deadline, d.hasDeadline = ctx.Deadline()
	d.inner.Store(&ctx)
	return d
}

func (d *detachedContext) release() { d.inner.Store(nil) }

func (d *detachedContext) Deadline() (time.Time, bool) { return d.deadline, d.hasDeadline }

func (d *detachedContext) Done() <-chan struct{} { return d.done }

func (d *detachedContext) Err() error {
	if p := d.inner.Load(); p != nil {
		return (*p).Err()
	}
	select {
	case <-d.done:
		return context.Canceled
	default:
		return nil
	}
}

func (d *detachedContext) Value(key any) any {
	if p := d.inner.Load(); p != nil {
		return (*p).Value(key)
	}
	return nil
}

// call runs f with a context detached from ctx when f returns.
// It counts the call in flight, and cancels it when Terraform is gone
// (internal/lifeline).
func call[Req, Resp any](ctx context.Context, f func(context.Context, Req) (Resp, error), req Req) (Resp, error) {
	ctx, end := lifeline.Call(ctx)
	defer end()
	d := detach(ctx)
	defer d.release()
	return f(d, req)
}

// detachingServer passes every call of tfprotov6.ProviderServer to the
// framework's server through call. It implements each method itself
// rather than embedding the interface, so an RPC a later terraform-plugin-go
// adds fails the build (the assertion below) instead of reaching the
// framework undetached; TestDetachingServerWrapsEveryRPC checks the
// optional interfaces (actions, list resources) the same way.
type detachingServer struct {
	inner tfprotov6.ProviderServer
	// actions are the framework's action RPCs (Terraform 1.14+): tf6server
	// finds them by type assertion, which the embedded interface would hide.
	actions tfprotov6.ActionServer
}

var _ tfprotov6.ProviderServer = detachingServer{}

// tf6server serves actions when the server also is an ActionServer.
var _ tfprotov6.ActionServer = detachingServer{}

func (s detachingServer) ValidateActionConfig(ctx context.Context, req *tfprotov6.ValidateActionConfigRequest) (*tfprotov6.ValidateActionConfigResponse, error) {
	return call(ctx, s.actions.ValidateActionConfig, req)
}

func (s detachingServer) PlanAction(ctx context.Context, req *tfprotov6.PlanActionRequest) (*tfprotov6.PlanActionResponse, error) {
	return call(ctx, s.actions.PlanAction, req)
}

// InvokeAction keeps ctx attached: the framework runs the action while
// Terraform reads the returned stream, after this call has returned.
func (s detachingServer) InvokeAction(ctx context.Context, req *tfprotov6.InvokeActionRequest) (*tfprotov6.InvokeActionServerStream, error) {
	return s.actions.InvokeAction(ctx, req)
}

func (s detachingServer) StopProvider(ctx context.Context, req *tfprotov6.StopProviderRequest) (*tfprotov6.StopProviderResponse, error) {
	return call(ctx, s.inner.StopProvider, req)
}

func (s detachingServer) GetMetadata(ctx context.Context, req *tfprotov6.GetMetadataRequest) (*tfprotov6.GetMetadataResponse, error) {
	return call(ctx, s.inner.GetMetadata, req)
}

func (s detachingServer) GetProviderSchema(ctx context.Context, req *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	return call(ctx, s.inner.GetProviderSchema, req)
}

func (s detachingServer) GetResourceIdentitySchemas(ctx context.Context, req *tfprotov6.GetResourceIdentitySchemasRequest) (*tfprotov6.GetResourceIdentitySchemasResponse, error) {
	return call(ctx, s.inner.GetResourceIdentitySchemas, req)
}

func (s detachingServer) ValidateProviderConfig(ctx context.Context, req *tfprotov6.ValidateProviderConfigRequest) (*tfprotov6.ValidateProviderConfigResponse, error) {
	return call(ctx, s.inner.ValidateProviderConfig, req)
}

func (s detachingServer) ConfigureProvider(ctx context.Context, req *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	return call(ctx, s.inner.ConfigureProvider, req)
}

func (s detachingServer) ValidateResourceConfig(ctx context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	return call(ctx, s.inner.ValidateResourceConfig, req)
}

func (s detachingServer) UpgradeResourceState(ctx context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	return call(ctx, s.inner.UpgradeResourceState, req)
}

func (s detachingServer) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	return call(ctx, s.inner.ReadResource, req)
}

func (s detachingServer) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	return call(ctx, s.inner.PlanResourceChange, req)
}

func (s detachingServer) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	return call(ctx, s.inner.ApplyResourceChange, req)
}

func (s detachingServer) ImportResourceState(ctx context.Context, req *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	return call(ctx, s.inner.ImportResourceState, req)
}

func (s detachingServer) MoveResourceState(ctx context.Context, req *tfprotov6.MoveResourceStateRequest) (*tfprotov6.MoveResourceStateResponse, error) {
	return call(ctx, s.inner.MoveResourceState, req)
}

func (s detachingServer) UpgradeResourceIdentity(ctx context.Context, req *tfprotov6.UpgradeResourceIdentityRequest) (*tfprotov6.UpgradeResourceIdentityResponse, error) {
	return call(ctx, s.inner.UpgradeResourceIdentity, req)
}

func (s detachingServer) GenerateResourceConfig(ctx context.Context, req *tfprotov6.GenerateResourceConfigRequest) (*tfprotov6.GenerateResourceConfigResponse, error) {
	return call(ctx, s.inner.GenerateResourceConfig, req)
}

func (s detachingServer) ValidateDataResourceConfig(ctx context.Context, req *tfprotov6.ValidateDataResourceConfigRequest) (*tfprotov6.ValidateDataResourceConfigResponse, error) {
	return call(ctx, s.inner.ValidateDataResourceConfig, req)
}

func (s detachingServer) ReadDataSource(ctx context.Context, req *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	return call(ctx, s.inner.ReadDataSource, req)
}

func (s detachingServer) CallFunction(ctx context.Context, req *tfprotov6.CallFunctionRequest) (*tfprotov6.CallFunctionResponse, error) {
	return call(ctx, s.inner.CallFunction, req)
}

func (s detachingServer) GetFunctions(ctx context.Context, req *tfprotov6.GetFunctionsRequest) (*tfprotov6.GetFunctionsResponse, error) {
	return call(ctx, s.inner.GetFunctions, req)
}

func (s detachingServer) ValidateEphemeralResourceConfig(ctx context.Context, req *tfprotov6.ValidateEphemeralResourceConfigRequest) (*tfprotov6.ValidateEphemeralResourceConfigResponse, error) {
	return call(ctx, s.inner.ValidateEphemeralResourceConfig, req)
}

func (s detachingServer) OpenEphemeralResource(ctx context.Context, req *tfprotov6.OpenEphemeralResourceRequest) (*tfprotov6.OpenEphemeralResourceResponse, error) {
	return call(ctx, s.inner.OpenEphemeralResource, req)
}

func (s detachingServer) RenewEphemeralResource(ctx context.Context, req *tfprotov6.RenewEphemeralResourceRequest) (*tfprotov6.RenewEphemeralResourceResponse, error) {
	return call(ctx, s.inner.RenewEphemeralResource, req)
}

func (s detachingServer) CloseEphemeralResource(ctx context.Context, req *tfprotov6.CloseEphemeralResourceRequest) (*tfprotov6.CloseEphemeralResourceResponse, error) {
	return call(ctx, s.inner.CloseEphemeralResource, req)
}

// The list resource calls (Terraform 1.14+) sit behind an interface of
// their own in terraform-plugin-go, which tf6server finds by assertion.
var _ tfprotov6.ListResourceServer = detachingServer{}

func (s detachingServer) ValidateListResourceConfig(ctx context.Context, req *tfprotov6.ValidateListResourceConfigRequest) (*tfprotov6.ValidateListResourceConfigResponse, error) {
	lister, ok := s.inner.(tfprotov6.ListResourceServer)
	if !ok {
		return nil, errors.New("the framework's server does not serve list resources")
	}
	return call(ctx, lister.ValidateListResourceConfig, req)
}

// ListResource is not detached: its results stream is read after the call
// returns, and uses the call's context (its logger) until the end.
func (s detachingServer) ListResource(ctx context.Context, req *tfprotov6.ListResourceRequest) (*tfprotov6.ListResourceServerStream, error) {
	lister, ok := s.inner.(tfprotov6.ListResourceServer)
	if !ok {
		return nil, errors.New("the framework's server does not serve list resources")
	}
	return lister.ListResource(ctx, req)
}
