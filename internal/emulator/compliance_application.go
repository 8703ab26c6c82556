package emulator

import (
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"mime/multipart"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/compliancerules"
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/wire"
)

// The compliance application family, the general path for the regulated
// countries the one-call API does not cover (compliancerules.ComplianceAppCountries):
// end users, documents (multipart, with the document type's data fields
// flattened as form fields and the file in a "file" part) and applications
// naming their documents by id, submitted by a separate call. The service
// publishes no recorded reply for it: the shapes are the Go client's
// structs (internal/wire/compliance_application.go). Where the service is silent
// this emulator chooses:
//   - an application starts as draft; Submit checks it is complete (one
//     document of each type its requirement names, each of its end user)
//     and makes it submitted; the reviewer decides ComplianceReviewDelay
//     later, by compliancerules.Decide on the end user's name and the
//     documents whose type needs proof but that carry no file;
//   - an update (document_ids only) is refused while submitted and makes
//     an accepted or rejected application a draft again, to be submitted;
//   - an application of a country the one-call API covers is refused with
//     the family to use; the requirement's country, number type and user
//     type must match the application's;
//   - a document's data fields are checked against its type
//     (compliancerules.CheckDocument, the file aside: the reviewer finds a
//     missing one); form fields the type does not have are ignored; a
//     body that is not multipart is read as a JSON object of the form
//     fields (a document without a file);
//   - the end user and a document may be deleted while an application
//     names them (the reviewer has them already); an application's delete
//     unlinks its numbers, as the one-call API's does;
//   - deletes answer 204;
//   - the document types and requirements are the service's catalogue,
//     the same for every account (compliancerules).

type endUserRecord struct {
	Seq                     uint64
	ID, Name, LastName, Typ string
	CreatedAt               time.Time
}

type complianceDocRecord struct {
	Seq                                uint64
	ID, EndUserID, TypeID, Alias, Name string
	Fields                             map[string]string
	FileName                           string
	File                               []byte
	CreatedAt                          time.Time
}

type complianceAppRecord struct {
	Seq                                uint64
	ID, Alias, Status, RejectionReason string
	Country, NumberType, UserType      string
	EndUserID, RequirementID           string
	DocumentIDs                        []string
	CreatedAt, DecideAt                time.Time
	Gen                                int
}

// complianceApps is an account's share of the compliance application family.
type complianceApps struct {
	EndUsers     map[string]*endUserRecord       `json:"end_users"`
	Documents    map[string]*complianceDocRecord `json:"documents"`
	Applications map[string]*complianceAppRecord `json:"applications"`
}

func newComplianceApps() *complianceApps {
	return &complianceApps{EndUsers: map[string]*endUserRecord{}, Documents: map[string]*complianceDocRecord{},
		Applications: map[string]*complianceAppRecord{}}
}

// complianceAppAccounts is the area's state: each account's share of the
// compliance application family, whose pending decisions a restart queues
// again. It keeps the state file's key older_compliance, the key state
// files already hold.
var complianceAppAccounts = &accountState[complianceApps]{
	fresh: newComplianceApps,
	saved: func(_ *account, st *complianceApps) []savedField {
		return []savedField{{key: "older_compliance", ptr: st}}
	},
	restore: func(s *Server, a *account, st *complianceApps) {
		st.EndUsers, st.Documents, st.Applications = orEmpty(st.EndUsers), orEmpty(st.Documents), orEmpty(st.Applications)
		s.rearmComplianceApps(a)
	},
}

func (a *account) complianceApps() *complianceApps { return stateOf[complianceApps](a) }

