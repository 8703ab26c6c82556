package tendlctest

const (
	TdDescription = "Order and delivery notifications for customers of the Acme store."
	TdSample1     = "Acme: your order 123 has shipped. Reply STOP to opt out."
	TdSample2     = "Acme: your order 123 was delivered. Reply STOP to opt out."
)
