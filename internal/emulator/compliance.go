package emulator

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// Phone-number compliance, the one-call API (PhoneNumber/Compliance/): an
// application bundling the end user, the documents (with their files) and
// the review. The shapes are the service's recorded ones: a create or an
// update is multipart/form-data with a "data" field holding the JSON
// document and one "documents[<i>].file" part per document (a request
// that is not multipart is read as the data document alone, with no
// files); a get wraps the record in "compliance" and carries the end user,
// documents and linked numbers only when expand names them; a list puts
// the items under "compliances"; the update is a PATCH; the link of
// numbers answers 200 with each number's own result. Where the service is
// silent this emulator chooses, as a user would expect:
//   - the API covers India only (compliancerules.OneCallCountries): another
//     country is refused with the family to use instead;
//   - data fields a document's type does not have are ignored, as every
//     unknown field is;
//   - the documents are checked against the requirement of the country,
//     number type and end user type (compliancerules.RequirementFor): one
//     of each required type and the data fields of the type;
//   - the reviewer decides ComplianceReviewDelay after a create or an
//     update (compliancerules.Decide: a document whose type needs proof
//     but came without a file is rejected for it, an end user name
//     containing REJECT is rejected with the reviewer's words, any other
//     application accepted); every update resubmits (submitted again),
//     whatever the status;
//   - an update's end_user changes the fields it gives but not the type;
//     its documents replace the documents, and a document sent without a
//     file keeps the file of the previous document of the same type;
//   - list items leave the callbacks out (as the recorded list does);
//   - every status change is reported to callback_url (callback_method,
//     default POST), signed like every callback, with the form fields Kind
//     (phone_number_compliance), ComplianceID, Status, RejectionReason and
//     Time;
//   - a document's file is served at its download_url, with the account's
//     credentials;
//   - delete is allowed in any status; the numbers linked to it keep
//     their number but lose the link.

// DefaultComplianceReviewDelay is how long the reviewer takes to decide.
const DefaultComplianceReviewDelay = time.Second

// complianceDefaults fill the reviewer's delay of both compliance
// families, left zero.
func complianceDefaults(o *Options) {
	if o.ComplianceReviewDelay <= 0 {
		o.ComplianceReviewDelay = DefaultComplianceReviewDelay
	}
}

type complianceDocument struct {
	ID, TypeID, Name string
	Fields           map[string]string
	FileName         string
	File             []byte
	CreatedAt        time.Time
}

type compliance struct {
	Seq                                uint64
	ID, Alias, Status, RejectionReason string
	CountryISO, NumberType, UserType   string
	CallbackURL, CallbackMethod        string
	EndUserID                          string
	EndUser                            wire.ComplianceEndUser
	Documents                          []complianceDocument
	CreatedAt, UpdatedAt, DecideAt     time.Time
	Gen                                int
}

// complianceAccounts is the area's state: each account's compliance
// applications, whose pending decisions a restart queues again.
var complianceAccounts = objectsState[*compliance]("phone_number_compliances").restoring(
	func(s *Server, a *account, _ *map[string]*compliance) { s.rearmCompliance(a) })

func (a *account) compliances() map[string]*compliance { return *stateOf[map[string]*compliance](a) }

func (s *Server) complianceRoutes() []route {
	return []route{
		r(http.MethodGet, "PhoneNumber/Compliance/Requirements", s.getComplianceRequirement),
		r(http.MethodPost, "PhoneNumber/Compliance/Link", s.linkComplianceNumbers),
		r(http.MethodPost, "PhoneNumber/Compliance", s.createCompliance),
		r(http.MethodGet, "PhoneNumber/Compliance", s.listCompliance),
		r(http.MethodGet, "PhoneNumber/Compliance/{id}", s.getCompliance),
		r(http.MethodPatch, "PhoneNumber/Compliance/{id}", s.updateCompliance),
		r(http.MethodDelete, "PhoneNumber/Compliance/{id}", s.deleteCompliance),
		r(http.MethodGet, "PhoneNumber/Compliance/{id}/Document/{uuid}/File", s.downloadComplianceFile),
	}
}

// upload is one file part of a request.
type upload struct {
	name string
	data []byte
}

