package messagerules

import (
	"github.com/cpaas-dev/terraform-provider-cpaas/internal/fielderr"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cpaas-dev/terraform-provider-cpaas/internal/tendlcrules"
)

// Limits of a send request other than SMS text and numbers.
const (
	MaxChatAppTextChars    = 4096 // freeform chat-app text
	MaxChatAppCaptionChars = 1024 // chat-app text sent with media
	MaxChatAppMediaURLs    = 1
	MaxMMSMediaURLs        = 10
	MinMessageExpiry       = 5
	MaxMessageExpiry       = 10799
	DefaultMessageExpiry   = 10800 // used when message_expiry is not given
)

// Values of the enumerated request fields.
var (
	Types                 = []string{TypeSMS, TypeMMS, TypeChatApp}
	Methods               = []string{"GET", "POST"}
	DLTTemplateCategories = []string{"transactional", "promotional", "service_implicit", "service_explicit"}
	LogValues             = []string{"true", "false", "content_only", "number_only"}
)

// Validate checks every rule of a send request that needs no account state
// and returns the broken ones, nil when there are none. Rules the spec leaves
// open are decided as follows:
//
//   - A chat-app message is sent from src (the business number), so it needs
//     src as a phone number and cannot use powerpack_uuid.
//   - media_urls is only for mms and chatapp; template only for chatapp, and
//     not together with text or media_urls.
//   - MMS text has no length limit in the spec and gets none here.
//   - method must be upper case, as the spec writes it; url and media URLs
//     must be absolute http or https URLs with a host.
//   - dlt_entity_id without dlt_template_id (or the reverse) passes: the spec
//     makes it a failure of the sent message, see DLTIncomplete.
func Validate(m Message) fielderr.List {
	es := new(fielderr.List)
	typ := m.EffectiveType()
	typeKnown := oneOf(typ, Types)

	validateSender(es, m, typ)
	validateDst(es, m.Dst)
	if !typeKnown {
		add(es, fielderr.Root("type"), options["type"].rule, m.Type)
	} else {
		validateContent(es, m, typ)
	}
	if m.MessageExpiry != nil {
		if err := CheckMessageExpiry("message_expiry", *m.MessageExpiry); err != nil {
			*es = append(*es, *err)
		}
	}
	if m.URL != "" {
		if rule := httpURLRule(m.URL); rule != "" {
			add(es, fielderr.Root("url"), rule, m.URL)
		}
	}
	for _, f := range []struct{ field, value string }{{"method", m.Method}, {"dlt_template_category", m.DLTTemplateCategory}, {"log", m.Log}} {
		if err := CheckOption(f.field, f.value); f.value != "" && err != nil {
			*es = append(*es, *err)
		}
	}
	return *es
}

// options are the message's enumerated fields: what each allows, and the
// rule in words.
var options = map[string]struct {
	values []string
	rule   string
}{
	"type":                  {Types, "must be one of " + strings.Join(Types, ", ")},
	"method":                {Methods, "must be GET or POST"},
	"dlt_template_category": {DLTTemplateCategories, "must be one of " + strings.Join(DLTTemplateCategories, ", ")},
	"log":                   {LogValues, "must be one of " + strings.Join(LogValues, ", ")},
}

// CheckOption checks the value of an enumerated field of a message (type,
// method, dlt_template_category or log): nil, or the error naming field,
// rule and value.
func CheckOption(field, value string) *fielderr.Error {
	o, ok := options[field]
	if !ok || oneOf(value, o.values) {
		return nil
	}
	return got(fielderr.Root(field), o.rule, value)
}

// CheckMessageExpiry checks message_expiry, in seconds, given as field.
func CheckMessageExpiry(field string, v int) *fielderr.Error {
	if v < MinMessageExpiry || v > MaxMessageExpiry {
		return got(fielderr.Root(field), "must be between 5 and 10799 seconds", strconv.Itoa(v))
	}
	return nil
}

func validateSender(es *fielderr.List, m Message, typ string) {
	switch {
	case m.Src != "" && m.PowerpackUUID != "":
		add(es, fielderr.Root("powerpack_uuid"), "cannot be combined with src", m.PowerpackUUID)
		return
	case m.Src == "" && m.PowerpackUUID == "":
		add(es, fielderr.Root("src"), "exactly one of src or powerpack_uuid is required", "")
		return
	case m.PowerpackUUID != "":
		if typ == TypeChatApp {
			add(es, fielderr.Root("powerpack_uuid"), "cannot be used with type chatapp; set src to the business phone number", m.PowerpackUUID)
		} else if !tendlcrules.UUIDPattern.MatchString(m.PowerpackUUID) {
			add(es, fielderr.Root("powerpack_uuid"), "must be a UUID (8-4-4-4-12 hexadecimal digits)", m.PowerpackUUID)
		}
		return
	}
	src := SanitizeSrc(m.Src)
	if fe := CheckNumber(fielderr.Root("src"), m.Src, src); fe != nil {
		*es = append(*es, *fe)
		return
	}
	if typ == TypeChatApp && !IsPhoneNumber(src) {
		add(es, fielderr.Root("src"), "must be the business phone number for type chatapp, not an alphanumeric sender ID", m.Src)
	}
}