func (s *Server) complianceAppRoutes() []route {
	return []route{
		r(http.MethodPost, "EndUser", s.createEndUser),
		r(http.MethodGet, "EndUser", s.listEndUsers),
		r(http.MethodGet, "EndUser/{id}", s.getEndUser),
		r(http.MethodPost, "EndUser/{id}", s.updateEndUser),
		r(http.MethodDelete, "EndUser/{id}", s.deleteEndUser),
		r(http.MethodGet, "ComplianceDocumentType", s.listDocumentTypes),
		r(http.MethodGet, "ComplianceDocumentType/{id}", s.getDocumentType),
		r(http.MethodGet, "ComplianceRequirement", s.findRequirement),
		r(http.MethodGet, "ComplianceRequirement/{id}", s.getRequirement),
		r(http.MethodPost, "ComplianceDocument", s.createComplianceDocument),
		r(http.MethodGet, "ComplianceDocument", s.listComplianceDocuments),
		r(http.MethodGet, "ComplianceDocument/{id}", s.getComplianceDocument),
		r(http.MethodPost, "ComplianceDocument/{id}", s.updateComplianceDocument),
		r(http.MethodDelete, "ComplianceDocument/{id}", s.deleteComplianceDocument),
		r(http.MethodPost, "ComplianceApplication", s.createComplianceApplication),
		r(http.MethodGet, "ComplianceApplication", s.listApplicationsCompliance),
		r(http.MethodGet, "ComplianceApplication/{id}", s.getComplianceApplication),
		r(http.MethodPost, "ComplianceApplication/{id}", s.updateComplianceApplication),
		r(http.MethodDelete, "ComplianceApplication/{id}", s.deleteComplianceApplication),
		r(http.MethodPost, "ComplianceApplication/{id}/Submit", s.submitComplianceApplication).takingNoFields(),
	}
}

// ---- end users

func checkEndUserData(in wire.EndUserData, create bool) error {
	errs := compliancerules.CheckEndUser(nil, compliancerules.EndUser{Type: in.EndUserType, Name: in.Name, LastName: in.LastName}, create)
	for i := range errs {
		errs[i].Rule = strings.Replace(errs[i].Rule, "type", "end_user_type", 1)
	}
	if len(errs) > 0 {
		return errors.New(errs.Error())
	}
	return nil
}

func viewEndUser(u *endUserRecord) wire.EndUser {
	return wire.EndUser{EndUserID: u.ID, Name: u.Name, LastName: u.LastName, EndUserType: u.Typ, CreatedAt: u.CreatedAt.UTC().Format(time.RFC3339Nano)}
}

func (s *Server) createEndUser(c *call) {
	var in wire.EndUserData
	if !c.decode(&in) {
		return
	}
	for _, req := range [][2]string{{"name", in.Name}, {"end_user_type", in.EndUserType}} {
		if req[1] == "" {
			c.badRequest("Mandatory parameter missing. %s must be present.", req[0])
			return
		}
	}
	if err := checkEndUserData(in, true); err != nil {
		c.badRequest("%v", err)
		return
	}
	if in.LastName != "" && in.EndUserType != compliancerules.UserIndividual {
		c.badRequest("last_name is for an individual end user only")
		return
	}
	s.mu.Lock()
	u := &endUserRecord{Seq: s.nextSeq(), ID: s.newUUID(), Name: in.Name, LastName: in.LastName, Typ: in.EndUserType, CreatedAt: s.clock.Now()}
	c.acct.complianceApps().EndUsers[u.ID] = u
	v := viewEndUser(u)
	s.mu.Unlock()
	c.reply(http.StatusCreated, wire.EndUserCreated{APIID: newAPIID(), Message: "created", EndUser: v})
}

func (s *Server) getEndUser(c *call) {
	v, ok := viewOf(c, c.acct.complianceApps().EndUsers, "end user", strings.ToLower(c.param("id")), viewEndUser)
	if ok {
		c.reply(http.StatusOK, wire.EndUserReply{APIID: newAPIID(), EndUser: v})
	}
}

func (s *Server) listEndUsers(c *call) {
	q := c.req.URL.Query()
	name, last, typ := q.Get("name"), q.Get("last_name"), q.Get("end_user_type")
	meta, out, ok := pageOf(c, compliancerules.ListMaxLimit, c.acct.complianceApps().EndUsers, func(u *endUserRecord) uint64 { return u.Seq },
		func(u *endUserRecord) bool {
			return (name == "" || u.Name == name) && (last == "" || u.LastName == last) && (typ == "" || u.Typ == typ)
		}, viewEndUser)
	if ok {
		c.reply(http.StatusOK, wire.EndUserList{APIID: newAPIID(), Meta: meta, Objects: out})
	}
}

