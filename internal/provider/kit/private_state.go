package kit

// privateKeyImported is the private-state key marking an object imported
// since its last apply: values the API never returns (a message's text, a
// session's unknown_caller_play) are then adopted from the configuration
// instead of forcing a replacement.
const PrivateKeyImported = "imported"
