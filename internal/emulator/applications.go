package emulator

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/applicationrules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// Applications: the URLs the service calls for an endpoint's or a number's
// voice calls and incoming messages; app_id on those names one. Where the
// published API is silent this emulator chooses, as a user would expect:
//   - every URL, not only answer_url, must be fully qualified when given;
//     an empty URL on an update removes it (answer_url cannot be removed);
//   - the list's app_name filter matches the whole name;
//   - DELETE takes cascade and new_endpoint_application as query
//     parameters or in a JSON body (the service's Python and Node SDKs send
//     one; the query wins). cascade (default true) deletes the application's
//     endpoints with it; cascade=false detaches them, or moves them to
//     new_endpoint_application (another application of the account). The
//     numbers that use the application are detached either way: a number
//     is never released by deleting an application.

type application struct {
	Seq          uint64
	ID           string
	Name         string
	AnswerURL    string
	AnswerMethod string
	HangupURL    string
	HangupMethod string
	FallbackURL  string
	FallbackMeth string
	MessageURL   string
	MessageMeth  string
	DefaultNum   bool
	DefaultEP    bool
	LogIncoming  bool
	PublicURI    bool
}

// applicationAccounts is the area's state: each account's applications.
var applicationAccounts = objectsState[*application]("applications")

func (a *account) applications() map[string]*application { return *stateOf[map[string]*application](a) }

func (s *Server) applicationRoutes() []route {
	return []route{
		r(http.MethodPost, "Application", s.createApplication),
		r(http.MethodGet, "Application", s.listApplications),
		r(http.MethodGet, "Application/{id}", s.getApplication),
		r(http.MethodPost, "Application/{id}", s.updateApplication),
		r(http.MethodDelete, "Application/{id}", s.deleteApplication),
	}
}

// checkApplicationSettings checks the fields given, through
// applicationrules; it returns the first error.
func checkApplicationSettings(in *wire.ApplicationSettings) error {
	for _, u := range []struct {
		field string
		v     *string
	}{{"hangup_url", in.HangupURL}, {"fallback_answer_url", in.FallbackAnswerURL}, {"message_url", in.MessageURL}} {
		if u.v != nil && *u.v != "" {
			if err := applicationrules.CheckURL(u.field, *u.v); err != nil {
				return err
			}
		}
	}
	for _, m := range []struct {
		field string
		v     *string
	}{{"answer_method", in.AnswerMethod}, {"hangup_method", in.HangupMethod}, {"fallback_method", in.FallbackMethod}, {"message_method", in.MessageMethod}} {
		if m.v != nil {
			if err := applicationrules.CheckMethod(m.field, *m.v); err != nil {
				return err
			}
		}
	}
	return nil
}

// apply copies the fields given into a.
func (a *application) apply(in *wire.ApplicationSettings) {
	set := func(dst *string, v *string) {
		if v != nil {
			*dst = *v
		}
	}
	setBool := func(dst *bool, v *bool) {
		if v != nil {
			*dst = *v
		}
	}
	set(&a.AnswerURL, in.AnswerURL)
	set(&a.AnswerMethod, in.AnswerMethod)
	set(&a.HangupURL, in.HangupURL)
	set(&a.HangupMethod, in.HangupMethod)
	set(&a.FallbackURL, in.FallbackAnswerURL)
	set(&a.FallbackMeth, in.FallbackMethod)
	set(&a.MessageURL, in.MessageURL)
	set(&a.MessageMeth, in.MessageMethod)
	setBool(&a.DefaultNum, in.DefaultNumberApp)
	setBool(&a.DefaultEP, in.DefaultEndpointApp)
	setBool(&a.LogIncoming, in.LogIncomingMessages)
	setBool(&a.PublicURI, in.PublicURI)
}