func (s *Server) updateEndUser(c *call) {
	var in wire.EndUserData
	if !c.decode(&in) {
		return
	}
	if err := checkEndUserData(in, false); err != nil {
		c.badRequest("%v", err)
		return
	}
	s.mu.Lock()
	u, ok := c.acct.complianceApps().EndUsers[strings.ToLower(c.param("id"))]
	var err error
	switch {
	case !ok:
	case in.EndUserType != "" && in.EndUserType != u.Typ:
		err = fmt.Errorf("end_user_type cannot be updated (the end user is %s); make a new end user", u.Typ)
	case in.LastName != "" && u.Typ != compliancerules.UserIndividual:
		err = errors.New("last_name is for an individual end user only")
	default:
		if in.Name != "" {
			u.Name = in.Name
		}
		if in.LastName != "" {
			u.LastName = in.LastName
		}
	}
	s.mu.Unlock()
	switch {
	case !ok:
		c.fail(http.StatusNotFound, "End user not found.")
	case err != nil:
		c.badRequest("%v", err)
	default:
		c.reply(http.StatusOK, wire.ComplianceAppUpdated{APIID: newAPIID(), Message: "End user updated successfully."})
	}
}

func (s *Server) deleteEndUser(c *call) {
	deleteOf(c, c.acct.complianceApps().EndUsers, "End user not found.")
}

// deleteOf deletes objects[id] and answers 204, or 404 with notFound.
func deleteOf[T any](c *call, objects map[string]T, notFound string) {
	id := strings.ToLower(c.param("id"))
	c.s.mu.Lock()
	_, ok := objects[id]
	delete(objects, id)
	c.s.mu.Unlock()
	if !ok {
		c.fail(http.StatusNotFound, notFound)
		return
	}
	c.w.WriteHeader(http.StatusNoContent)
}

// ---- document types and requirements

func viewDocumentType(t compliancerules.DocumentType, created time.Time) wire.DocumentType {
	v := wire.DocumentType{DocumentTypeID: t.ID, DocumentName: t.Name, Description: t.Description, ProofRequired: t.ProofRequired,
		Information: []wire.DocumentTypeField{}, CreatedAt: created.UTC().Format(time.RFC3339Nano)}
	for _, f := range t.Fields {
		e := f.Enums
		if e == nil {
			e = []string{}
		}
		v.Information = append(v.Information, wire.DocumentTypeField{FieldName: f.Name, FieldType: f.Type, FriendlyName: f.FriendlyName,
			HelpText: f.HelpText, MaxLength: f.MaxLength, MinLength: f.MinLength, Format: f.Format, Enums: e})
	}
	return v
}

// catalogueCreated is the created_at of the catalogue's document types.
var catalogueCreated = time.Date(2022, 6, 6, 5, 33, 12, 75868000, time.UTC)

func (s *Server) listDocumentTypes(c *call) {
	out := wire.DocumentTypeList{APIID: newAPIID(), Objects: []wire.DocumentType{}}
	for _, t := range compliancerules.DocumentTypes {
		out.Objects = append(out.Objects, viewDocumentType(t, catalogueCreated))
	}
	out.Meta = wire.ListMeta{Limit: len(out.Objects), TotalCount: len(out.Objects)}
	c.reply(http.StatusOK, out)
}

func (s *Server) getDocumentType(c *call) {
	t, ok := compliancerules.DocumentTypeByID(c.param("id"))
	if !ok {
		c.fail(http.StatusNotFound, "Document type not found.")
		return
	}
	c.reply(http.StatusOK, wire.DocumentTypeReply{APIID: newAPIID(), DocumentType: viewDocumentType(t, catalogueCreated)})
}

func viewComplianceAppRequirement(r compliancerules.Requirement) wire.ComplianceAppRequirement {
	v := wire.ComplianceAppRequirement{APIID: newAPIID(), ComplianceRequirementID: r.ID, CountryISO2: r.Country, NumberType: r.NumberType,
		EndUserType: r.UserType, AcceptableDocumentTypes: []wire.AcceptableDocumentType{}}
	for _, t := range r.DocumentTypes {
		v.AcceptableDocumentTypes = append(v.AcceptableDocumentTypes, wire.AcceptableDocumentType{Name: t.Name, Scope: compliancerules.Scope(t),
			AcceptableDocuments: []wire.AcceptableDocument{{DocumentTypeID: t.ID, DocumentTypeName: t.Name}}})
	}
	return v
}

