package numberdata

import "github.com/cpaas-dev/terraform-provider-cpaas/internal/numberrules"

// The hand-made tables the inventory is generated from. Area codes, cities and regions
// are real; rate center abbreviations follow the real 10-character style; US LATAs are
// the real LATA of each area, Canadian ones are LATA-like numbers per province.

// country describes one country of the inventory.
type country struct {
	iso  string // ISO 3166 alpha-2
	code string // numeric calling code
	name string // upper-case name as the API prints it
	nanp bool   // US and CA: npanxx, lata and rate_center filters apply
}

var countries = []country{
	{iso: "US", code: "1", name: "UNITED STATES", nanp: true},
	{iso: "CA", code: "1", name: "CANADA", nanp: true},
	{iso: "GB", code: "44", name: "UNITED KINGDOM"},
	{iso: "DE", code: "49", name: "GERMANY"},
	{iso: "AU", code: "61", name: "AUSTRALIA"},
	{iso: "IN", code: "91", name: "INDIA"},
	{iso: "FR", code: "33", name: "FRANCE"},
}

// center is a rate center and the city it serves.
type center struct{ city, rateCenter string }

// nanpArea is one NANP area code with the rate centers its NXXs are spread over.
type nanpArea struct {
	iso     string
	npa     string
	region  string
	lata    int
	centers []center
}

func c(city, rateCenter string) center { return center{city, rateCenter} }