var filePart = regexp.MustCompile(`^documents\[(\d+)\]\.file$`)

// complianceDataIn is the data document as decoded: the data fields raw,
// so that a field the document type does not have is ignored whatever its
// JSON type, as every unknown field is.
type complianceDataIn struct {
	wire.ComplianceData
	Documents []struct {
		DocumentTypeID string                     `json:"document_type_id"`
		DataFields     map[string]json.RawMessage `json:"data_fields"`
	} `json:"documents"`
}

// resolve keeps the data fields of each document's type (strings) and
// drops the others; a known field that is not a string is refused.
func (in *complianceDataIn) resolve() (*wire.ComplianceData, error) {
	out := in.ComplianceData
	out.Documents = nil
	if in.Documents != nil {
		out.Documents = []wire.ComplianceDocumentData{}
	}
	for i, d := range in.Documents {
		doc := wire.ComplianceDocumentData{DocumentTypeID: d.DocumentTypeID}
		t, _ := compliancerules.DocumentTypeByID(d.DocumentTypeID)
		for _, f := range t.Fields {
			raw, ok := d.DataFields[f.Name]
			if !ok || string(raw) == "null" {
				continue
			}
			var v string
			if err := json.Unmarshal(raw, &v); err != nil {
				return nil, fmt.Errorf("documents[%d].data_fields.%s must be a string", i, f.Name)
			}
			if doc.DataFields == nil {
				doc.DataFields = map[string]string{}
			}
			doc.DataFields[f.Name] = v
		}
		out.Documents = append(out.Documents, doc)
	}
	return &out, nil
}

// complianceBody reads a create or an update: multipart with the data
// field and file parts, or a JSON body holding the data document alone.
// It writes the error reply and returns false on failure.
func (c *call) complianceBody(data *wire.ComplianceData) (map[int]upload, bool) {
	var in complianceDataIn
	files, ok := c.complianceParts(&in)
	if !ok {
		return nil, false
	}
	resolved, err := in.resolve()
	if err != nil {
		c.badRequest("%v", err)
		return nil, false
	}
	*data = *resolved
	return files, true
}

func (c *call) complianceParts(in *complianceDataIn) (map[int]upload, bool) {
	files := map[int]upload{}
	mt, params, _ := mime.ParseMediaType(c.req.Header.Get("Content-Type"))
	if mt != "multipart/form-data" {
		return files, c.decode(in)
	}
	sawData := false
	if !c.eachPart(params["boundary"], func(p *multipart.Part, data []byte) bool {
		name := p.FormName()
		switch {
		case name == wire.ComplianceDataField:
			sawData = true
			dec := json.NewDecoder(strings.NewReader(string(data)))
			if err := dec.Decode(in); err != nil {
				c.badRequest("malformed JSON in the data field: %s", describeJSONError(err))
				return false
			}
		case filePart.MatchString(name):
			i, _ := strconv.Atoi(filePart.FindStringSubmatch(name)[1])
			if len(data) > compliancerules.MaxFileBytes {
				c.fail(http.StatusRequestEntityTooLarge, fmt.Sprintf("%s is larger than the limit of %d bytes", name, compliancerules.MaxFileBytes))
				return false
			}
			files[i] = upload{name: p.FileName(), data: data}
		}
		return true
	}) {
		return nil, false
	}
	if !sawData {
		c.badRequest("Mandatory parameter missing. data must be present (a form field holding the JSON document).")
		return nil, false
	}
	return files, true
}

// eachPart reads the multipart body of boundary part by part, handing fn
// each part and its content; fn returns false when it wrote an error reply.
// A body that cannot be read gets readFailed's reply. It says whether
// every part was read and taken.
func (c *call) eachPart(boundary string, fn func(p *multipart.Part, data []byte) bool) bool {
	mr := multipart.NewReader(c.req.Body, boundary)
	for {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return true
		}
		if err != nil {
			c.readFailed(err)
			return false
		}
		data, err := io.ReadAll(p)
		if err != nil {
			c.readFailed(err)
			return false
		}
		if !fn(p, data) {
			return false
		}
	}
}

