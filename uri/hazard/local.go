package hazard

import (
	"strings"
	"unicode/utf8"

	"github.com/urispec/urispec/internal/uts46"

	"github.com/urispec/urispec/internal/pct"
)

// Hosts that name an internal target by their name alone, whatever DNS says: the local
// machine (RFC 6761) and the instance metadata services of the clouds that give theirs a
// name. A name is compared as a resolver would look it up: escapes decoded, without
// regard to case, a final "." dropped, and a name outside ASCII mapped by UTS #46 as the
// URL parser maps it ("locaⅼhost", with U+217C, is "localhost"). Other names are left
// alone: what "127.0.0.1.nip.io" resolves to is known only by resolving it.

// localName is a name of the local machine or a metadata service, and where that is said.
type localName struct {
	name    string
	suffix  bool   // the name's subdomains too
	what    string // what it names, for a message
	section string // the source, Hazard.Section
}

// localNames are the names that are internal targets by themselves.
var localNames = []localName{
	// RFC 6761 section 6.3: "localhost." and names falling within it; name resolution
	// APIs and libraries SHOULD recognize them as special and SHOULD always return the
	// IP loopback address.
	{"localhost", true, "the local machine (localhost., whose names resolve to the loopback address)", "RFC 6761, section 6.3"},
	// Google Cloud, "View and query VM metadata"
	// (https://cloud.google.com/compute/docs/metadata/querying-metadata): the metadata
	// server is http://metadata.google.internal/computeMetadata/v1/; the VMs' DNS search
	// path (google.internal) makes the short name "metadata" reach it too.
	{"metadata.google.internal", false, "Google Cloud's instance metadata server, which hands out credentials", `Google Cloud, "View and query VM metadata"`},
	{"metadata", false, "Google Cloud's instance metadata server (metadata.google.internal through the VMs' search path), which hands out credentials", `Google Cloud, "View and query VM metadata"`},
	// Amazon EC2: the Amazon-provided DNS of an instance resolves "instance-data" to the
	// instance metadata service, 169.254.169.254 (the answers to "Find out the instance
	// id from within an ec2 machine", https://stackoverflow.com/questions/625644).
	{"instance-data", false, "Amazon EC2's instance metadata service (169.254.169.254), which hands out credentials", "Amazon EC2 instance metadata service"},
}

// localNameOf returns the entry of localNames that host names, if any.
func localNameOf(host string) (localName, bool) {
	name := lookupName(host)
	if name == "" {
		return localName{}, false
	}
	for _, n := range localNames {
		if name == n.name || n.suffix && strings.HasSuffix(name, "."+n.name) {
			return n, true
		}
	}
	return localName{}, false
}

// lookupName is host as a resolver looks it up: escapes decoded, lower-case, a final
// "." dropped, mapped by UTS #46 when it is not ASCII; "" for a host that is no name
// (an IP literal, or one that UTS #46 refuses).
func lookupName(host string) string {
	if host == "" || strings.HasPrefix(host, "[") {
		return ""
	}
	name := host
	if strings.Contains(name, "%") {
		name = pct.DecodeString(name)
	}
	if strings.ContainsFunc(name, func(r rune) bool { return r >= utf8.RuneSelf }) {
		ascii, err := uts46.ToASCII(name, false)
		if err != nil {
			return ""
		}
		name = ascii
	}
	return strings.TrimSuffix(strings.ToLower(name), ".")
}
