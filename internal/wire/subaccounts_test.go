package wire

var subaccountsGoldens = []golden{
	{"subaccount_created.json", "real service, 5. Subaccounts (create, 201)", func() any { return new(SubaccountCreated) }},
	{"subaccount_get.json", "real service, 5. Subaccounts (get: the record plus api_id)", func() any { return new(SubaccountReply) }},
	{"subaccount_list.json", "real service, 5. Subaccounts (list, newest first)", func() any { return new(SubaccountList) }},
	{"subaccount_updated.json", "real service, 5. Subaccounts (update, 202)", func() any { return new(Reply) }},
}
