package wire

var accountGoldens = []golden{
	{"account_get.json", "the service's recorded replies: the main account (get: the flat record with api_id, empty text fields as \"\", auto_recharge a boolean, cash_credits a decimal string)", func() any { return new(AccountReply) }},
	{"account_updated.json", "the service's recorded replies: the main account (update, 202: message \"changed\")", func() any { return new(Reply) }},
}