func (s *Server) findRequirement(c *call) {
	if r, ok := requirementOfQuery(c, "country_iso2", "end_user_type", compliancerules.CheckComplianceAppCountry); ok {
		c.reply(http.StatusOK, viewComplianceAppRequirement(r))
	}
}

func (s *Server) getRequirement(c *call) {
	r, ok := compliancerules.RequirementByID(c.param("id"))
	if !ok {
		c.fail(http.StatusNotFound, "Compliance requirement not found.")
		return
	}
	c.reply(http.StatusOK, viewComplianceAppRequirement(r))
}

// ---- documents

// documentForm is a document's multipart create or update as read.
type documentForm struct {
	fields   map[string]string
	fileName string
	file     []byte
	hasFile  bool
}

// readDocumentForm reads a multipart document body; it writes the error
// reply and returns false on failure.
func (c *call) readDocumentForm() (documentForm, bool) {
	f := documentForm{fields: map[string]string{}}
	mt, params, _ := mime.ParseMediaType(c.req.Header.Get("Content-Type"))
	if mt != "multipart/form-data" {
		// A JSON object of the form fields: a document without a file.
		var raw map[string]json.RawMessage
		if !c.decode(&raw) {
			return f, false
		}
		for k, v := range raw {
			if !documentFormField(k) || string(v) == "null" {
				continue // unknown fields are ignored, whatever their type
			}
			var str string
			if err := json.Unmarshal(v, &str); err != nil {
				c.badRequest("%s must be a string", k)
				return f, false
			}
			f.fields[k] = str
		}
		return f, true
	}
	ok := c.eachPart(params["boundary"], func(p *multipart.Part, data []byte) bool {
		if p.FormName() == wire.DocumentFilePart {
			if len(data) == 0 { // Py sends an empty part when there is no file
				return true
			}
			if len(data) > compliancerules.MaxFileBytes {
				c.fail(http.StatusRequestEntityTooLarge, fmt.Sprintf("file is larger than the limit of %d bytes", compliancerules.MaxFileBytes))
				return false
			}
			f.file, f.fileName, f.hasFile = data, p.FileName(), true
			if f.fileName == "" {
				f.fileName = "document"
			}
			return true
		}
		f.fields[p.FormName()] = string(data)
		return true
	})
	return f, ok
}

// documentFormField says whether name is a field of a document's form.
func documentFormField(name string) bool {
	switch name {
	case wire.DocumentFieldEndUserID, wire.DocumentFieldDocumentTypeID, wire.DocumentFieldAlias:
		return true
	}
	for _, t := range compliancerules.DocumentTypes {
		for _, f := range t.Fields {
			if f.Name == name {
				return true
			}
		}
	}
	return false
}

// dataFields keeps the fields of type t that are not empty (Go sends every
// field, "" when unset).
func (f documentForm) dataFields(t compliancerules.DocumentType) map[string]string {
	out := map[string]string{}
	for _, fd := range t.Fields {
		if v := f.fields[fd.Name]; v != "" {
			out[fd.Name] = v
		}
	}
	return out
}

func viewComplianceDocument(d *complianceDocRecord) wire.ComplianceDocument {
	m := d.Fields
	if m == nil {
		m = map[string]string{}
	}
	return wire.ComplianceDocument{DocumentID: d.ID, EndUserID: d.EndUserID, DocumentTypeID: d.TypeID, Alias: d.Alias, FileName: d.FileName,
		MetaInformation: m, CreatedAt: d.CreatedAt.UTC().Format(time.RFC3339Nano)}
}

