package wire

var numbersGoldens = []golden{
	{"number_get.json", "the service's recorded replies 6, Account number (GET Number/{number}/ of an SMS-enabled US local number linked to a 10DLC campaign: alias null, sub_account null, toll_free_sms_verification null)", func() any { return new(AccountNumber) }},
	{"number_get_compliance.json", "the service's recorded account number record (it shows compliance_application_id and compliance_status): an IN toll-free number rented against an accepted application", func() any { return new(AccountNumber) }},
	{"number_list.json", "the service's recorded replies 6, Account number (list: alias null and \"\" side by side, a subaccount's number, a verified toll-free number with its verification id and order status)", func() any { return new(AccountNumberList) }},
}
