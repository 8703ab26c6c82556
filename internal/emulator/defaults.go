package emulator

// areaDefaults fill the Options fields of one area that were left zero
// (its processing delays, its limits). Each area declares its own beside
// its routes, once, at package level: var _ = optionDefaults(func(o *Options) {...}).
var areaDefaults []func(*Options)

//
//nolint:unparam // the result lets an area register at package level with var _ =
func optionDefaults(fill func(*Options)) bool {
	areaDefaults = append(areaDefaults, fill)
	return true
}

// setAreaDefaults applies every area's defaults (New calls it).
func (o *Options) setAreaDefaults() {
	for _, fill := range areaDefaults {
		fill(o)
	}
}
