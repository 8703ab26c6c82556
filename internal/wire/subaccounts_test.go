package wire

var _ = registerGoldens(
	golden{"subaccount_created.json", "real service, 5. Subaccounts (create, 201)", func() any { return new(SubaccountCreated) }},
	golden{"subaccount_get.json", "real service, 5. Subaccounts (get: the record plus api_id)", func() any { return new(SubaccountReply) }},
	golden{"subaccount_list.json", "real service, 5. Subaccounts (list, newest first)", func() any { return new(SubaccountList) }},
	golden{"subaccount_updated.json", "real service, 5. Subaccounts (update, 202)", func() any { return new(Reply) }},
)
