package messagerules

import "testing"

func TestErrorCodeMeaning(t *testing.T) {
	tests := map[string]string{
		"000": "Message delivered.",
		"120": "Total MMS size exceeds 5MB; message is marked Failed.",
		"160": "DLT entity ID or DLT template ID passed incorrectly; message fails.",
		"340": "Freeform chat-app message sent with no active conversation; message fails.",
		"420": "Message stayed in the queue longer than message_expiry; message fails, and the code is relayed to the callback URL when one is set.",
		"200": "",
		"":    "",
	}
	for code, want := range tests {
		if got := ErrorCodeMeaning(code); got != want {
			t.Errorf("ErrorCodeMeaning(%q) = %q, want %q", code, got, want)
		}
	}
	if CodeDelivered != "000" || CodeMMSTooLarge != "120" || CodeDLTIncorrect != "160" || CodeNoConversation != "340" || CodeExpired != "420" {
		t.Error("error code constants drifted from the spec")
	}
}
