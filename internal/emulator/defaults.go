package emulator

// setAreaDefaults applies the defaults each area names in areas (New calls
// it).
func (o *Options) setAreaDefaults() {
	for _, ar := range areas {
		if ar.defaults != nil {
			ar.defaults(o)
		}
	}
}
