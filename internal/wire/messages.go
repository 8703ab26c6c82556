package wire

// The body of a send is messagerules.Message: the message rules check it field
// by field.

// MessageSent is the 202 reply to a send: one UUID per destination, in the
// order of dst.
type MessageSent struct {
	APIID       string   `json:"api_id"`
	Message     string   `json:"message"`
	MessageUUID []string `json:"message_uuid"`
}

// Message is a stored message record. Numbers are masked when the message
// was sent with log false or content_only. APIID is set on the reply of
// GET Message/{uuid}/, not on list items.
type Message struct {
	APIID            string  `json:"api_id,omitempty"`
	MessageUUID      string  `json:"message_uuid"`
	MessageState     string  `json:"message_state"`
	MessageType      string  `json:"message_type"`
	MessageDirection string  `json:"message_direction"`
	FromNumber       string  `json:"from_number"`
	ToNumber         string  `json:"to_number"`
	MessageTime      string  `json:"message_time"`
	Units            int     `json:"units"`
	TotalRate        string  `json:"total_rate"`
	TotalAmount      string  `json:"total_amount"`
	ErrorCode        *string `json:"error_code"`
	ErrorMessage     string  `json:"error_message"`
	ResourceURI      string  `json:"resource_uri"`
	Log              string  `json:"log"`
	// PowerpackID is the powerpack a message was sent through; left out
	// of a message sent from a src.
	PowerpackID string `json:"powerpack_id,omitempty"`
}

// Code is the error code, or "" when there is none.
func (m *Message) Code() string {
	if m.ErrorCode == nil {
		return ""
	}
	return *m.ErrorCode
}

// MessageList is one page of GET Message/.
type MessageList = Page[Message]

// MessageMedia is one media file of a message.
type MessageMedia struct {
	ContentType string `json:"content_type"`
	MediaID     string `json:"media_id"`
	MediaURL    string `json:"media_url"`
	MessageUUID string `json:"message_uuid"`
	Size        int64  `json:"size"`
}

// MessageMediaList is the reply of GET Message/{uuid}/Media/; empty for a
// message sent with log false.
type MessageMediaList struct {
	APIID   string         `json:"api_id"`
	Objects []MessageMedia `json:"objects"`
}