func (s *Server) createComplianceDocument(c *call) {
	f, ok := c.readDocumentForm()
	if !ok {
		return
	}
	endUser, typeID, alias := f.fields[wire.DocumentFieldEndUserID], f.fields[wire.DocumentFieldDocumentTypeID], f.fields[wire.DocumentFieldAlias]
	for _, req := range [][2]string{{"end_user_id", endUser}, {"document_type_id", typeID}, {"alias", alias}} {
		if req[1] == "" {
			c.badRequest("Mandatory parameter missing. %s must be present.", req[0])
			return
		}
	}
	if err := compliancerules.CheckAlias("alias", alias); err != nil {
		c.badRequest("%v", err)
		return
	}
	t, known := compliancerules.DocumentTypeByID(typeID)
	if !known {
		c.badRequest("document_type_id %q is not a document type (GET ComplianceDocumentType/ lists them)", typeID)
		return
	}
	fields := f.dataFields(t)
	if errs := compliancerules.CheckDocument(nil, t, compliancerules.Document{TypeID: t.ID, Fields: fields, HasFile: true}); len(errs) > 0 {
		c.badRequest("%s", errs.Error())
		return
	}
	s.mu.Lock()
	if _, ok := c.acct.complianceApps().EndUsers[strings.ToLower(endUser)]; !ok {
		s.mu.Unlock()
		c.badRequest("end_user_id %s is not an end user of this account", endUser)
		return
	}
	d := &complianceDocRecord{Seq: s.nextSeq(), ID: s.newUUID(), EndUserID: strings.ToLower(endUser), TypeID: t.ID, Alias: alias, Name: t.Name,
		Fields: fields, FileName: f.fileName, File: f.file, CreatedAt: s.clock.Now()}
	c.acct.complianceApps().Documents[d.ID] = d
	v := viewComplianceDocument(d)
	s.mu.Unlock()
	c.reply(http.StatusCreated, wire.ComplianceDocumentCreated{APIID: newAPIID(), Message: "created", ComplianceDocument: v})
}

func (s *Server) getComplianceDocument(c *call) {
	v, ok := viewOf(c, c.acct.complianceApps().Documents, "compliance document", strings.ToLower(c.param("id")), viewComplianceDocument)
	if ok {
		c.reply(http.StatusOK, wire.ComplianceDocumentReply{APIID: newAPIID(), ComplianceDocument: v})
	}
}

func (s *Server) listComplianceDocuments(c *call) {
	q := c.req.URL.Query()
	endUser, typeID, alias := strings.ToLower(q.Get("end_user_id")), strings.ToLower(q.Get("document_type_id")), q.Get("alias")
	meta, out, ok := pageOf(c, compliancerules.ListMaxLimit, c.acct.complianceApps().Documents, func(d *complianceDocRecord) uint64 { return d.Seq },
		func(d *complianceDocRecord) bool {
			return (endUser == "" || d.EndUserID == endUser) && (typeID == "" || d.TypeID == typeID) && (alias == "" || d.Alias == alias)
		}, func(d *complianceDocRecord) wire.ComplianceDocumentItem {
			v := viewComplianceDocument(d)
			return wire.ComplianceDocumentItem{ComplianceDocumentID: v.DocumentID, EndUserID: v.EndUserID, DocumentTypeID: v.DocumentTypeID,
				Alias: v.Alias, File: v.FileName, MetaInformation: v.MetaInformation, CreatedAt: v.CreatedAt}
		})
	if ok {
		c.reply(http.StatusOK, wire.ComplianceDocumentList{APIID: newAPIID(), Meta: meta, Objects: out})
	}
}

