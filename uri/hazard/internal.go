package hazard

import (
	"fmt"
	"net/netip"
	"strings"

	"github.com/urispec/urispec/internal/pct"
	"github.com/urispec/urispec/uri"
)

// internalHost raises InternalHost for a host that is an address of the special-purpose
// ranges a server must not be talked into reaching (RFC 6890), or a name of the local
// machine or of a cloud's metadata service (local.go), and IPv4InIPv6 for an
// IPv6 address that carries an IPv4 address (RFC 4291 section 2.5.5, RFC 6052), in
// every notation that deployed parsers read as an address: dotted decimal, the
// inet_aton forms of rareIPv4, escapes (the WHATWG parser decodes the host before it
// reads an IPv4 address) and IPv6 literals with or without a zone. Other names are left
// alone: what "127.0.0.1.nip.io" resolves to is known only by resolving.
func (h *hazards) internalHost() {
	r := h.r
	b, e, ok := hostSpan(r)
	if !ok || b == e {
		return
	}
	host := r.Input()[b:e]
	f := h.hostFacts(host)
	if f.isAddr {
		if v4, embedding := embeddedIPv4(f.addr); embedding != "" {
			h.add(IPv4InIPv6, b, e-b, "host %q is %s of %s: a filter of IPv6 addresses misses the IPv4 address it reaches", host, embedding, v4)
		}
	}
	if f.internal {
		h.addSection(InternalHost, f.internalSection, b, e-b, "%s", f.internalMsg)
		h.out[len(h.out)-1].Note = f.ordinary
	}
}

// hostFacts is what the hazards read of a host's text alone, whatever the spec that
// split it off: every spec that reads the same host gets the same facts.
type hostFacts struct {
	host   string
	addr   netip.Addr // hostAddr
	isAddr bool
	// internalTarget's answer, and ordinaryLocal's when it is one.
	internalMsg, internalSection string
	internal, ordinary           bool
	normal                       string // normalHost
}

// hostFacts reads host, or returns what h.f kept of it.
func (h *hazards) hostFacts(host string) *hostFacts {
	if h.f != nil && h.f.last != nil && h.f.last.host == host {
		return h.f.last
	}
	f := &hostFacts{host: host, normal: normalHost(host)}
	f.addr, f.isAddr = hostAddr(host)
	f.internalMsg, f.internalSection, f.internal = internalTargetAt(host, f.addr, f.isAddr)
	if f.internal {
		f.ordinary = ordinaryLocal(host)
	}
	if h.f != nil {
		h.f.last = f
	}
	return f
}

// ordinaryLocal reports whether host names the local machine or a private network in
// the spelling that documentation and configuration of local servers use, and that a
// filter of internal targets compares with first: "localhost" or a name under it (ASCII,
// in any case, no escape, no final "."), the loopback address 127.0.0.1, or a
// private-use or unique-local address in its canonical text (dotted decimal; an IPv6
// literal, ::1 included, without a zone and without an embedded IPv4 address). Of
// 127.0.0.0/8 only 127.0.0.1 is what documentation writes: any other address of the block
// (127.127.127.127, 127.0.1.3) reaches the same host and is the spelling that passes a
// filter listing 127.0.0.1, so it stays a hazard. Such a host is an internal target, and its hazard a
// note (Hazard.Note): the string cannot tell a server's own documentation from a forged
// request, and deceives no filter. The metadata services, link-local and the other ranges,
// and every other spelling of a local target (127.1, 0x7f.1, %31%32%37.0.0.1, locaⅼhost,
// localhost.) stay hazards.
func ordinaryLocal(host string) bool {
	if inner, ok := strings.CutPrefix(host, "["); ok {
		a, err := netip.ParseAddr(strings.TrimSuffix(inner, "]"))
		if err != nil || a.Zone() != "" || a == metadataIPv6 {
			return false
		}
		if _, embedding := embeddedIPv4(a); embedding != "" {
			return false
		}
		return a.IsLoopback() || a.IsPrivate()
	}
	if a, err := netip.ParseAddr(host); err == nil {
		return a.Is4() && a.String() == host && (a == loopback4 || a.IsPrivate())
	}
	for i := 0; i < len(host); i++ {
		if c := host[i]; !isAlnum(c) && c != '-' && c != '.' {
			return false
		}
	}
	n, ok := localNameOf(host)
	return ok && n.name == "localhost" && !strings.HasSuffix(host, ".")
}

// internalTarget says why host, read as deployed parsers read it, is an internal target
// (an address of an internal range, the local machine or a metadata service, by address
// or by name), and where that is said; ok is false for any other host.
func internalTarget(host string) (msg, section string, ok bool) {
	addr, isAddr := hostAddr(host)
	return internalTargetAt(host, addr, isAddr)
}

// internalTargetAt is internalTarget of a host whose hostAddr is addr, isAddr.
func internalTargetAt(host string, addr netip.Addr, isAddr bool) (msg, section string, ok bool) {
	if isAddr {
		target := addr
		if v4, embedding := embeddedIPv4(addr); embedding != "" {
			target = v4
		}
		class := internalClass(target)
		if class == "" {
			return "", "", false
		}
		notation := ""
		if target.String() != strings.Trim(host, "[]") {
			notation = fmt.Sprintf(" (%s)", target)
		}
		return fmt.Sprintf("host %q%s is %s: a server fetching it reaches its own host or network", host, notation, class), InternalHost.Section(uri.RFC3986), true
	}
	if n, ok := localNameOf(host); ok {
		return fmt.Sprintf("host %q names %s: a server fetching it reaches its own host or network", host, n.what), n.section, true
	}
	return "", "", false
}