// readFailed writes the reply for a body that could not be read.
func (c *call) readFailed(err error) {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		c.fail(http.StatusRequestEntityTooLarge, fmt.Sprintf("request body is larger than the limit of %d bytes", tooBig.Limit))
		return
	}
	c.badRequest("could not read the multipart body: %v", err)
}

func endUserRule(u wire.ComplianceEndUser) compliancerules.EndUser {
	return compliancerules.EndUser{Type: u.Type, Name: u.Name, LastName: u.LastName, Email: u.Email, AddressLine1: u.AddressLine1,
		AddressLine2: u.AddressLine2, City: u.City, State: u.State, PostalCode: u.PostalCode, Country: u.Country, RegistrationNumber: u.RegistrationNumber}
}

// checkComplianceCommon checks alias and callbacks when given.
func checkComplianceCommon(in *wire.ComplianceData) error {
	if in.Alias != "" {
		if err := compliancerules.CheckAlias("alias", in.Alias); err != nil {
			return err
		}
	}
	if in.CallbackURL != "" {
		if err := compliancerules.CheckURL("callback_url", in.CallbackURL); err != nil {
			return err
		}
	}
	if in.CallbackMethod != "" {
		if err := compliancerules.CheckCallbackMethod("callback_method", in.CallbackMethod); err != nil {
			return err
		}
	}
	return nil
}

// complianceDocs checks docs and files against the requirement and makes
// the stored documents; prior documents lend their file to a document of
// the same type sent without one.
func (s *Server) complianceDocs(req compliancerules.Requirement, docs []wire.ComplianceDocumentData, files map[int]upload,
	prior []complianceDocument,
) ([]complianceDocument, error) {
	for i := range files {
		if i >= len(docs) {
			return nil, fmt.Errorf("%s has no document: documents holds %d", wire.ComplianceFilePart(i), len(docs))
		}
	}
	rules := make([]compliancerules.Document, len(docs))
	out := make([]complianceDocument, len(docs))
	now := s.clock.Now()
	for i, d := range docs {
		out[i] = complianceDocument{ID: s.newUUID(), TypeID: strings.ToLower(d.DocumentTypeID), Fields: d.DataFields, CreatedAt: now}
		if t, ok := compliancerules.DocumentTypeByID(d.DocumentTypeID); ok {
			out[i].Name = t.Name
		}
		if f, ok := files[i]; ok {
			out[i].FileName, out[i].File = f.name, f.data
			if out[i].FileName == "" {
				out[i].FileName = "document"
			}
		} else {
			for _, p := range prior {
				if p.TypeID == out[i].TypeID && p.File != nil {
					out[i].FileName, out[i].File = p.FileName, p.File
				}
			}
		}
		// A missing file is the reviewer's to find (compliance.go's doc):
		// the request itself is taken.
		rules[i] = compliancerules.Document{TypeID: d.DocumentTypeID, Fields: d.DataFields, HasFile: true}
	}
	if errs := compliancerules.CheckDocuments(req, rules); len(errs) > 0 {
		return nil, errors.New(errs.Error())
	}
	return out, nil
}