// updateComplianceDocument replaces what the form gives: alias, the data fields
// (all of them, when any is given), the file. The end user and the type
// cannot change.
func (s *Server) updateComplianceDocument(c *call) {
	f, ok := c.readDocumentForm()
	if !ok {
		return
	}
	if a := f.fields[wire.DocumentFieldAlias]; a != "" {
		if err := compliancerules.CheckAlias("alias", a); err != nil {
			c.badRequest("%v", err)
			return
		}
	}
	s.mu.Lock()
	d, found := c.acct.complianceApps().Documents[strings.ToLower(c.param("id"))]
	var err error
	if found {
		t, _ := compliancerules.DocumentTypeByID(d.TypeID)
		switch {
		case f.fields[wire.DocumentFieldEndUserID] != "" && !strings.EqualFold(f.fields[wire.DocumentFieldEndUserID], d.EndUserID):
			err = errors.New("end_user_id cannot be updated; make a new document")
		case f.fields[wire.DocumentFieldDocumentTypeID] != "" && !strings.EqualFold(f.fields[wire.DocumentFieldDocumentTypeID], d.TypeID):
			err = errors.New("document_type_id cannot be updated; make a new document")
		}
		fields := f.dataFields(t)
		if err == nil && len(fields) > 0 {
			if errs := compliancerules.CheckDocument(nil, t, compliancerules.Document{TypeID: t.ID, Fields: fields, HasFile: true}); len(errs) > 0 {
				err = errors.New(errs.Error())
			} else {
				d.Fields = fields
			}
		}
		if err == nil {
			if a := f.fields[wire.DocumentFieldAlias]; a != "" {
				d.Alias = a
			}
			if f.hasFile {
				d.FileName, d.File = f.fileName, f.file
			}
		}
	}
	s.mu.Unlock()
	switch {
	case !found:
		c.fail(http.StatusNotFound, "Compliance document not found.")
	case err != nil:
		c.badRequest("%v", err)
	default:
		c.reply(http.StatusOK, wire.ComplianceAppUpdated{APIID: newAPIID(), Message: "Compliance document updated successfully."})
	}
}

func (s *Server) deleteComplianceDocument(c *call) {
	deleteOf(c, c.acct.complianceApps().Documents, "Compliance document not found.")
}

// ---- applications

func viewApplication(acct *account, a *complianceAppRecord) wire.ComplianceApplication {
	v := wire.ComplianceApplication{CreatedAt: a.CreatedAt.UTC().Format(time.RFC3339Nano), ComplianceApplicationID: a.ID, Alias: a.Alias,
		Status: a.Status, EndUserType: a.UserType, CountryISO2: a.Country, NumberType: a.NumberType, EndUserID: a.EndUserID,
		ComplianceRequirementID: a.RequirementID, Documents: []wire.ApplicationDocument{}, RejectionReason: a.RejectionReason}
	for _, id := range a.DocumentIDs {
		e := wire.ApplicationDocument{DocumentID: id}
		if d, ok := acct.complianceApps().Documents[id]; ok {
			t, _ := compliancerules.DocumentTypeByID(d.TypeID)
			e.Name, e.DocumentName, e.DocumentTypeID, e.DocumentTypeName, e.Scope = d.Alias, t.Name, t.ID, t.Name, compliancerules.Scope(t)
		}
		v.Documents = append(v.Documents, e)
	}
	return v
}

// checkApplicationDocuments checks ids name documents of the account, of
// endUser, once each. Callers hold s.mu.
func checkApplicationDocuments(acct *account, endUser string, ids []string) ([]string, error) {
	out := make([]string, len(ids))
	for i, id := range ids {
		id = strings.ToLower(id)
		d, ok := acct.complianceApps().Documents[id]
		switch {
		case !ok:
			return nil, fmt.Errorf("document_ids[%d] %s is not a compliance document of this account", i, id)
		case d.EndUserID != endUser:
			return nil, fmt.Errorf("document_ids[%d] %s belongs to another end user than the application's", i, id)
		case slices.Contains(out[:i], id):
			return nil, fmt.Errorf("document_ids[%d] %s is given twice", i, id)
		}
		out[i] = id
	}
	return out, nil
}

