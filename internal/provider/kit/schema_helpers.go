package kit

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"strings"
)

// The attribute shapes that recur across resources, written once. Each
// takes the attribute's description; what the shape means is said here.

// computedKeptString is a value the API sets (an id, a status, a date):
// computed, and kept from the state in a plan (UseStateForUnknown), so an
// update in place does not show it as "known after apply"; a refresh
// changes it.
func ComputedKeptString(description string) schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: description,
		Computed:            true,
		PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
	}
}

// computedKeptBool is computedKeptString for a flag.
func ComputedKeptBool(description string) schema.BoolAttribute {
	return schema.BoolAttribute{
		MarkdownDescription: description,
		Computed:            true,
		PlanModifiers:       []planmodifier.Bool{boolplanmodifier.UseStateForUnknown()},
	}
}

// computedKeptInt64 is computedKeptString for a number.
func ComputedKeptInt64(description string) schema.Int64Attribute {
	return schema.Int64Attribute{
		MarkdownDescription: description,
		Computed:            true,
		PlanModifiers:       []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
	}
}

// requiredReplacingString is a required argument the API cannot change in
// place: changing it replaces the object (the description says so).
func RequiredReplacingString(description string, validators ...validator.String) schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: description,
		Required:            true,
		PlanModifiers:       []planmodifier.String{stringplanmodifier.RequiresReplace()},
		Validators:          validators,
	}
}

// optionalString is an optional argument that updates in place.
func OptionalString(description string, validators ...validator.String) schema.StringAttribute {
	return schema.StringAttribute{MarkdownDescription: description, Optional: true, Validators: validators}
}

// appIDAttribute is the app_id of a resource (what, "endpoint"): which of
// the account's applications (cpaas_application) it uses; of says what
// the application does for it. planWith checks that the application
// exists (references.go).
func AppIDAttribute(what, of string) schema.StringAttribute {
	return OptionalString("Id of the application "+of+": the `app_id` of one of the account's applications "+
		"(`cpaas_application`). "+MissingRefNote(what)+" Updates in place; removing it detaches the application.",
		stringvalidator.UTF8LengthAtLeast(1))
}

// oneOfText lists the values an attribute takes, for its description:
// `a`, `b`, `c`.
func OneOfText(values []string) string { return "`" + strings.Join(values, "`, `") + "`" }
