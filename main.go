// Command terraform-provider-cpaas is the Terraform provider for the CPaaS
// API. Run it with -debug to attach a debugger (see the README).
package main

import (
	"context"
	"flag"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider"
)

//go:generate go tool tfplugindocs generate --provider-name cpaas --rendered-provider-name CPaaS

// version is set by the linker (-ldflags "-X main.version=...") in releases.
var version = "dev"

func main() {
	var debug bool
	flag.BoolVar(&debug, "debug", false, "run the provider with support for debuggers like delve")
	flag.Parse()

	err := providerserver.Serve(context.Background(), provider.New(version), providerserver.ServeOpts{
		Address:         "registry.terraform.io/cpaas-dev/cpaas",
		Debug:           debug,
		ProtocolVersion: 6,
	})
	if err != nil {
		log.Fatal(err.Error())
	}
}
