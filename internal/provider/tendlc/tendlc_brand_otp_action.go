package tendlc

import (
	"context"
	_ "embed"
	"errors"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	rschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/client"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/provider/kit"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

var (
	_ action.ActionWithConfigure  = &BrandOTPAction{}
	_ action.ActionWithModifyPlan = &BrandOTPAction{}
)

// BrandOTPAction is cpaas_10dlc_brand_otp: each invocation (Terraform
// 1.14+) texts the one-time confirmation to a STARTER brand's contact
// phone (POST 10dlc/Brand/{id}/OTP/), who confirms the brand's
// registration by replying YES. It keeps nothing in the state.
//
// Its rules run when its invocation is planned (ModifyPlan), as
// cpaas_send_message's do; under `terraform validate`, the schema's
// validators run.
type BrandOTPAction struct {
	client     *client.Client
	schemaOnce sync.Once
	schema     schema.Schema
	rules      kit.StaticRules
}

// NewBrandOTPAction is the constructor the family registers.
func NewBrandOTPAction() action.Action { return &BrandOTPAction{} }

type brandOTPActionModel struct {
	BrandID types.String `tfsdk:"brand_id"`
}

func (a *BrandOTPAction) Metadata(_ context.Context, req action.MetadataRequest, resp *action.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_10dlc_brand_otp"
}

func (a *BrandOTPAction) Schema(ctx context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = a.servedSchema(ctx)
}

// servedSchema is the schema Terraform is given: at plan
// (kit.RulesAtPlan) without its validators, which a.rules receives.
func (a *BrandOTPAction) servedSchema(context.Context) schema.Schema {
	a.schemaOnce.Do(func() {
		// Declared as a resource attribute, the form kit.DeferRules takes.
		attrs := map[string]rschema.Attribute{
			"brand_id": rschema.StringAttribute{
				MarkdownDescription: "Id of the `STARTER` brand whose contact is texted (`cpaas_10dlc_brand.<name>.id`), " +
					tendlcrules.BrandIDRule + ". The service texts the phone of the brand's profile contact " +
					"(`cpaas_10dlc_profile`'s `authorized_contact.phone`); a brand of another type is refused.",
				Required:   true,
				Validators: []validator.String{kit.ShapeRule(tendlcrules.BrandIDPattern, tendlcrules.BrandIDRule)},
			},
		}
		if kit.RulesAtPlan() {
			attrs, a.rules = kit.DeferRules(attrs)
		}
		id, _ := attrs["brand_id"].(rschema.StringAttribute)
		a.schema = schema.Schema{
			MarkdownDescription: "Texts the one-time confirmation (OTP) of a `STARTER` (sole proprietor) 10DLC brand's registration to the " +
				"contact phone of the brand's profile, each time the action is invoked: from the command line " +
				"(`terraform apply -invoke=action.cpaas_10dlc_brand_otp.<name>`) or from the brand's lifecycle (`action_trigger` with " +
				"`after_create`). The contact confirms the registration by replying YES to the text. Needs Terraform 1.14 or later. " +
				"A plan never sends; each invocation sends one text, and a failed send is not repeated (a second text would reach " +
				"the contact): invoke the action again to send another.",
			Attributes: map[string]schema.Attribute{
				"brand_id": schema.StringAttribute{MarkdownDescription: id.MarkdownDescription, Required: true, Validators: id.Validators},
			},
		}
	})
	return a.schema
}

func (a *BrandOTPAction) Configure(_ context.Context, req action.ConfigureRequest, resp *action.ConfigureResponse) {
	a.client = kit.ClientFrom(req.ProviderData, &resp.Diagnostics)
}

// ModifyPlan runs the action's rules when its invocation is planned.
func (a *BrandOTPAction) ModifyPlan(ctx context.Context, req action.ModifyPlanRequest, resp *action.ModifyPlanResponse) {
	if !kit.RulesAtPlan() {
		return // the schema's validators ran
	}
	a.servedSchema(ctx)
	resp.Diagnostics.Append(a.rules.Check(ctx, req.Config)...)
}

func (a *BrandOTPAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	var cfg brandOTPActionModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id := cfg.BrandID.ValueString()
	// Checked again with the value known: a brand_id unknown at plan
	// time (a brand this apply creates) is refused here, not by the API.
	if err := tendlcrules.CheckShape("brand_id", id, tendlcrules.BrandIDPattern, tendlcrules.BrandIDRule); err != nil {
		resp.Diagnostics.AddError("Invalid 10DLC brand id", "Attribute "+err.Error()+".")
		return
	}
	sent, err := a.client.SendBrandOTP(ctx, id)
	switch {
	case errors.Is(err, client.ErrNotFound):
		resp.Diagnostics.AddError("10DLC brand not found",
			"Brand "+id+" is not one of the account's brands: no text was sent. Check brand_id (`cpaas_10dlc_brand.<name>.id`).")
		return
	case err != nil:
		kit.AddAPIError(&resp.Diagnostics, "Error sending the 10DLC brand's OTP", "10DLC brand "+id, err)
		resp.Diagnostics.AddWarning("The OTP is not sent again",
			"A one-time confirmation reaches a person's phone: the provider never repeats the request. When the error above "+
				"says the request may have been carried out, ask the brand's contact whether the text came before invoking the action again.")
		return
	}
	msg := "10DLC brand " + id + ": " + sent.Message
	tflog.Info(ctx, msg)
	if resp.SendProgress != nil {
		resp.SendProgress(action.InvokeProgressEvent{Message: msg})
	}
}

// brandOTPActionIntro is the page's prose besides the schema: the shared
// actions template (templates/actions.md.tmpl) shows it after the
// description.
//
//go:embed tendlc_brand_otp_action_intro.md
var brandOTPActionIntro string

func (a *BrandOTPAction) DocPage() kit.DocPage {
	return kit.PageDocs{Subcategory: kit.SubTenDLC, Intro: strings.TrimSpace(brandOTPActionIntro)}.Page("actions", "10dlc_brand_otp")
}