var nanpAreas = []nanpArea{
	// California
	{"US", "415", "California", 722, []center{c("SAN FRANCISCO", "SNFC CNTRL"), c("SAN FRANCISCO", "SNFC SUNST"), c("SAN RAFAEL", "SNRAFAEL")}},
	{"US", "628", "California", 722, []center{c("SAN FRANCISCO", "SNFC CNTRL"), c("SAN FRANCISCO", "SNFC SUNST")}},
	{"US", "510", "California", 722, []center{c("OAKLAND", "OKLD"), c("BERKELEY", "BERKELEY"), c("FREMONT", "FREMONT")}},
	{"US", "650", "California", 722, []center{c("PALO ALTO", "PALO ALTO"), c("SAN MATEO", "SNMATEO"), c("REDWOOD CITY", "REDWOODCY")}},
	{"US", "408", "California", 722, []center{c("SAN JOSE", "SNJS WEST"), c("SAN JOSE", "SNJS SOUTH"), c("SUNNYVALE", "SUNNYVALE")}},
	{"US", "925", "California", 722, []center{c("WALNUT CREEK", "WALNUTCRK"), c("CONCORD", "CONCORD"), c("PLEASANTON", "PLEASANTON")}},
	{"US", "916", "California", 726, []center{c("SACRAMENTO", "SACRAMENTO"), c("ROSEVILLE", "ROSEVILLE")}},
	{"US", "559", "California", 728, []center{c("FRESNO", "FRESNO"), c("VISALIA", "VISALIA")}},
	{"US", "213", "California", 730, []center{c("LOS ANGELES", "LSAN DA 01"), c("LOS ANGELES", "LSAN DA 02")}},
	{"US", "310", "California", 730, []center{c("SANTA MONICA", "SNMN SNMN"), c("BEVERLY HILLS", "BEVERLYHLS"), c("TORRANCE", "TORRANCE")}},
	{"US", "323", "California", 730, []center{c("LOS ANGELES", "LSAN DA 03"), c("LOS ANGELES", "LSAN DA 04")}},
	{"US", "818", "California", 730, []center{c("BURBANK", "BURBANK"), c("GLENDALE", "GLENDALE"), c("VAN NUYS", "VAN NUYS")}},
	{"US", "619", "California", 732, []center{c("SAN DIEGO", "SNDG SNDG"), c("CHULA VISTA", "CHULAVISTA")}},
	{"US", "858", "California", 732, []center{c("SAN DIEGO", "SNDG SNDG"), c("LA JOLLA", "LA JOLLA")}},
	// Northeast
	{"US", "212", "New York", 132, []center{c("NEW YORK", "NWYRCYZN01"), c("NEW YORK", "NWYRCYZN03")}},
	{"US", "646", "New York", 132, []center{c("NEW YORK", "NWYRCYZN01"), c("NEW YORK", "NWYRCYZN05")}},
	{"US", "917", "New York", 132, []center{c("NEW YORK", "NWYRCYZN01"), c("BROOKLYN", "NWYRCYZN08")}},
	{"US", "718", "New York", 132, []center{c("BROOKLYN", "NWYRCYZN08"), c("BRONX", "NWYRCYZN10"), c("QUEENS", "NWYRCYZN11")}},
	{"US", "518", "New York", 134, []center{c("ALBANY", "ALBANY"), c("SCHENECTADY", "SCHENECTDY")}},
	{"US", "716", "New York", 140, []center{c("BUFFALO", "BUFFALO"), c("NIAGARA FALLS", "NIAGARAFLS")}},
	{"US", "617", "Massachusetts", 128, []center{c("BOSTON", "BOSTON"), c("CAMBRIDGE", "CAMBRIDGE")}},
	{"US", "857", "Massachusetts", 128, []center{c("BOSTON", "BOSTON"), c("CAMBRIDGE", "CAMBRIDGE")}},
	{"US", "413", "Massachusetts", 126, []center{c("SPRINGFIELD", "SPRINGFLD"), c("PITTSFIELD", "PITTSFIELD")}},
	{"US", "215", "Pennsylvania", 228, []center{c("PHILADELPHIA", "PHLA"), c("PHILADELPHIA", "PHLA NE")}},
	{"US", "267", "Pennsylvania", 228, []center{c("PHILADELPHIA", "PHLA"), c("PHILADELPHIA", "PHLA NE")}},
	{"US", "412", "Pennsylvania", 234, []center{c("PITTSBURGH", "PITTSBURGH")}},
	{"US", "202", "District of Columbia", 236, []center{c("WASHINGTON", "WASHINGTON")}},
	{"US", "410", "Maryland", 238, []center{c("BALTIMORE", "BALTIMORE"), c("ANNAPOLIS", "ANNAPOLIS")}},
	{"US", "804", "Virginia", 248, []center{c("RICHMOND", "RICHMOND")}},
	{"US", "757", "Virginia", 252, []center{c("NORFOLK", "NORFOLK"), c("VIRGINIA BEACH", "VA BEACH")}},
	{"US", "201", "New Jersey", 224, []center{c("JERSEY CITY", "JERSEYCITY"), c("HACKENSACK", "HACKENSACK")}},
	{"US", "973", "New Jersey", 224, []center{c("NEWARK", "NEWARK"), c("PATERSON", "PATERSON")}},
	// Midwest
	{"US", "312", "Illinois", 358, []center{c("CHICAGO", "CHICAGO Z1")}},
	{"US", "773", "Illinois", 358, []center{c("CHICAGO", "CHICAGO Z1"), c("CHICAGO", "CHICAGO Z2")}},
	{"US", "216", "Ohio", 320, []center{c("CLEVELAND", "CLEVELAND")}},
	{"US", "614", "Ohio", 324, []center{c("COLUMBUS", "COLUMBUS")}},
	{"US", "313", "Michigan", 340, []center{c("DETROIT", "DETROITZN1"), c("DEARBORN", "DEARBORN")}},
	{"US", "616", "Michigan", 348, []center{c("GRAND RAPIDS", "GRANDRAPDS")}},
	{"US", "414", "Wisconsin", 356, []center{c("MILWAUKEE", "MILWAUKEE")}},
	{"US", "317", "Indiana", 336, []center{c("INDIANAPOLIS", "INDNPLS")}},
	{"US", "612", "Minnesota", 628, []center{c("MINNEAPOLIS", "MINNEAPLS")}},
	{"US", "314", "Missouri", 520, []center{c("ST LOUIS", "ST LOUIS")}},
	{"US", "816", "Missouri", 524, []center{c("KANSAS CITY", "KANSASCITY")}},
	{"US", "402", "Nebraska", 644, []center{c("OMAHA", "OMAHA")}},
	// South
	{"US", "404", "Georgia", 438, []center{c("ATLANTA", "ATLANTA")}},
	{"US", "678", "Georgia", 438, []center{c("ATLANTA", "ATLANTA"), c("MARIETTA", "MARIETTA")}},
	{"US", "704", "North Carolina", 422, []center{c("CHARLOTTE", "CHARLOTTE")}},
	{"US", "919", "North Carolina", 426, []center{c("RALEIGH", "RALEIGH"), c("DURHAM", "DURHAM")}},
	{"US", "305", "Florida", 460, []center{c("MIAMI", "MIAMI"), c("HOMESTEAD", "HOMESTEAD")}},
	{"US", "786", "Florida", 460, []center{c("MIAMI", "MIAMI")}},
	{"US", "954", "Florida", 460, []center{c("FORT LAUDERDALE", "FTLAUDRDL")}},
	{"US", "407", "Florida", 458, []center{c("ORLANDO", "ORLANDO")}},
	{"US", "904", "Florida", 452, []center{c("JACKSONVILLE", "JACKSONVL")}},
	{"US", "813", "Florida", 952, []center{c("TAMPA", "TAMPA")}},
	{"US", "615", "Tennessee", 470, []center{c("NASHVILLE", "NASHVILLE")}},
	{"US", "901", "Tennessee", 468, []center{c("MEMPHIS", "MEMPHIS")}},
	{"US", "504", "Louisiana", 490, []center{c("NEW ORLEANS", "NWORLEANS")}},
	{"US", "405", "Oklahoma", 536, []center{c("OKLAHOMA CITY", "OKLAHOMACY")}},
	{"US", "214", "Texas", 552, []center{c("DALLAS", "DALLAS")}},
	{"US", "469", "Texas", 552, []center{c("DALLAS", "DALLAS"), c("PLANO", "PLANO")}},
	{"US", "972", "Texas", 552, []center{c("IRVING", "IRVING"), c("PLANO", "PLANO")}},
	{"US", "713", "Texas", 560, []center{c("HOUSTON", "HOUSTON")}},
	{"US", "832", "Texas", 560, []center{c("HOUSTON", "HOUSTON")}},
	{"US", "512", "Texas", 558, []center{c("AUSTIN", "AUSTIN")}},
	{"US", "210", "Texas", 566, []center{c("SAN ANTONIO", "SNANTONIO")}},
	{"US", "915", "Texas", 540, []center{c("EL PASO", "EL PASO")}},
	// West
	{"US", "303", "Colorado", 656, []center{c("DENVER", "DENVER")}},
	{"US", "720", "Colorado", 656, []center{c("DENVER", "DENVER"), c("BOULDER", "BOULDER")}},
	{"US", "801", "Utah", 660, []center{c("SALT LAKE CITY", "SALTLAKECY")}},
	{"US", "602", "Arizona", 666, []center{c("PHOENIX", "PHOENIX")}},
	{"US", "480", "Arizona", 666, []center{c("SCOTTSDALE", "SCOTTSDALE"), c("MESA", "MESA"), c("TEMPE", "TEMPE")}},
	{"US", "520", "Arizona", 668, []center{c("TUCSON", "TUCSON")}},
	{"US", "505", "New Mexico", 664, []center{c("ALBUQUERQUE", "ALBUQERQUE")}},
	{"US", "702", "Nevada", 721, []center{c("LAS VEGAS", "LAS VEGAS")}},
	{"US", "503", "Oregon", 672, []center{c("PORTLAND", "PORTLAND")}},
	{"US", "206", "Washington", 674, []center{c("SEATTLE", "SEATTLE")}},
	{"US", "425", "Washington", 674, []center{c("BELLEVUE", "BELLEVUE"), c("REDMOND", "REDMOND")}},
	{"US", "509", "Washington", 676, []center{c("SPOKANE", "SPOKANE")}},
	{"US", "808", "Hawaii", 834, []center{c("HONOLULU", "HONOLULU")}},
	{"US", "907", "Alaska", 832, []center{c("ANCHORAGE", "ANCHORAGE")}},

	// Canada
	{"CA", "416", "Ontario", 858, []center{c("TORONTO", "TORONTO")}},
	{"CA", "647", "Ontario", 858, []center{c("TORONTO", "TORONTO")}},
	{"CA", "437", "Ontario", 858, []center{c("TORONTO", "TORONTO")}},
	{"CA", "905", "Ontario", 858, []center{c("MISSISSAUGA", "MISSISSAUG"), c("HAMILTON", "HAMILTON")}},
	{"CA", "613", "Ontario", 858, []center{c("OTTAWA", "OTTAWAHULL")}},
	{"CA", "519", "Ontario", 858, []center{c("LONDON", "LONDON"), c("WINDSOR", "WINDSOR")}},
	{"CA", "514", "Quebec", 856, []center{c("MONTREAL", "MONTREAL")}},
	{"CA", "438", "Quebec", 856, []center{c("MONTREAL", "MONTREAL")}},
	{"CA", "418", "Quebec", 856, []center{c("QUEBEC", "QUEBEC")}},
	{"CA", "604", "British Columbia", 890, []center{c("VANCOUVER", "VANCOUVER")}},
	{"CA", "778", "British Columbia", 890, []center{c("VANCOUVER", "VANCOUVER"), c("SURREY", "SURREY")}},
	{"CA", "250", "British Columbia", 890, []center{c("VICTORIA", "VICTORIA")}},
	{"CA", "403", "Alberta", 888, []center{c("CALGARY", "CALGARY")}},
	{"CA", "780", "Alberta", 888, []center{c("EDMONTON", "EDMONTON")}},
	{"CA", "204", "Manitoba", 884, []center{c("WINNIPEG", "WINNIPEG")}},
	{"CA", "306", "Saskatchewan", 886, []center{c("REGINA", "REGINA"), c("SASKATOON", "SASKATOON")}},
	{"CA", "902", "Nova Scotia", 852, []center{c("HALIFAX", "HALIFAX")}},
}