// hostAddr reads host as an IP address the way deployed parsers do: an IPv6 literal in
// brackets (its zone dropped), else, after decoding escapes, an IPv4 address in dotted
// decimal or in one of the inet_aton forms. IPvFuture and names are not addresses.
func hostAddr(host string) (netip.Addr, bool) {
	if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		inner := host[1 : len(host)-1]
		if i := strings.IndexByte(inner, '%'); i >= 0 {
			inner = inner[:i] // RFC 6874's "%25" zone or a raw "%"
		}
		a, err := netip.ParseAddr(inner)
		return a, err == nil && a.Is6()
	}
	d := host
	if strings.Contains(d, "%") {
		d = pct.DecodeString(d)
	}
	if a, err := netip.ParseAddr(d); err == nil && a.Is4() {
		return a, true
	}
	if a, _, ok := rareIPv4(d); ok {
		return a, true
	}
	return netip.Addr{}, false
}

// The IPv6 prefixes that embed an IPv4 address in their last 32 bits, besides
// IPv4-mapped ::ffff:0:0/96 (netip.Addr.Is4In6).
var (
	ipv4Translated  = netip.MustParsePrefix("::ffff:0:0:0/96") // RFC 2765 section 2.1 (SIIT)
	ipv4NAT64       = netip.MustParsePrefix("64:ff9b::/96")    // RFC 6052 section 2.1
	ipv4NAT64Local  = netip.MustParsePrefix("64:ff9b:1::/48")  // RFC 8215
	ipv4Compatible  = netip.MustParsePrefix("::/96")           // RFC 4291 section 2.5.5.1
	thisNetwork     = netip.MustParsePrefix("0.0.0.0/8")       // RFC 6890 section 2.2.2
	sharedAddresses = netip.MustParsePrefix("100.64.0.0/10")   // RFC 6890 section 2.2.2 (RFC 6598)
	metadataIPv4    = netip.MustParseAddr("169.254.169.254")   // most clouds
	metadataOracle  = netip.MustParseAddr("192.0.0.192")       // Oracle Cloud's older service
	metadataIPv6    = netip.MustParseAddr("fd00:ec2::254")     // AWS over IPv6
	// Alibaba Cloud's ECS metadata service ("Instance metadata",
	// https://www.alibabacloud.com/help/en/ecs/user-guide/view-instance-metadata), in
	// the shared address space.
	metadataAlibaba = netip.MustParseAddr("100.100.100.200")
	// Azure's WireServer, a public address that every Azure VM reaches on its host node
	// (agent channel, DNS, DHCP, health probes: "What is IP address 168.63.129.16?",
	// https://learn.microsoft.com/azure/virtual-network/what-is-ip-address-168-63-129-16).
	metadataAzure = netip.MustParseAddr("168.63.129.16")
)

// embeddedIPv4 returns the IPv4 address that an IPv6 address carries and the name of
// the form, or "" when a is not such an address. :: and ::1 are not IPv4-compatible.
func embeddedIPv4(a netip.Addr) (netip.Addr, string) {
	if !a.Is6() {
		return netip.Addr{}, ""
	}
	b := a.As16()
	v4 := netip.AddrFrom4([4]byte(b[12:16]))
	switch {
	case a.Is4In6():
		return a.Unmap(), "an IPv4-mapped IPv6 address (RFC 4291 section 2.5.5.2)"
	case ipv4Translated.Contains(a):
		return v4, "an IPv4-translated IPv6 address (RFC 2765 section 2.1)"
	case ipv4NAT64.Contains(a), ipv4NAT64Local.Contains(a):
		return v4, "an IPv4-embedded IPv6 address of a NAT64 prefix (RFC 6052 section 2.1)"
	case ipv4Compatible.Contains(a) && !a.IsUnspecified() && !a.IsLoopback():
		return v4, "an IPv4-compatible IPv6 address (RFC 4291 section 2.5.5.1)"
	}
	return netip.Addr{}, ""
}

// internalClass names the special-purpose range of a that is internal to a host or its
// network, or "" for any other address.
func internalClass(a netip.Addr) string {
	switch {
	case a == metadataIPv4, a == metadataOracle, a == metadataIPv6, a == metadataAlibaba:
		return fmt.Sprintf("the cloud instance metadata service (%s), which hands out credentials", a)
	case a == metadataAzure:
		return fmt.Sprintf("Azure's WireServer (%s), the platform's channel to every VM's host node", a)
	case a.IsLoopback():
		if a.Is4() {
			return "loopback (127.0.0.0/8)"
		}
		return "loopback (::1)"
	case a.IsUnspecified():
		return "unspecified, which connects to the local host"
	case thisNetwork.Contains(a):
		return `"this host on this network" (0.0.0.0/8), which connects to the local host`
	case a.IsLinkLocalUnicast():
		if a.Is4() {
			return "link-local (169.254.0.0/16)"
		}
		return "link-local (fe80::/10)"
	case a.IsPrivate():
		if a.Is4() {
			return "private-use (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16)"
		}
		return "unique-local (fc00::/7)"
	case sharedAddresses.Contains(a):
		return "shared address space of carrier-grade NAT (100.64.0.0/10)"
	}
	return ""
}

// loopback4 is the loopback address that documentation of local servers writes.
var loopback4 = netip.AddrFrom4([4]byte{127, 0, 0, 1})