func (s *Server) createApplication(c *call) {
	var in wire.ApplicationCreate
	if !c.decode(&in) {
		return
	}
	switch {
	case in.AppName == "":
		c.badRequest("Mandatory parameter missing. app_name must be present.")
		return
	case applicationrules.CheckAppName("app_name", in.AppName) != nil:
		c.badRequest("%v", applicationrules.CheckAppName("app_name", in.AppName))
		return
	case in.AnswerURL == nil || *in.AnswerURL == "":
		c.badRequest("Mandatory parameter missing. answer_url must be present.")
		return
	case applicationrules.CheckURL("answer_url", *in.AnswerURL) != nil:
		c.badRequest("%v", applicationrules.CheckURL("answer_url", *in.AnswerURL))
		return
	}
	if err := checkApplicationSettings(&in.ApplicationSettings); err != nil {
		c.badRequest("%v", err)
		return
	}
	s.mu.Lock()
	owner, perr := placement(c.acct, in.Subaccount)
	if perr != nil {
		s.mu.Unlock()
		c.badRequest("%v", perr)
		return
	}
	if owner == nil {
		owner = c.acct
	}
	a := &application{
		Seq: s.nextSeq(), Name: in.AppName,
		AnswerMethod: applicationrules.DefaultMethod, HangupMethod: applicationrules.DefaultMethod,
		FallbackMeth: applicationrules.DefaultMethod, MessageMeth: applicationrules.DefaultMethod,
		LogIncoming: applicationrules.DefaultLogIncomingMessages,
	}
	for a.ID == "" || c.acct.applications()[a.ID] != nil || owner.applications()[a.ID] != nil {
		a.ID = s.randDigits(17)
	}
	a.apply(&in.ApplicationSettings)
	owner.applications()[a.ID] = a
	s.mu.Unlock()
	c.reply(http.StatusCreated, wire.ApplicationCreated{APIID: newAPIID(), AppID: a.ID, Message: "created"})
}

func (s *Server) viewApplication(acct *account, a *application) wire.Application {
	v := wire.Application{
		AnswerMethod: a.AnswerMethod, AnswerURL: a.AnswerURL, AppID: a.ID, AppName: a.Name,
		DefaultApp: a.DefaultNum, DefaultEndpointApp: a.DefaultEP, Enabled: true,
		FallbackAnswerURL: a.FallbackURL, FallbackMethod: a.FallbackMeth, HangupMethod: a.HangupMethod, HangupURL: a.HangupURL,
		LogIncomingMessages: a.LogIncoming, MessageMethod: a.MessageMeth, MessageURL: a.MessageURL, PublicURI: a.PublicURI,
		ResourceURI: resourceURI(acct, "Application", a.ID),
		SIPURI:      "sip:" + a.ID + "@app." + s.opts.SIPDomain,
	}
	v.SubAccount = subaccountOf(acct)
	return v
}

// findApplication finds application id among those acct reaches (family):
// its own and, for a main account, its subaccounts'. Callers hold s.mu.
func findApplication(acct *account, id string) (*account, *application) {
	for _, owner := range family(acct) {
		if a, ok := owner.applications()[id]; ok {
			return owner, a
		}
	}
	return nil, nil
}

func (s *Server) getApplication(c *call) {
	s.mu.Lock()
	owner, a := findApplication(c.acct, c.param("id"))
	var v wire.Application
	if a != nil {
		v = s.viewApplication(owner, a)
	}
	s.mu.Unlock()
	if a == nil {
		c.notFound("application", c.param("id"))
		return
	}
	c.reply(http.StatusOK, wire.ApplicationReply{APIID: newAPIID(), Application: v})
}

// ownedApplication is an application with the account that holds it.
type ownedApplication struct {
	owner *account
	app   *application
}

// listApplications lists the applications acct reaches, oldest first;
// subaccount (an auth_id: a subaccount's, or the main account's own) keeps
// one account's.
func (s *Server) listApplications(c *call) {
	name, sub := c.req.URL.Query().Get("app_name"), c.req.URL.Query().Get("subaccount")
	s.mu.Lock()
	all := map[string]ownedApplication{}
	for _, owner := range family(c.acct) {
		for id, a := range owner.applications() {
			all[id] = ownedApplication{owner, a}
		}
	}
	s.mu.Unlock()
	meta, objects, ok := pageOf(c, applicationrules.ListMaxLimit, all, func(o ownedApplication) uint64 { return o.app.Seq },
		func(o ownedApplication) bool {
			return (name == "" || o.app.Name == name) && (sub == "" || o.owner.ID == sub)
		},
		func(o ownedApplication) wire.Application { return s.viewApplication(o.owner, o.app) })
	if !ok {
		return
	}
	c.reply(http.StatusOK, wire.ApplicationList{APIID: newAPIID(), Meta: meta, Objects: objects})
}