func (s *Server) createCompliance(c *call) {
	var in wire.ComplianceData
	files, ok := c.complianceBody(&in)
	if !ok {
		return
	}
	for _, req := range [][2]string{{"country_iso", in.CountryISO}, {"number_type", in.NumberType}, {"alias", in.Alias}} {
		if req[1] == "" {
			c.badRequest("Mandatory parameter missing. %s must be present.", req[0])
			return
		}
	}
	if in.EndUser == nil {
		c.badRequest("Mandatory parameter missing. end_user must be present.")
		return
	}
	if err := compliancerules.CheckOneCallCountry("country_iso", in.CountryISO); err != nil {
		c.badRequest("%v", err)
		return
	}
	if err := compliancerules.CheckNumberType("number_type", in.NumberType); err != nil {
		c.badRequest("%v", err)
		return
	}
	if errs := compliancerules.CheckEndUser(fielderr.Root("end_user"), endUserRule(*in.EndUser), true); len(errs) > 0 {
		c.badRequest("%s", errs.Error())
		return
	}
	if err := checkComplianceCommon(&in); err != nil {
		c.badRequest("%v", err)
		return
	}
	req, _ := compliancerules.RequirementFor(in.CountryISO, in.NumberType, in.EndUser.Type)
	s.mu.Lock()
	docs, err := s.complianceDocs(req, in.Documents, files, nil)
	if err != nil {
		s.mu.Unlock()
		c.badRequest("%v", err)
		return
	}
	now := s.clock.Now()
	a := &compliance{Seq: s.nextSeq(), ID: s.newUUID(), Alias: in.Alias, CountryISO: in.CountryISO, NumberType: in.NumberType,
		UserType: in.EndUser.Type, CallbackURL: in.CallbackURL, CallbackMethod: in.CallbackMethod, EndUserID: s.newUUID(),
		EndUser: *in.EndUser, Documents: docs, CreatedAt: now}
	c.acct.compliances()[a.ID] = a
	s.submitCompliance(c.acct, a)
	s.mu.Unlock()
	c.reply(http.StatusOK, wire.ComplianceCreated{APIID: newAPIID(), ComplianceID: a.ID,
		Message: "Compliance application created and submitted for review."})
}

// submitCompliance (re)submits a: submitted, and the reviewer's decision
// queued. Callers hold s.mu.
func (s *Server) submitCompliance(acct *account, a *compliance) {
	now := s.clock.Now()
	a.Gen++
	a.Status, a.RejectionReason, a.UpdatedAt = compliancerules.StatusSubmitted, "", now
	a.DecideAt = now.Add(s.opts.ComplianceReviewDelay)
	s.queueComplianceDecision(acct, a)
}

// queueComplianceDecision queues the reviewer's decision on a's current
// submission. Callers hold s.mu.
func (s *Server) queueComplianceDecision(acct *account, a *compliance) {
	gen := a.Gen
	s.sched.At(a.DecideAt, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if acct.compliances()[a.ID] != a || a.Gen != gen || a.Status != compliancerules.StatusSubmitted {
			return
		}
		a.Status, a.RejectionReason = compliancerules.Decide(a.EndUser.Name, compliancerules.Unproved(a.ruleDocs()))
		a.UpdatedAt = s.clock.Now()
		s.complianceEvent(acct, a)
	})
}

// ruleDocs is a's documents as the rules see them.
func (a *compliance) ruleDocs() []compliancerules.Document {
	out := make([]compliancerules.Document, len(a.Documents))
	for i, d := range a.Documents {
		out[i] = compliancerules.Document{TypeID: d.TypeID, Fields: d.Fields, HasFile: d.File != nil}
	}
	return out
}

// rearmCompliance queues again, after a restart, the decisions pending on
// a's applications. Callers hold s.mu.
func (s *Server) rearmCompliance(acct *account) {
	for _, a := range acct.compliances() {
		if a.Status == compliancerules.StatusSubmitted {
			s.queueComplianceDecision(acct, a)
		}
	}
}

// complianceEvent reports a's new status to its callback. Callers hold s.mu.
func (s *Server) complianceEvent(acct *account, a *compliance) {
	if a.CallbackURL == "" {
		return
	}
	p := url.Values{"Kind": {"phone_number_compliance"}, "ComplianceID": {a.ID}, "Status": {a.Status},
		"Time": {s.clock.Now().UTC().Format(time.RFC3339)}}
	if a.RejectionReason != "" {
		p.Set("RejectionReason", a.RejectionReason)
	}
	s.sendCallback(acct, objectKey(acct, "phone_number_compliance", a.ID), a.CallbackURL, a.CallbackMethod, p)
}

// complianceExpand reads the expand parameter.
func complianceExpand(c *call) (endUser, documents, numbers, ok bool) {
	for _, e := range strings.Split(c.req.URL.Query().Get("expand"), ",") {
		switch strings.TrimSpace(e) {
		case "":
		case "end_user":
			endUser = true
		case "documents":
			documents = true
		case "linked_numbers":
			numbers = true
		default:
			c.badRequest("expand %q is not one of end_user, documents, linked_numbers", e)
			return false, false, false, false
		}
	}
	return endUser, documents, numbers, true
}