func (s *Server) createComplianceApplication(c *call) {
	var in wire.ApplicationData
	if !c.decode(&in) {
		return
	}
	for _, req := range [][2]string{{"compliance_requirement_id", in.ComplianceRequirementID}, {"end_user_id", in.EndUserID}, {"alias", in.Alias},
		{"end_user_type", in.EndUserType}, {"country_iso2", in.CountryISO2}, {"number_type", in.NumberType}} {
		if req[1] == "" {
			c.badRequest("Mandatory parameter missing. %s must be present.", req[0])
			return
		}
	}
	for _, err := range []error{compliancerules.CheckAlias("alias", in.Alias), compliancerules.CheckComplianceAppCountry("country_iso2", in.CountryISO2),
		compliancerules.CheckNumberType("number_type", in.NumberType), compliancerules.CheckUserType("end_user_type", in.EndUserType)} {
		if err != nil {
			c.badRequest("%v", err)
			return
		}
	}
	req, ok := compliancerules.RequirementByID(in.ComplianceRequirementID)
	if !ok {
		c.badRequest("compliance_requirement_id %s is not a compliance requirement", in.ComplianceRequirementID)
		return
	}
	if req.Country != in.CountryISO2 || req.NumberType != in.NumberType || req.UserType != in.EndUserType {
		c.badRequest("compliance_requirement_id %s is the requirement of %s %s numbers for a %s end user, not of %s %s numbers for a %s end user",
			req.ID, req.Country, req.NumberType, req.UserType, in.CountryISO2, in.NumberType, in.EndUserType)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := c.acct.complianceApps().EndUsers[strings.ToLower(in.EndUserID)]
	if !ok {
		c.badRequest("end_user_id %s is not an end user of this account", in.EndUserID)
		return
	}
	if u.Typ != in.EndUserType {
		c.badRequest("end_user_type %s does not match the end user's type (%s)", in.EndUserType, u.Typ)
		return
	}
	ids, err := checkApplicationDocuments(c.acct, u.ID, in.DocumentIDs)
	if err != nil {
		c.badRequest("%v", err)
		return
	}
	a := &complianceAppRecord{Seq: s.nextSeq(), ID: s.newUUID(), Alias: in.Alias, Status: compliancerules.StatusDraft, Country: in.CountryISO2,
		NumberType: in.NumberType, UserType: in.EndUserType, EndUserID: u.ID, RequirementID: req.ID, DocumentIDs: ids, CreatedAt: s.clock.Now()}
	c.acct.complianceApps().Applications[a.ID] = a
	v := viewApplication(c.acct, a)
	v.APIID = newAPIID()
	c.reply(http.StatusCreated, v)
}

func (s *Server) getComplianceApplication(c *call) {
	v, ok := viewOf(c, c.acct.complianceApps().Applications, "compliance application", strings.ToLower(c.param("id")),
		func(a *complianceAppRecord) wire.ComplianceApplication { return viewApplication(c.acct, a) })
	if ok {
		v.APIID = newAPIID()
		c.reply(http.StatusOK, v)
	}
}

func (s *Server) listApplicationsCompliance(c *call) {
	q := c.req.URL.Query()
	country := q.Get("country_iso2")
	if country == "" {
		country = q.Get("country") // Go sends country
	}
	endUser, numberType, userType, alias, status := strings.ToLower(q.Get("end_user_id")), q.Get("number_type"), q.Get("end_user_type"),
		q.Get("alias"), q.Get("status")
	if status != "" {
		if err := compliancerules.CheckApplicationStatus("status", status); err != nil {
			c.badRequest("%v", err)
			return
		}
	}
	meta, out, ok := pageOf(c, compliancerules.ListMaxLimit, c.acct.complianceApps().Applications, func(a *complianceAppRecord) uint64 { return a.Seq },
		func(a *complianceAppRecord) bool {
			return (country == "" || strings.EqualFold(a.Country, country)) && (endUser == "" || a.EndUserID == endUser) &&
				(numberType == "" || a.NumberType == numberType) && (userType == "" || a.UserType == userType) &&
				(alias == "" || a.Alias == alias) && (status == "" || a.Status == status)
		}, func(a *complianceAppRecord) wire.ComplianceApplication { return viewApplication(c.acct, a) })
	if ok {
		c.reply(http.StatusOK, wire.ComplianceApplicationList{APIID: newAPIID(), Meta: meta, Objects: out})
	}
}

func (s *Server) updateComplianceApplication(c *call) {
	var in wire.ApplicationData
	if !c.decode(&in) {
		return
	}
	if in.DocumentIDs == nil {
		c.badRequest("Mandatory parameter missing. document_ids must be present (an update takes document_ids only).")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := c.acct.complianceApps().Applications[strings.ToLower(c.param("id"))]
	if !ok {
		c.fail(http.StatusNotFound, "Compliance application not found.")
		return
	}
	if a.Status == compliancerules.StatusSubmitted {
		c.badRequest("Compliance application %s is submitted and under review: it cannot be updated until the review ends", a.ID)
		return
	}
	ids, err := checkApplicationDocuments(c.acct, a.EndUserID, in.DocumentIDs)
	if err != nil {
		c.badRequest("%v", err)
		return
	}
	a.DocumentIDs, a.Status, a.RejectionReason = ids, compliancerules.StatusDraft, ""
	a.Gen++
	c.reply(http.StatusOK, wire.ComplianceAppUpdated{APIID: newAPIID(), Message: "Compliance application updated successfully."})
}

func (s *Server) deleteComplianceApplication(c *call) {
	id := strings.ToLower(c.param("id"))
	s.mu.Lock()
	if _, ok := c.acct.complianceApps().Applications[id]; ok {
		for _, o := range c.acct.numbers() {
			if o.ComplianceApplicationID == id {
				o.ComplianceApplicationID, o.ComplianceStatus = "", ""
			}
		}
	}
	s.mu.Unlock()
	deleteOf(c, c.acct.complianceApps().Applications, "Compliance application not found.")
}

// submitComplianceApplication submits a draft (or a rejected or accepted
// application after its update) that is complete.
func (s *Server) submitComplianceApplication(c *call) {
	// The route takes no fields: decode ignores its body, whatever it is.
	if !c.decode(&struct{}{}) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := c.acct.complianceApps().Applications[strings.ToLower(c.param("id"))]
	if !ok {
		c.fail(http.StatusNotFound, "Compliance application not found.")
		return
	}
	if a.Status != compliancerules.StatusDraft {
		c.badRequest("Compliance application %s is %s; only a draft can be submitted (update it to correct it)", a.ID, a.Status)
		return
	}
	req, _ := compliancerules.RequirementByID(a.RequirementID)
	var typeIDs []string
	for i, id := range a.DocumentIDs {
		d, ok := c.acct.complianceApps().Documents[id]
		if !ok {
			c.badRequest("document_ids[%d] %s was deleted; update the application with its documents", i, id)
			return
		}
		typeIDs = append(typeIDs, d.TypeID)
	}
	if err := compliancerules.CheckApplicationDocuments(req, typeIDs); err != nil {
		c.badRequest("Compliance application %s is not complete: %v", a.ID, err)
		return
	}
	now := s.clock.Now()
	a.Gen++
	a.Status, a.RejectionReason, a.DecideAt = compliancerules.StatusSubmitted, "", now.Add(s.opts.ComplianceReviewDelay)
	s.queueApplicationDecision(c.acct, a)
	v := viewApplication(c.acct, a)
	v.APIID = newAPIID()
	c.reply(http.StatusOK, v)
}

// queueApplicationDecision queues the reviewer's decision on a's current
// submission. Callers hold s.mu.
func (s *Server) queueApplicationDecision(acct *account, a *complianceAppRecord) {
	gen := a.Gen
	s.sched.At(a.DecideAt, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if acct.complianceApps().Applications[a.ID] != a || a.Gen != gen || a.Status != compliancerules.StatusSubmitted {
			return
		}
		name := ""
		if u, ok := acct.complianceApps().EndUsers[a.EndUserID]; ok {
			name = u.Name + " " + u.LastName
		}
		var docs []compliancerules.Document
		for _, id := range a.DocumentIDs {
			if d, ok := acct.complianceApps().Documents[id]; ok {
				docs = append(docs, compliancerules.Document{TypeID: d.TypeID, HasFile: d.File != nil})
			}
		}
		a.Status, a.RejectionReason = compliancerules.Decide(name, compliancerules.Unproved(docs))
	})
}

// rearmComplianceApps queues again, after a restart, the pending
// decisions. Callers hold s.mu.
func (s *Server) rearmComplianceApps(acct *account) {
	for _, a := range acct.complianceApps().Applications {
		if a.Status == compliancerules.StatusSubmitted {
			s.queueApplicationDecision(acct, a)
		}
	}
}

// complianceAppInventory is the compliance application family's part of Objects.
func complianceAppInventory(a *account, _ time.Time) map[string][]string {
	return map[string][]string{"end_users": keys(a.complianceApps().EndUsers), "compliance_documents": keys(a.complianceApps().Documents),
		"compliance_applications": keys(a.complianceApps().Applications)}
}