func validateDst(es *fielderr.List, dst string) {
	dsts := SplitDestinations(dst)
	if len(dsts) == 0 {
		add(es, fielderr.Root("dst"), "is required", "")
		return
	}
	for i, raw := range dsts {
		field := fielderr.Root("dst")
		if len(dsts) > 1 {
			field = field.AtIndex(i)
		}
		if fe := CheckNumber(field, raw, SanitizeDst(raw)); fe != nil {
			*es = append(*es, *fe)
		}
	}
}

func validateContent(es *fielderr.List, m Message, typ string) {
	hasText, hasMedia, hasTemplate := m.Text != "", len(m.MediaURLs) > 0, m.Template != nil

	if hasTemplate && typ != TypeChatApp {
		add(es, fielderr.Root("template"), "is only for type chatapp", m.Type)
	}
	if hasMedia && typ == TypeSMS {
		add(es, fielderr.Root("media_urls"), "is only for type mms or chatapp", strings.Join(m.MediaURLs, ","))
	}
	if len(m.MediaIDs) > 0 && typ != TypeMMS {
		add(es, fielderr.Root("media_ids"), "is only for type mms", strings.Join(m.MediaIDs, ","))
	}

	switch typ {
	case TypeSMS:
		if !hasText {
			add(es, fielderr.Root("text"), "is required for type sms", "")
			break
		}
		if u := CountUnits(m.Text); u.Characters > MaxChars(u.Encoding) {
			addf(es, fielderr.Root("text"), m.Text, "must be at most %d %s characters, is %d", MaxChars(u.Encoding), u.Encoding, u.Characters)
		}
	case TypeMMS:
		switch files := len(m.MediaURLs) + len(m.MediaIDs); {
		case files == 0:
			add(es, fielderr.Root("media_urls"), "is required for type mms", "")
		case len(m.MediaIDs) > 0 && files > MaxMMSMediaURLs:
			addf(es, fielderr.Root("media_ids"), strings.Join(m.MediaIDs, ","), "together with media_urls must name at most %d files for type mms, name %d",
				MaxMMSMediaURLs, files)
		case len(m.MediaURLs) > MaxMMSMediaURLs:
			addf(es, fielderr.Root("media_urls"), strings.Join(m.MediaURLs, ","), "must hold at most %d URLs for type mms, holds %d", MaxMMSMediaURLs, len(m.MediaURLs))
		}
	case TypeChatApp:
		switch {
		case hasTemplate && hasText:
			add(es, fielderr.Root("text"), "cannot be combined with template; the template holds the content", m.Text)
		case hasTemplate && hasMedia:
			add(es, fielderr.Root("media_urls"), "cannot be combined with template; pass media as a header parameter", strings.Join(m.MediaURLs, ","))
		case !hasTemplate && !hasText && !hasMedia:
			add(es, fielderr.Root("text"), "is required for type chatapp unless template or media_urls is set", "")
		}
		if len(m.MediaURLs) > MaxChatAppMediaURLs {
			addf(es, fielderr.Root("media_urls"), strings.Join(m.MediaURLs, ","), "must hold at most %d URL for type chatapp, holds %d", MaxChatAppMediaURLs, len(m.MediaURLs))
		}
		if hasText && !hasTemplate {
			limit, what := MaxChatAppTextChars, "freeform text"
			if hasMedia {
				limit, what = MaxChatAppCaptionChars, "a caption with media"
			}
			if n := utf8.RuneCountInString(m.Text); n > limit {
				addf(es, fielderr.Root("text"), m.Text, "must be at most %d characters as %s, is %d", limit, what, n)
			}
		}
		if hasTemplate {
			*es = append(*es, ValidateTemplate(*m.Template)...)
		}
	}
	if typ != TypeSMS {
		for i, u := range m.MediaURLs {
			if rule := httpURLRule(u); rule != "" {
				add(es, fielderr.Root("media_urls").AtIndex(i), rule, u)
			}
		}
	}
}

// DLTIncomplete reports whether exactly one of dlt_entity_id and
// dlt_template_id is set. The spec does not reject such a request; the
// message is accepted and then fails with CodeDLTIncorrect (160), which is
// what the emulator does with it.
func DLTIncomplete(m Message) bool {
	return (m.DLTEntityID == "") != (m.DLTTemplateID == "")
}

// httpURLRule returns the broken rule for a URL that must be absolute http or
// https, or "" when it is fine.
func httpURLRule(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "must be a valid URL"
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return "must be an absolute http or https URL"
	}
	return ""
}

func oneOf(s string, set []string) bool {
	for _, v := range set {
		if s == v {
			return true
		}
	}
	return false
}

// MaxMMSTotalBytes is the spec's "5MB" limit on the total size of an MMS's
// media, read as 5,000,000 bytes: the spec writes MB, the SI megabyte, not
// MiB, and a client that stays within 5,000,000 bytes is within the limit
// under either reading. Sizes are only known once the media is fetched, so
// the limit is not a validation rule: the message is accepted and then
// fails with CodeMMSTooLarge (120).
const MaxMMSTotalBytes = 5_000_000