// viewCompliance renders a, expanded as asked. Callers hold s.mu.
func viewCompliance(c *call, a *compliance, endUser, documents, numbers bool) wire.Compliance {
	v := wire.Compliance{ComplianceID: a.ID, Alias: a.Alias, Status: a.Status, CountryISO: a.CountryISO, NumberType: a.NumberType,
		UserType: a.UserType, CallbackURL: a.CallbackURL, CallbackMethod: a.CallbackMethod, RejectionReason: a.RejectionReason,
		CreatedAt: wire.RecordTime(a.CreatedAt), UpdatedAt: wire.RecordTime(a.UpdatedAt)}
	if endUser {
		v.EndUser = &wire.ComplianceEndUserRecord{EndUserID: a.EndUserID, ComplianceEndUser: a.EndUser}
	}
	if documents {
		v.Documents = []wire.ComplianceDocumentRecord{}
		for _, d := range a.Documents {
			r := wire.ComplianceDocumentRecord{DocumentID: d.ID, DocumentTypeID: d.TypeID, DocumentName: d.Name, FileName: d.FileName,
				MetaInformation: d.Fields, CreatedAt: wire.RecordTime(d.CreatedAt)}
			if r.MetaInformation == nil {
				r.MetaInformation = map[string]string{}
			}
			r.DownloadURL = requestBase(c.req) + resourceURI(c.acct, "PhoneNumber", "Compliance", a.ID, "Document", d.ID, "File")
			v.Documents = append(v.Documents, r)
		}
	}
	if numbers {
		v.LinkedNumbers = []wire.ComplianceLinkedNumber{}
		for _, o := range sortedOwned(c.acct) {
			if o.ComplianceApplicationID == a.ID {
				v.LinkedNumbers = append(v.LinkedNumbers, wire.ComplianceLinkedNumber{Number: "+" + o.Number,
					NumberType: compliancerules.NumberTypeOf(o.Type, o.SubType)})
			}
		}
	}
	return v
}

// requestBase is the scheme and host the request came to.
func requestBase(req *http.Request) string {
	scheme := "http"
	if req.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + req.Host
}

func sortedOwned(acct *account) []*ownedNumber {
	out := make([]*ownedNumber, 0, len(acct.numbers()))
	for _, o := range acct.numbers() {
		out = append(out, o)
	}
	slices.SortFunc(out, func(a, b *ownedNumber) int { return strings.Compare(a.Number, b.Number) })
	return out
}

func (s *Server) getCompliance(c *call) {
	endUser, documents, numbers, ok := complianceExpand(c)
	if !ok {
		return
	}
	v, ok := viewOf(c, c.acct.compliances(), "compliance application", strings.ToLower(c.param("id")), func(a *compliance) wire.Compliance {
		return viewCompliance(c, a, endUser, documents, numbers)
	})
	if !ok {
		return
	}
	c.reply(http.StatusOK, wire.ComplianceReply{APIID: newAPIID(), Compliance: v})
}

func (s *Server) listCompliance(c *call) {
	endUser, documents, numbers, ok := complianceExpand(c)
	if !ok {
		return
	}
	q := c.req.URL.Query()
	status, country, numberType, userType, alias := q.Get("status"), q.Get("country_iso"), q.Get("number_type"), q.Get("user_type"), q.Get("alias")
	if status != "" {
		if err := compliancerules.CheckStatus("status", status); err != nil {
			c.badRequest("%v", err)
			return
		}
	}
	meta, out, ok := pageOf(c, compliancerules.ListMaxLimit, c.acct.compliances(), func(a *compliance) uint64 { return a.Seq },
		func(a *compliance) bool {
			return (status == "" || a.Status == status) && (country == "" || strings.EqualFold(a.CountryISO, country)) &&
				(numberType == "" || a.NumberType == numberType) && (userType == "" || a.UserType == userType) && (alias == "" || a.Alias == alias)
		}, func(a *compliance) wire.Compliance {
			v := viewCompliance(c, a, endUser, documents, numbers)
			v.CallbackURL, v.CallbackMethod = "", "" // list items leave them out, as recorded
			return v
		})
	if !ok {
		return
	}
	c.reply(http.StatusOK, wire.ComplianceList{APIID: newAPIID(), Meta: meta, Compliances: out})
}