// nanpTollfree are the NANP toll-free service codes.
var nanpTollfree = []string{"800", "833", "844", "855", "866", "877", "888"}

// Generation sizes.
const (
	usNumbersPerNXX  = 20 // 8 NXXs per US NPA
	caNumbersPerNXX  = 20 // 8 NXXs per CA NPA
	nxxPerNPA        = 8
	vanitySuffix     = "2255" // CALL: one such number in each NANP NXX
	usTollfreePerNPA = 80
	caTollfreePerNPA = 40
)

// block is a range of numbers outside NANP: the national significant number is
// prefix + one of leads + random digits up to nsnLen digits.
type block struct {
	iso     string
	typ     string
	subType string
	prefix  string
	leads   []string
	nsnLen  int
	city    string
	region  string
	count   int
}

func local(iso, prefix string, leads []string, nsnLen int, city, region string, count int) block {
	return block{iso, typeFixed, subLocal, prefix, leads, nsnLen, city, region, count}
}

func mobile(iso, prefix string, nsnLen, count int) block {
	return block{iso, typeMobile, subMobile, prefix, nil, nsnLen, "", "", count}
}

func tollfree(iso, prefix string, nsnLen, count int) block {
	return block{iso, typeTollfree, subTollfree, prefix, nil, nsnLen, "", "", count}
}

