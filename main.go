// Command terraform-provider-cpaas is the Terraform provider for the CPaaS
// API. Run it with -debug to attach a debugger (see the README).
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/cpuprofile"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/gctune"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/lifeline"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
)

//go:generate make generate

// version is set by the linker (-ldflags "-X main.version=...") in releases.
var version = "dev"

func main() {
	var debug bool
	flag.BoolVar(&debug, "debug", false, "run the provider with support for debuggers like delve")
	flag.Parse()
	quietUnreadLogs()
	gctune.Apply()
	// Only make bench sets this, to measure the client without rate-limit
	// learning (plain retries after each Retry-After) against the default.
	if os.Getenv("CPAAS_BENCH_PLAIN_RETRIES") == "1" {
		provider.UsePlainRetriesForBench()
	}
	// Terraform starts a new provider process for every command: what one
	// learns of the API's rate limit starts the next (internal/client/doc.go, "Pace memory").
	if dir, err := os.UserCacheDir(); err == nil {
		provider.RememberPacesIn(filepath.Join(dir, "terraform-provider-cpaas", "rate-limits"))
		// Creates under way, so that what a killed run created is adopted
		// by the next run instead of made twice (internal/journal).
		provider.RememberCreatesIn(filepath.Join(dir, "terraform-provider-cpaas", "creates"))
	}
	// For profiling the provider under Terraform (internal/cmd/bench/README.md).
	defer cpuprofile.FromEnv()()

	var opts []tf6server.ServeOpt
	if debug {
		opts = append(opts, tf6server.WithManagedDebug())
	} else {
		// Terraform gone (killed, its runner stopped): end once the calls
		// in flight have, leaving what they created in the journal for
		// the next run to adopt (internal/lifeline).
		lifeline.Watch(time.Second, func() {
			log.Print("terraform-provider-cpaas: Terraform is gone and every call has ended; exiting")
			os.Exit(1)
		})
	}
	// Protocol 6, served by provider.NewServer: the framework's server
	// with each call's context released when the call returns.
	err := tf6server.Serve("registry.terraform.io/cpaas-dev/cpaas", provider.NewServer(version), opts...)
	if err != nil {
		log.Fatal(err.Error())
	}
	// Terraform ended the plugin itself, after saving the state: every
	// object this process created is in it.
	provider.HandOverCreates()
}

// Log levels of the plugin libraries and of this provider. Unset, each
// defaults to TRACE: every RPC and every API call is formatted as JSON,
// written to stderr and parsed by Terraform, which then drops it.
var pluginLogLevelVars = []string{"TF_LOG_SDK", "TF_LOG_SDK_PROTO", "TF_LOG_SDK_FRAMEWORK", "TF_LOG_PROVIDER_CPAAS"}

// quietUnreadLogs turns the provider's logs off when Terraform will not
// show them: neither TF_LOG nor TF_LOG_PROVIDER is set (or they are "off").
// On a 2-core runner the discarded TRACE output cost about a third of the
// provider's CPU and as much again in Terraform parsing it. Any of the
// variables set explicitly is left alone.
func quietUnreadLogs() {
	for _, v := range []string{"TF_LOG", "TF_LOG_PROVIDER"} {
		if l := os.Getenv(v); l != "" && !strings.EqualFold(l, "off") {
			return
		}
	}
	for _, v := range pluginLogLevelVars {
		if _, set := os.LookupEnv(v); !set {
			_ = os.Setenv(v, "off")
		}
	}
}