func (s *Server) updateCompliance(c *call) {
	var in wire.ComplianceData
	files, ok := c.complianceBody(&in)
	if !ok {
		return
	}
	switch {
	case in.CountryISO != "":
		c.badRequest("country_iso cannot be updated; make a new application for another country")
		return
	case in.NumberType != "":
		c.badRequest("number_type cannot be updated; make a new application for another number type")
		return
	}
	if err := checkComplianceCommon(&in); err != nil {
		c.badRequest("%v", err)
		return
	}
	if in.EndUser != nil {
		if errs := compliancerules.CheckEndUser(fielderr.Root("end_user"), endUserRule(*in.EndUser), false); len(errs) > 0 {
			c.badRequest("%s", errs.Error())
			return
		}
	}
	id := strings.ToLower(c.param("id"))
	s.mu.Lock()
	a, found := c.acct.compliances()[id]
	var err error
	switch {
	case !found:
	case in.EndUser != nil && in.EndUser.Type != "" && in.EndUser.Type != a.UserType:
		err = fmt.Errorf("end_user.type cannot be updated (the application is for a %s end user); make a new application", a.UserType)
	case in.Documents != nil || len(files) > 0:
		req, _ := compliancerules.RequirementFor(a.CountryISO, a.NumberType, a.UserType)
		docs := in.Documents
		if docs == nil {
			docs = make([]wire.ComplianceDocumentData, len(a.Documents))
			for i, d := range a.Documents {
				docs[i] = wire.ComplianceDocumentData{DocumentTypeID: d.TypeID, DataFields: d.Fields}
			}
		}
		var made []complianceDocument
		if made, err = s.complianceDocs(req, docs, files, a.Documents); err == nil {
			a.Documents = made
		}
	}
	var v wire.Compliance
	if found && err == nil {
		set := func(d *string, x string) {
			if x != "" {
				*d = x
			}
		}
		set(&a.Alias, in.Alias)
		set(&a.CallbackURL, in.CallbackURL)
		set(&a.CallbackMethod, in.CallbackMethod)
		if u := in.EndUser; u != nil {
			e := &a.EndUser
			set(&e.Name, u.Name)
			set(&e.LastName, u.LastName)
			set(&e.Email, u.Email)
			set(&e.AddressLine1, u.AddressLine1)
			set(&e.AddressLine2, u.AddressLine2)
			set(&e.City, u.City)
			set(&e.State, u.State)
			set(&e.PostalCode, u.PostalCode)
			set(&e.Country, u.Country)
			set(&e.RegistrationNumber, u.RegistrationNumber)
		}
		s.submitCompliance(c.acct, a)
		v = viewCompliance(c, a, false, false, false)
	}
	s.mu.Unlock()
	switch {
	case !found:
		c.fail(http.StatusNotFound, "Compliance application not found.")
	case err != nil:
		c.badRequest("%v", err)
	default:
		c.reply(http.StatusOK, wire.ComplianceUpdated{APIID: newAPIID(), Message: "Compliance application updated and resubmitted for review.", Compliance: v})
	}
}

func (s *Server) deleteCompliance(c *call) {
	id := strings.ToLower(c.param("id"))
	s.mu.Lock()
	_, ok := c.acct.compliances()[id]
	if ok {
		delete(c.acct.compliances(), id)
		for _, o := range c.acct.numbers() {
			if o.ComplianceApplicationID == id {
				o.ComplianceApplicationID, o.ComplianceStatus = "", ""
			}
		}
	}
	s.mu.Unlock()
	if !ok {
		c.fail(http.StatusNotFound, "Compliance application not found.")
		return
	}
	c.reply(http.StatusOK, wire.ComplianceDeleted{APIID: newAPIID(), ComplianceID: id, Message: "Compliance application deleted."})
}