func national(iso, prefix string, nsnLen, count int) block {
	return block{iso, typeFixed, subNational, prefix, nil, nsnLen, "", "", count}
}

func leads(s ...string) []string { return s }

var blocks = []block{
	// United Kingdom: NSN 10 digits.
	local("GB", "20", leads("3", "7", "8"), 10, "LONDON", "England", 400),
	local("GB", "121", leads("2", "4", "7"), 10, "BIRMINGHAM", "England", 200),
	local("GB", "161", leads("2", "4", "8"), 10, "MANCHESTER", "England", 200),
	local("GB", "113", leads("2", "3", "4"), 10, "LEEDS", "England", 150),
	local("GB", "117", leads("2", "3", "9"), 10, "BRISTOL", "England", 150),
	local("GB", "151", leads("2", "3", "4"), 10, "LIVERPOOL", "England", 150),
	local("GB", "141", leads("2", "3", "4"), 10, "GLASGOW", "Scotland", 150),
	local("GB", "131", leads("2", "3", "4"), 10, "EDINBURGH", "Scotland", 150),
	local("GB", "29", leads("20", "21"), 10, "CARDIFF", "Wales", 150),
	local("GB", "28", leads("90", "95"), 10, "BELFAST", "Northern Ireland", 150),
	mobile("GB", "7400", 10, 100), mobile("GB", "7520", 10, 100), mobile("GB", "7700", 10, 100),
	mobile("GB", "7723", 10, 100), mobile("GB", "7802", 10, 100), mobile("GB", "7911", 10, 100),
	mobile("GB", "7956", 10, 100), mobile("GB", "7983", 10, 100),
	tollfree("GB", "800", 10, 300),
	national("GB", "330", 10, 150), national("GB", "333", 10, 150),

	// Germany: NSN 10 digits for fixed lines, 11 for mobiles.
	local("DE", "30", leads("2", "4", "8"), 10, "BERLIN", "Berlin", 300),
	local("DE", "40", leads("2", "3", "4"), 10, "HAMBURG", "Hamburg", 250),
	local("DE", "89", leads("2", "3", "5"), 10, "MUNICH", "Bavaria", 250),
	local("DE", "69", leads("2", "4", "9"), 10, "FRANKFURT", "Hesse", 200),
	local("DE", "221", leads("2", "3", "4"), 10, "COLOGNE", "North Rhine-Westphalia", 200),
	local("DE", "211", leads("2", "3", "5"), 10, "DUSSELDORF", "North Rhine-Westphalia", 150),
	local("DE", "711", leads("2", "3", "6"), 10, "STUTTGART", "Baden-Wurttemberg", 150),
	mobile("DE", "151", 11, 120), mobile("DE", "152", 11, 120), mobile("DE", "157", 11, 120),
	mobile("DE", "160", 11, 120), mobile("DE", "170", 11, 120), mobile("DE", "171", 11, 120),
	mobile("DE", "176", 11, 120), mobile("DE", "177", 11, 120),
	tollfree("DE", "800", 10, 250),
	national("DE", "32", 10, 200),

	// Australia: NSN 9 digits.
	local("AU", "2", leads("8", "9"), 9, "SYDNEY", "New South Wales", 400),
	local("AU", "3", leads("8", "9"), 9, "MELBOURNE", "Victoria", 400),
	local("AU", "7", leads("30", "31", "32"), 9, "BRISBANE", "Queensland", 250),
	local("AU", "8", leads("92", "93", "94"), 9, "PERTH", "Western Australia", 200),
	local("AU", "8", leads("81", "82"), 9, "ADELAIDE", "South Australia", 200),
	local("AU", "2", leads("61", "62"), 9, "CANBERRA", "Australian Capital Territory", 100),
	mobile("AU", "400", 9, 150), mobile("AU", "412", 9, 150), mobile("AU", "421", 9, 150),
	mobile("AU", "433", 9, 150), mobile("AU", "450", 9, 150), mobile("AU", "488", 9, 150),
	tollfree("AU", "1800", 10, 250),
	national("AU", "1300", 10, 250),

	// India: NSN 10 digits; toll-free 1800 numbers are 11.
	local("IN", "11", leads("2", "4"), 10, "NEW DELHI", "Delhi", 400),
	local("IN", "22", leads("2", "6"), 10, "MUMBAI", "Maharashtra", 400),
	local("IN", "20", leads("2", "6"), 10, "PUNE", "Maharashtra", 200),
	local("IN", "80", leads("2", "4"), 10, "BENGALURU", "Karnataka", 300),
	local("IN", "44", leads("2", "4"), 10, "CHENNAI", "Tamil Nadu", 250),
	local("IN", "40", leads("2", "4"), 10, "HYDERABAD", "Telangana", 200),
	local("IN", "33", leads("2", "4"), 10, "KOLKATA", "West Bengal", 200),
	mobile("IN", "9810", 10, 150), mobile("IN", "9820", 10, 150), mobile("IN", "9845", 10, 150),
	mobile("IN", "8800", 10, 150), mobile("IN", "7042", 10, 150), mobile("IN", "7506", 10, 150),
	tollfree("IN", "1800", 11, 300),

	// France: NSN 9 digits.
	local("FR", "1", leads("4", "5", "7"), 9, "PARIS", "Ile-de-France", 500),
	local("FR", "4", leads("72", "78"), 9, "LYON", "Auvergne-Rhone-Alpes", 250),
	local("FR", "4", leads("91", "96"), 9, "MARSEILLE", "Provence-Alpes-Cote d'Azur", 250),
	local("FR", "5", leads("56", "57"), 9, "BORDEAUX", "Nouvelle-Aquitaine", 200),
	local("FR", "5", leads("61", "62"), 9, "TOULOUSE", "Occitanie", 200),
	local("FR", "3", leads("20", "28"), 9, "LILLE", "Hauts-de-France", 200),
	local("FR", "2", leads("40", "51"), 9, "NANTES", "Pays de la Loire", 200),
	mobile("FR", "61", 9, 150), mobile("FR", "62", 9, 150), mobile("FR", "66", 9, 150),
	mobile("FR", "67", 9, 150), mobile("FR", "75", 9, 150), mobile("FR", "78", 9, 150),
	tollfree("FR", "800", 9, 250),
	national("FR", "9", 9, 300),
}