func (s *Server) updateApplication(c *call) {
	var in wire.ApplicationUpdate
	if !c.decode(&in) {
		return
	}
	if in.AppName != nil {
		if err := applicationrules.CheckAppName("app_name", *in.AppName); err != nil {
			c.badRequest("%v", err)
			return
		}
	}
	if in.AnswerURL != nil {
		if err := applicationrules.CheckURL("answer_url", *in.AnswerURL); err != nil {
			c.badRequest("%v", err)
			return
		}
	}
	if err := checkApplicationSettings(&in.ApplicationSettings); err != nil {
		c.badRequest("%v", err)
		return
	}
	id := c.param("id")
	s.mu.Lock()
	owner, a := findApplication(c.acct, id)
	var err error
	var to *account
	if a != nil {
		to, err = placement(c.acct, in.Subaccount)
		if err == nil && to != nil && to != owner {
			err = checkApplicationMovable(owner, id)
		}
	}
	if a != nil && err == nil {
		if in.AppName != nil {
			a.Name = *in.AppName
		}
		a.apply(&in.ApplicationSettings)
		if to != nil && to != owner {
			delete(owner.applications(), id)
			to.applications()[id] = a
		}
	}
	s.mu.Unlock()
	switch {
	case a == nil:
		c.notFound("application", id)
	case err != nil:
		c.badRequest("%v", err)
	default:
		c.reply(http.StatusAccepted, wire.Reply{APIID: newAPIID(), Message: "changed"})
	}
}

// checkApplicationMovable refuses to move an application out of owner
// while owner's endpoints or numbers use it: their app_id must name an
// application of their own account. Callers hold s.mu.
func checkApplicationMovable(owner *account, id string) error {
	for eid, e := range owner.endpoints() {
		if e.AppID == id {
			return fmt.Errorf("subaccount: application %s cannot move to another account while endpoint %s of its account uses it", id, eid)
		}
	}
	for n, o := range owner.numbers() {
		if o.AppID == id {
			return fmt.Errorf("subaccount: application %s cannot move to another account while number %s of its account uses it", id, n)
		}
	}
	return nil
}

func (s *Server) deleteApplication(c *call) {
	id := c.param("id")
	// The service's Python and Node SDKs send DELETE arguments as a JSON
	// body, others as the query: both are taken, the query first.
	var body wire.ApplicationDelete
	if !c.decode(&body) {
		return
	}
	q := c.req.URL.Query()
	cascade := true
	if body.Cascade.Set {
		cascade = body.Cascade.Value
	}
	if v := q.Get("cascade"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			c.badRequest("cascade must be true or false, got %q", v)
			return
		}
		cascade = b
	}
	moveTo := q.Get("new_endpoint_application")
	if moveTo == "" {
		moveTo = body.NewEndpointApplication
	}
	if moveTo != "" && cascade {
		c.badRequest("new_endpoint_application %q is only used with cascade=false", moveTo)
		return
	}
	s.mu.Lock()
	owner, app := findApplication(c.acct, id)
	found := app != nil
	if owner == nil {
		owner = c.acct
	}
	_, target := owner.applications()[moveTo]
	valid := moveTo == "" || (target && moveTo != id)
	if found && valid {
		for eid, e := range owner.endpoints() {
			switch {
			case e.AppID != id:
			case cascade:
				delete(owner.endpoints(), eid)
			default:
				e.AppID = moveTo
			}
		}
		for _, n := range owner.numbers() {
			if n.AppID == id {
				n.AppID = ""
			}
		}
		delete(owner.applications(), id)
	}
	s.mu.Unlock()
	switch {
	case !found:
		c.notFound("application", id)
	case !valid:
		c.badRequest("new_endpoint_application %q is not another application of this account", moveTo)
	default:
		c.noContent()
	}
}

// checkAppID refuses an app_id (of an endpoint or a number) that names
// none of acct's applications; nil or "" (none, or detach) always passes.
// Callers hold s.mu.
func checkAppID(acct *account, appID *string) error {
	if appID == nil || *appID == "" || acct.applications()[*appID] != nil {
		return nil
	}
	return fmt.Errorf("app_id %q is not an application of this account", *appID)
}

// applicationInventory is the applications area's part of Objects.
func applicationInventory(a *account, _ time.Time) map[string][]string {
	return map[string][]string{"applications": keys(a.applications())}
}

// SetLegacyApplicationName sets an application's name past today's rule
// (a name with a dot, "0.8522478089992022", as the service's recorded
// application holds), so a test can adopt an application as older records
// hold it.
func (s *Server) SetLegacyApplicationName(authID, appID, name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.accounts[authID]
	if !ok {
		return fmt.Errorf("account %q not found", authID)
	}
	app, ok := a.applications()[appID]
	if !ok {
		return fmt.Errorf("application %q not found", appID)
	}
	app.Name = name
	return nil
}