func (s *Server) downloadComplianceFile(c *call) {
	id, docID := strings.ToLower(c.param("id")), strings.ToLower(c.param("uuid"))
	s.mu.Lock()
	var file []byte
	var name string
	if a, ok := c.acct.compliances()[id]; ok {
		for _, d := range a.Documents {
			if d.ID == docID {
				file, name = d.File, d.FileName
			}
		}
	}
	s.mu.Unlock()
	if file == nil {
		c.fail(http.StatusNotFound, "Document not found.")
		return
	}
	c.w.Header().Set("Content-Type", "application/octet-stream")
	c.w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	c.w.WriteHeader(http.StatusOK)
	_, _ = c.w.Write(file)
}

func (s *Server) getComplianceRequirement(c *call) {
	if req, ok := requirementOfQuery(c, "country_iso", "user_type", compliancerules.CheckCountry); ok {
		c.reply(http.StatusOK, viewRequirement(req))
	}
}

// requirementOfQuery finds the requirement a query names by country (the
// parameter country, checked by checkCountry), number_type and end user
// type (the parameter user), as both compliance families take them; a
// missing or bad parameter is answered 400, and ok is false.
func requirementOfQuery(c *call, country, user string, checkCountry func(field, v string) error) (compliancerules.Requirement, bool) {
	q := c.req.URL.Query()
	countryISO, numberType, userType := q.Get(country), q.Get("number_type"), q.Get(user)
	for _, req := range [][2]string{{country, countryISO}, {"number_type", numberType}, {user, userType}} {
		if req[1] == "" {
			c.badRequest("Mandatory parameter missing. %s must be present.", req[0])
			return compliancerules.Requirement{}, false
		}
	}
	for _, err := range []error{checkCountry(country, countryISO), compliancerules.CheckNumberType("number_type", numberType),
		compliancerules.CheckUserType(user, userType)} {
		if err != nil {
			c.badRequest("%v", err)
			return compliancerules.Requirement{}, false
		}
	}
	req, _ := compliancerules.RequirementFor(countryISO, numberType, userType)
	return req, true
}

func viewRequirement(req compliancerules.Requirement) wire.ComplianceRequirement {
	out := wire.ComplianceRequirement{APIID: newAPIID(), RequirementID: req.ID, CountryISO: req.Country, NumberType: req.NumberType,
		UserType: req.UserType, DocumentTypes: []wire.ComplianceRequirementDocumentType{}}
	for _, t := range req.DocumentTypes {
		d := wire.ComplianceRequirementDocumentType{DocumentTypeID: t.ID, Name: t.Name, Description: t.Description, ProofRequired: t.ProofRequired,
			RequiredFields: []wire.ComplianceRequirementField{}}
		for _, f := range t.Fields {
			d.RequiredFields = append(d.RequiredFields, wire.ComplianceRequirementField{FieldName: f.Name, FriendlyName: f.FriendlyName,
				FieldType: f.Type, Required: f.Required, MinLength: f.MinLength, MaxLength: f.MaxLength, HelpText: f.HelpText, Format: f.Format,
				Enums: strings.Join(f.Enums, ","), Description: f.Description})
		}
		out.DocumentTypes = append(out.DocumentTypes, d)
	}
	return out
}

// linkComplianceNumbers links numbers of the account to accepted
// applications, number by number: the reply is a 200 whose report gives
// each number's own result.
func (s *Server) linkComplianceNumbers(c *call) {
	var in wire.ComplianceLink
	if !c.decode(&in) {
		return
	}
	if len(in.Numbers) == 0 {
		c.badRequest("Mandatory parameter missing. numbers must hold at least one number.")
		return
	}
	out := wire.ComplianceLinkReply{APIID: newAPIID(), TotalCount: len(in.Numbers), Report: []wire.ComplianceLinkResult{}}
	s.mu.Lock()
	for _, e := range in.Numbers {
		number := strings.TrimPrefix(e.Number, "+")
		res := wire.ComplianceLinkResult{Number: "+" + number, Status: compliancerules.LinkFailed}
		o, owned := c.acct.numbers()[number]
		app := s.acceptedApplication(c.acct, e.ComplianceApplicationID)
		switch {
		case !owned:
			res.Remarks = "Number not found on your account."
		case app.status == "":
			res.Remarks = "Compliance application not found."
		default:
			if err := app.covers(o); err != nil {
				res.Remarks = err.Error()
				break
			}
			o.ComplianceApplicationID, o.ComplianceStatus = app.id, compliancerules.StatusAccepted
			res.Status, res.Remarks = compliancerules.LinkSuccess, "Number linked to compliance application."
			out.UpdatedCount++
		}
		out.Report = append(out.Report, res)
	}
	s.mu.Unlock()
	c.reply(http.StatusOK, out)
}