// rates are in hundred-thousandths of the account currency.
type rates struct{ setup, monthly, sms, voice int }

// rateTable gives the rates per country and type/sub_type.
var rateTable = map[string]rates{
	"US/" + subLocal:    {0, 80000, 800, 500},
	"US/" + subTollfree: {0, 100000, 1500, 2200},
	"CA/" + subLocal:    {0, 80000, 800, 550},
	"CA/" + subTollfree: {0, 100000, 1500, 2400},
	"GB/" + subLocal:    {0, 70000, 0, 650},
	"GB/" + subMobile:   {0, 150000, 4000, 1500},
	"GB/" + subTollfree: {0, 300000, 0, 5000},
	"GB/" + subNational: {0, 70000, 0, 700},
	"DE/" + subLocal:    {100000, 150000, 0, 900},
	"DE/" + subMobile:   {500000, 500000, 7500, 2000},
	"DE/" + subTollfree: {500000, 800000, 0, 6500},
	"DE/" + subNational: {100000, 150000, 0, 950},
	"AU/" + subLocal:    {0, 300000, 0, 1100},
	"AU/" + subMobile:   {0, 600000, 4500, 2500},
	"AU/" + subTollfree: {0, 1000000, 0, 7000},
	"AU/" + subNational: {0, 1000000, 0, 5000},
	"IN/" + subLocal:    {200000, 400000, 0, 1800},
	"IN/" + subMobile:   {200000, 600000, 2500, 1800},
	"IN/" + subTollfree: {500000, 1200000, 0, 4500},
	"FR/" + subLocal:    {0, 120000, 0, 800},
	"FR/" + subMobile:   {0, 300000, 6000, 1800},
	"FR/" + subTollfree: {0, 600000, 0, 5500},
	"FR/" + subNational: {0, 120000, 0, 850},
}

