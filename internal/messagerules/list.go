package messagerules

// ListMaxLimit is the largest page of GET Message/.
const ListMaxLimit = 20
