package room

import "strings"

// GuestMark follows a guest's name when a key holds that name: "alice~g".
const GuestMark = "~g"

// AskedName is the name to register a key under, from the name its
// session plays under: without a guest's mark, which a session whose
// store did not answer at login was given (the store drops a '~', and
// would keep "aliceg" for good).
func AskedName(name string) string { return strings.TrimSuffix(name, GuestMark) }