// Address restrictions and compliance requirements (see the package doc).
const (
	restrictionCity    = "city-address"
	restrictionCountry = "country-address"

	complianceNone     = ""
	complianceAddress  = numberrules.ComplianceAddress
	complianceIdentity = numberrules.ComplianceIdentity
	// ComplianceNull is the filter value that keeps numbers with no requirement.
	ComplianceNull = numberrules.ComplianceNull
)

var restrictionTexts = map[string]string{
	restrictionCity:    "Buying this number requires proof of an address in the city of the number.",
	restrictionCountry: "Buying this number requires proof of an address in the country of the number.",
}

// restrictionFor gives the address restriction of a number outside NANP.
func restrictionFor(iso, subType string) string {
	switch {
	case (iso == "DE" || iso == "IN") && subType == subLocal:
		return restrictionCity
	case iso == "DE" && (subType == subMobile || subType == subNational):
		return restrictionCountry
	case (iso == "FR" || iso == "AU") && subType == subLocal:
		return restrictionCountry
	}
	return ""
}

// complianceFor gives the compliance requirement of a number.
func complianceFor(iso, subType string) string {
	switch iso {
	case "DE":
		if subType == subMobile {
			return complianceIdentity
		}
		return complianceAddress
	case "FR":
		switch subType {
		case subLocal:
			return complianceAddress
		case subMobile:
			return complianceIdentity
		}
	case "AU":
		if subType == subLocal {
			return complianceAddress
		}
	case "IN":
		return complianceIdentity
	}
	return complianceNone
}

// NANPArea returns the country and the region (state or province) of a
// NANP area code ("415": "US", "California"), or false for one the
// inventory does not hold.
func NANPArea(npa string) (iso, region string, ok bool) {
	for i := range nanpAreas {
		if nanpAreas[i].npa == npa {
			return nanpAreas[i].iso, nanpAreas[i].region, true
		}
	}
	return "", "", false
}