// applicationRef is an application of either family as a number sees it.
type applicationRef struct {
	id, status, country, numberType string
}

// acceptedApplication finds application id of either family; status is ""
// when there is none. Callers hold s.mu.
func (s *Server) acceptedApplication(acct *account, id string) applicationRef {
	id = strings.ToLower(id)
	if a, ok := acct.compliances()[id]; ok {
		return applicationRef{id: a.ID, status: a.Status, country: a.CountryISO, numberType: a.NumberType}
	}
	if a, ok := acct.complianceApps().Applications[id]; ok { // compliance_application.go
		return applicationRef{id: a.ID, status: a.Status, country: a.Country, numberType: a.NumberType}
	}
	return applicationRef{}
}

// covers says why the application cannot hold number o (nil when it can):
// it must be accepted, of the number's country and of its type.
func (a applicationRef) covers(o *ownedNumber) error {
	nt := compliancerules.NumberTypeOf(o.Type, o.SubType)
	switch {
	case a.status != compliancerules.StatusAccepted:
		return fmt.Errorf("Compliance application %s is %s; only an accepted application can hold numbers.", a.id, a.status) //nolint:staticcheck // the service's style: sentences
	case !strings.EqualFold(a.country, o.CountryISO) || a.numberType != nt:
		return fmt.Errorf("Compliance application %s covers %s %s numbers; +%s is a %s %s number.", a.id, a.country, a.numberType, o.Number, o.CountryISO, nt) //nolint:staticcheck // the service's style
	}
	return nil
}

// checkBuyCompliance refuses the purchase of a regulated number without an
// accepted application of its country and type. Callers hold s.mu.
func (s *Server) checkBuyCompliance(acct *account, o *ownedNumber, applicationID string) error {
	if o.ComplianceRequirement == "" {
		if applicationID != "" {
			return s.linkAtBuy(acct, o, applicationID)
		}
		return nil
	}
	if applicationID == "" {
		nt := compliancerules.NumberTypeOf(o.Type, o.SubType)
		return fmt.Errorf("renting number %s (%s, %s) needs an accepted compliance application of %s %s numbers; "+
			"send compliance_application_id (%s)", o.Number, o.CountryISO, nt, o.CountryISO, nt, compliancerules.FamilyAdvice(o.CountryISO))
	}
	return s.linkAtBuy(acct, o, applicationID)
}

func (s *Server) linkAtBuy(acct *account, o *ownedNumber, applicationID string) error {
	app := s.acceptedApplication(acct, applicationID)
	if app.status == "" {
		return fmt.Errorf("compliance_application_id %s is not a compliance application of this account", applicationID)
	}
	if err := app.covers(o); err != nil {
		return err
	}
	o.ComplianceApplicationID = app.id
	o.ComplianceStatus = compliancerules.StatusAccepted
	if o.ComplianceRequirement != "" {
		// A regulated number is pending for a moment while the operator
		// activates it against the application.
		o.ComplianceStatus = NumberPending
	}
	return nil
}

// NumberPending is the status of a regulated number being activated, in
// the buy reply and as the number's compliance_status.
const NumberPending = "pending"

// activateNumber ends the pending state of a regulated number after
// ComplianceReviewDelay. Callers hold s.mu.
func (s *Server) activateNumber(acct *account, o *ownedNumber) {
	s.sched.At(s.clock.Now().Add(s.opts.ComplianceReviewDelay), func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if acct.numbers()[o.Number] == o && o.ComplianceStatus == NumberPending {
			o.ComplianceStatus = compliancerules.StatusAccepted
		}
	})
}

// complianceInventory is the compliance area's part of Objects.
func complianceInventory(a *account, _ time.Time) map[string][]string {
	return map[string][]string{"phone_number_compliances": keys(a.compliances())}
}
