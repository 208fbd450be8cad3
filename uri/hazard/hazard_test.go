package hazard

import (
	"github.com/urispec/urispec/internal/subtest"
	"github.com/urispec/urispec/uri"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// hazardCase is a string valid under spec, the codes its Hazards must include (want)
// and must not include (not), and the text the first hazard of want[0] must span.
type hazardCase struct {
	spec uri.Spec
	in   string
	want []Code
	not  []Code
	span string
}

// hazardCases: for every code, strings that raise it and near strings that must not.
var hazardCases = []hazardCase{
	// numeric-name (RFC 1123 2.1; URL Standard, ends in a number)
	{uri.RFC3986, "http://425.510.425.510/", []Code{NumericName}, []Code{RareIPFormat}, "425.510.425.510"},
	{uri.RFC3986, "http://7147006462/", []Code{NumericName}, nil, "7147006462"},
	{uri.RFC3986, "http://0x41414141A9FEA9FE/", []Code{NumericName}, nil, "0x41414141A9FEA9FE"},
	{uri.RFC3986, "http://o177.0.0.1/", []Code{NumericName}, nil, "o177.0.0.1"},
	{uri.RFC3986, "http://www.fancy.192.168.0.10./", []Code{NumericName}, nil, "www.fancy.192.168.0.10."},
	{uri.RFC3986, "http://a.0xg/", nil, []Code{NumericName}, ""},
	{uri.RFC3986, "http://127.1/", []Code{RareIPFormat}, []Code{NumericName}, "127.1"},
	{uri.RFC3986, "http://1.2.3.4/", nil, []Code{NumericName, RareIPFormat}, ""},
	{uri.RFC3986, "http://x1.example/", nil, []Code{NumericName}, ""},
	// network-path-reference (RFC 3986 4.2; OWASP)
	{uri.RFC3986, "//evil.example/a", []Code{NetworkPathReference}, nil, "//evil.example"},
	{uri.RFC3986, "//https://evil.example//", []Code{NetworkPathReference}, nil, "//https:"},
	{uri.RFC3986, "/evil.example", nil, []Code{NetworkPathReference}, ""},
	{uri.RFC3986, "https://evil.example/", nil, []Code{NetworkPathReference}, ""},
	// encoded-alnum (RFC 3986 2.3, 6.2.2.2)
	{uri.RFC3986, "http://h/%61dmin", []Code{EncodedAlnum}, nil, "%61"},
	{uri.RFC3986, "http://h/a%2Fb/%39", []Code{EncodedAlnum}, nil, "%39"},
	{uri.RFC3986, "http://h/%7Euser/a%2Db", nil, []Code{EncodedAlnum}, ""},
	{uri.RFC3986, "http://h/?q=%61", nil, []Code{EncodedAlnum}, ""},
	// rare-ip-format (RFC 3986 7.4)
	{uri.RFC3986, "http://2130706433/", []Code{RareIPFormat}, nil, "2130706433"},
	{uri.RFC3986, "http://0x7f.1/", []Code{RareIPFormat}, nil, "0x7f.1"},
	{uri.RFC3986, "http://0X7F.0.0.1/", []Code{RareIPFormat}, nil, "0X7F.0.0.1"},
	{uri.RFC3986, "http://0177.0.0.1/", []Code{RareIPFormat}, nil, "0177.0.0.1"},
	{uri.RFC3986, "http://127.1/", []Code{RareIPFormat}, nil, "127.1"},
	{uri.RFC3986, "http://10.1.1/", []Code{RareIPFormat}, nil, "10.1.1"},
	{uri.RFC3986, "http://010.0.0.1/", []Code{RareIPFormat}, nil, "010.0.0.1"},
	{uri.RFC3986, "http://1.2.3.4./", []Code{RareIPFormat}, nil, "1.2.3.4."},
	{uri.RFC3986, "http://u@0x7f000001:8080/", []Code{RareIPFormat}, nil, "0x7f000001"},
	{uri.RFC2396, "http://010.0.0.1/", []Code{RareIPFormat}, nil, "010.0.0.1"}, // an IPv4address there
	{uri.RFC1738, "http://0177.0.0.1/", []Code{RareIPFormat}, nil, "0177.0.0.1"},
	{uri.RFC3986, "http://127.0.0.1/", nil, []Code{RareIPFormat}, ""},
	{uri.RFC3986, "http://10.0.0.1./x", []Code{RareIPFormat}, nil, "10.0.0.1."},
	{uri.RFC3986, "http://1e100.net/", nil, []Code{RareIPFormat}, ""},
	{uri.RFC3986, "http://0x7g.1/", nil, []Code{RareIPFormat}, ""},   // not hex
	{uri.RFC3986, "http://08.0.0.1/", nil, []Code{RareIPFormat}, ""}, // not octal: no address
	{uri.RFC3986, "http://256.0.0.1/", nil, []Code{RareIPFormat}, ""},
	{uri.RFC3986, "http://1.2.3.4.5/", nil, []Code{RareIPFormat}, ""},
	{uri.RFC3986, "http://4294967296/", nil, []Code{RareIPFormat}, ""}, // over 32 bits
	{uri.RFC3986, "http://example.com./", nil, []Code{RareIPFormat}, ""},
	{uri.RFC3986, "http://[::1]/", nil, []Code{RareIPFormat}, ""},

	// internal-host (RFC 6890, RFC 4291): 127.0.0.1 in every notation deployed parsers
	// read as an address, the other internal ranges, and addresses that are not internal.
	{uri.RFC3986, "http://127.0.0.1/", []Code{InternalHost}, nil, "127.0.0.1"},
	{uri.RFC3986, "http://127.0.0.1:6379/", []Code{InternalHost}, nil, "127.0.0.1"},
	{uri.RFC3986, "http://127.0.0.1./", []Code{InternalHost}, nil, "127.0.0.1."},
	{uri.RFC3986, "http://2130706433/", []Code{InternalHost}, nil, "2130706433"},
	{uri.RFC3986, "http://017700000001/", []Code{InternalHost}, nil, "017700000001"},
	{uri.RFC3986, "http://0x7f000001/", []Code{InternalHost}, nil, "0x7f000001"},
	{uri.RFC3986, "http://0x7f.0x0.0x0.0x1/", []Code{InternalHost}, nil, "0x7f.0x0.0x0.0x1"},
	{uri.RFC3986, "http://0177.0.0.01/", []Code{InternalHost}, nil, "0177.0.0.01"},
	{uri.RFC3986, "http://0x7f.1/", []Code{InternalHost}, nil, "0x7f.1"},
	{uri.RFC3986, "http://127.1/", []Code{InternalHost}, nil, "127.1"},
	{uri.RFC3986, "http://127.0.1/", []Code{InternalHost}, nil, "127.0.1"},
	{uri.RFC3986, "http://%31%32%37.0.0.1/", []Code{InternalHost}, nil, "%31%32%37.0.0.1"},
	{uri.RFC3986, "http://user@127.0.0.1:80/", []Code{InternalHost}, nil, "127.0.0.1"},
	{uri.RFC3986, "http://[::ffff:127.0.0.1]/", []Code{InternalHost, IPv4InIPv6}, nil, "[::ffff:127.0.0.1]"},
	{uri.RFC3986, "http://[::ffff:7f00:1]/", []Code{InternalHost, IPv4InIPv6}, nil, "[::ffff:7f00:1]"},
	{uri.RFC3986, "http://[0:0:0:0:0:ffff:127.0.0.1]/", []Code{InternalHost, IPv4InIPv6}, nil, "[0:0:0:0:0:ffff:127.0.0.1]"},
	{uri.RFC3986, "http://[::ffff:0:127.0.0.1]/", []Code{InternalHost, IPv4InIPv6}, nil, "[::ffff:0:127.0.0.1]"},
	{uri.RFC3986, "http://[::127.0.0.1]/", []Code{InternalHost, IPv4InIPv6}, nil, "[::127.0.0.1]"},
	{uri.RFC3986, "http://[64:ff9b::127.0.0.1]/", []Code{InternalHost, IPv4InIPv6}, nil, "[64:ff9b::127.0.0.1]"},
	{uri.RFC3986, "http://[::1]/", []Code{InternalHost}, []Code{IPv4InIPv6}, "[::1]"},
	{uri.RFC3986, "http://[0:0::1]:8080/", []Code{InternalHost}, []Code{IPv4InIPv6}, "[0:0::1]"},
	{uri.RFC3986, "http://[::]/", []Code{InternalHost}, []Code{IPv4InIPv6}, "[::]"},
	{uri.RFC3986, "http://0.0.0.0/", []Code{InternalHost}, nil, "0.0.0.0"},
	{uri.RFC3986, "http://0/", []Code{InternalHost}, nil, "0"},
	{uri.RFC3986, "http://0.1.2.3/", []Code{InternalHost}, nil, "0.1.2.3"},
	{uri.RFC3986, "http://169.254.169.254/latest/meta-data/", []Code{InternalHost}, nil, "169.254.169.254"},
	{uri.RFC3986, "http://[fd00:ec2::254]/latest/meta-data/", []Code{InternalHost}, nil, "[fd00:ec2::254]"},
	{uri.RFC3986, "http://169.254.1.1/", []Code{InternalHost}, nil, "169.254.1.1"},
	{uri.RFC3986, "http://192.0.0.192/latest/", []Code{InternalHost}, nil, "192.0.0.192"},
	{uri.RFC3986, "http://192.0.0.193/", nil, []Code{InternalHost}, ""},
	{uri.RFC3986, "http://[fe80::1]/", []Code{InternalHost}, nil, "[fe80::1]"},
	{uri.RFC6874, "http://[fe80::1%25eth0]/", []Code{InternalHost}, nil, "[fe80::1%25eth0]"},
	{uri.RFC3986, "http://10.0.0.1/", []Code{InternalHost}, nil, "10.0.0.1"},
	{uri.RFC3986, "http://172.16.0.1/", []Code{InternalHost}, nil, "172.16.0.1"},
	{uri.RFC3986, "http://172.31.255.255/", []Code{InternalHost}, nil, "172.31.255.255"},
	{uri.RFC3986, "http://192.168.0.1/", []Code{InternalHost}, nil, "192.168.0.1"},
	{uri.RFC3986, "http://[fc00::1]/", []Code{InternalHost}, nil, "[fc00::1]"},
	{uri.RFC3986, "http://100.64.0.1/", []Code{InternalHost}, nil, "100.64.0.1"},
	{uri.RFC3986, "http://100.127.255.255/", []Code{InternalHost}, nil, "100.127.255.255"},
	{uri.RFC2396, "http://127.0.0.1/", []Code{InternalHost}, nil, "127.0.0.1"},
	{uri.RFC1738, "http://127.0.0.1/", []Code{InternalHost}, nil, "127.0.0.1"},
	{uri.RFC3986, "http://8.8.8.8/", nil, []Code{InternalHost, IPv4InIPv6}, ""},
	{uri.RFC3986, "http://172.32.0.1/", nil, []Code{InternalHost}, ""},
	{uri.RFC3986, "http://100.128.0.1/", nil, []Code{InternalHost}, ""},
	{uri.RFC3986, "http://169.255.169.254/", nil, []Code{InternalHost}, ""},
	{uri.RFC3986, "http://[2001:db8::1]/", nil, []Code{InternalHost, IPv4InIPv6}, ""},
	{uri.RFC3986, "http://[v1.127.0.0.1]/", nil, []Code{InternalHost, IPv4InIPv6}, ""},
	{uri.RFC3986, "http://127.0.0.1.example.com/", nil, []Code{InternalHost}, ""},
	// Names that are internal by themselves (RFC 6761; the clouds' metadata names), in any
	// case, escaped, with a final ".", or mapped by UTS #46; other names are not.
	{uri.RFC3986, "http://localhost/", []Code{InternalHost}, nil, "localhost"},
	{uri.RFC3986, "http://LocalHost.:80/", []Code{InternalHost}, nil, "LocalHost."},
	{uri.RFC3986, "http://a.b.localhost/", []Code{InternalHost}, nil, "a.b.localhost"},
	{uri.RFC3986, "http://%6cocalhost/", []Code{InternalHost}, nil, "%6cocalhost"},
	{uri.RFC3987, "http://loca\u217chost/", []Code{InternalHost}, nil, "loca\u217chost"},
	{uri.RFC3986, "http://metadata.google.internal/computeMetadata/v1/", []Code{InternalHost}, nil, "metadata.google.internal"},
	{uri.RFC3986, "http://metadata/computeMetadata/v1/", []Code{InternalHost}, nil, "metadata"},
	{uri.RFC3986, "http://instance-data/latest/meta-data/", []Code{InternalHost}, nil, "instance-data"},
	{uri.RFC3986, "http://100.100.100.200/latest/meta-data/", []Code{InternalHost}, nil, "100.100.100.200"},
	{uri.RFC3986, "http://168.63.129.16/machine?comp=goalstate", []Code{InternalHost}, nil, "168.63.129.16"},
	{uri.RFC3986, "http://localhost.example/", nil, []Code{InternalHost}, ""},
	{uri.RFC3986, "http://notlocalhost/", nil, []Code{InternalHost}, ""},
	{uri.RFC3986, "http://127.0.0.1.nip.io/", nil, []Code{InternalHost}, ""}, // its danger is in DNS
	{uri.RFC3986, "http://metadata.google.internal.example/", nil, []Code{InternalHost}, ""},
	{uri.RFC3986, "http://168.63.129.17/", nil, []Code{InternalHost}, ""},

	// The URL inside a jar:, view-source: or feed: URL, which the client fetches.
	{uri.RFC3986, "jar:http://127.0.0.1!/", []Code{InternalHost}, nil, "127.0.0.1"},
	{uri.RFC3986, "JAR:https://localhost:8080/a.jar!/x.class", []Code{InternalHost}, nil, "localhost"},
	{uri.RFC3986, "jar:jar:ftp://10.0.0.1/a.zip!/b.jar!/c", []Code{InternalHost}, nil, "10.0.0.1"},
	{uri.RFC3986, "view-source:javascript:alert(1)", []Code{ScriptScheme}, nil, "javascript"},
	{uri.RFC3986, "feed:gopher://127.0.0.1:6379/_INFO", []Code{SmugglingScheme, InternalHost}, nil, "gopher"},
	{uri.RFC3986, "jar:http://example.com!/", nil, []Code{InternalHost}, ""},
	{uri.RFC3986, "tftp://evil.example:12346/TESTUDPPACKET", []Code{SmugglingScheme}, nil, "tftp"},
	{uri.RFC3986, "netdoc:///etc/passwd", []Code{FileScheme}, nil, "netdoc"},
	{uri.RFC3986, "netdoc://example.com/doc", nil, []Code{FileScheme}, ""},
	{uri.RFC3986, "jar:127.0.0.1!/", nil, []Code{InternalHost}, ""}, // no URL inside
	{uri.RFC3986, "http://08.0.0.1/", nil, []Code{InternalHost}, ""},
	{uri.RFC3986, "http://example.com/127.0.0.1", nil, []Code{InternalHost}, ""},

	// ipv4-in-ipv6 (RFC 4291 2.5.5, RFC 6052) of a public address
	{uri.RFC3986, "http://[::ffff:8.8.8.8]/", []Code{IPv4InIPv6}, []Code{InternalHost}, "[::ffff:8.8.8.8]"},
	{uri.RFC3986, "http://[64:ff9b::808:808]/", []Code{IPv4InIPv6}, []Code{InternalHost}, "[64:ff9b::808:808]"},
	{uri.RFC3986, "http://[64:ff9b:1::8.8.8.8]/", []Code{IPv4InIPv6}, []Code{InternalHost}, "[64:ff9b:1::8.8.8.8]"},
	{uri.RFC3986, "http://[::ffff:1:8.8.8.8]/", nil, []Code{IPv4InIPv6}, ""},

	// script-scheme, active-data, file-scheme, smuggling-scheme, bad-port
	{uri.RFC3986, "javascript:alert(1)", []Code{ScriptScheme}, nil, "javascript"},
	{uri.RFC3986, "JavaScript:alert(1)", []Code{ScriptScheme}, nil, "JavaScript"},
	{uri.RFC3986, "vbscript:msgbox(1)", []Code{ScriptScheme}, nil, "vbscript"},
	{uri.RFC1738, "javascript:alert(1)", []Code{ScriptScheme}, nil, "javascript"},
	{uri.RFC3986, "http://example.com/javascript:alert(1)", nil, []Code{ScriptScheme}, ""},
	{uri.RFC3986, "javascript.example:x", nil, []Code{ScriptScheme}, ""},
	{uri.RFC3986, "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", []Code{ActiveData}, nil, "text/html"},
	{uri.RFC3986, "data:TEXT/HTML,%3Cscript%3Ealert(1)%3C/script%3E", []Code{ActiveData}, nil, "TEXT/HTML"},
	{uri.RFC3986, "data:image/svg+xml;charset=utf-8,x", []Code{ActiveData}, nil, "image/svg+xml"},
	{uri.RFC3986, "data:application/xhtml+xml,x", []Code{ActiveData}, nil, "application/xhtml+xml"},
	{uri.RFC3986, "data:text/javascript,alert(1)", []Code{ActiveData}, nil, "text/javascript"},
	{uri.RFC3986, "data:,hello", nil, []Code{ActiveData}, ""},
	{uri.RFC3986, "data:text/plain,text/html", nil, []Code{ActiveData}, ""},
	{uri.RFC3986, "data:image/png;base64,iVBORw0KGgo=", nil, []Code{ActiveData}, ""},
	{uri.RFC3986, "data:text/htmlx,x", nil, []Code{ActiveData}, ""},
	{uri.RFC3986, "file:///etc/passwd", []Code{FileScheme}, nil, "file"},
	{uri.RFC3986, "FILE://localhost/c:/windows/win.ini", []Code{FileScheme}, nil, "FILE"},
	{uri.RFC3986, "http://example.com/file:///etc/passwd", nil, []Code{FileScheme}, ""},
	{uri.RFC3986, "file:/etc/passwd", []Code{FileScheme}, []Code{FileRemoteHost}, "file"},
	{uri.RFC3986, "file://127.0.0.1/etc/passwd", []Code{FileScheme}, []Code{FileRemoteHost}, "file"},
	{uri.RFC3986, "file://[::1]/etc/passwd", []Code{FileScheme}, []Code{FileRemoteHost}, "file"},

	// file-remote-host (RFC 8089 3, 5): a host that is not the local machine, in place
	// of file-scheme.
	{uri.RFC3986, "file://server/share/a.txt", []Code{FileRemoteHost}, []Code{FileScheme}, "server"},
	{uri.RFC3986, "FILE://Host.Example.com/", []Code{FileRemoteHost}, nil, "Host.Example.com"},
	{uri.RFC3986, "file://10.0.0.1/c$/", []Code{FileRemoteHost, InternalHost}, nil, "10.0.0.1"},
	{uri.RFC2396, "file://server/share", []Code{FileRemoteHost}, nil, "server"},
	{uri.RFC3986, "file://LOCALHOST/etc/passwd", nil, []Code{FileRemoteHost}, ""},
	{uri.RFC3986, "file:///c:/windows/win.ini", nil, []Code{FileRemoteHost}, ""},
	{uri.RFC3986, "http://server/share", nil, []Code{FileRemoteHost}, ""},

	// http-userinfo (RFC 9110 4.2.4): any userinfo of an http or https URI, with its "@".
	{uri.RFC3986, "http://user@example.com/", []Code{HTTPUserinfo}, nil, "user@"},
	{uri.RFC3986, "HTTPS://user:pw@example.com/", []Code{HTTPUserinfo, UserinfoPassword}, nil, "user:pw@"},
	{uri.RFC3986, "http://@example.com/", []Code{HTTPUserinfo}, nil, "@"},
	{uri.URLSyntax05, "http://user@example.com/", []Code{HTTPUserinfo}, nil, "user@"},
	{uri.RFC3986, "ftp://user@example.com/", nil, []Code{HTTPUserinfo}, ""},
	{uri.RFC3986, "http://example.com/@x?a@b#@", nil, []Code{HTTPUserinfo}, ""},
	{uri.RFC3986, "//user@example.com/", nil, []Code{HTTPUserinfo}, ""}, // no scheme yet: the base's

	// mailto-header (RFC 6068 3, 4, 7): header fields other than subject, keywords, body.
	{uri.RFC3986, "mailto:a@example.org?bcc=b@example.org", []Code{MailtoHeaderField}, nil, "bcc=b@example.org"},
	{uri.RFC3986, "mailto:a@example.org?subject=hi&CC=b@example.org", []Code{MailtoHeaderField}, nil, "CC=b@example.org"},
	{uri.RFC3986, "mailto:?to=a@example.org&body=x", []Code{MailtoHeaderField}, nil, "to=a@example.org"},
	{uri.RFC3986, "mailto:a@example.org?%46rom=ceo@example.org", []Code{MailtoHeaderField}, nil, "%46rom=ceo@example.org"},
	{uri.RFC3986, "mailto:a@example.org?Content-Type=text/html", []Code{MailtoHeaderField}, nil, "Content-Type=text/html"},
	{uri.RFC3986, "mailto:a@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E", []Code{MailtoHeaderField}, nil, "In-Reply-To=%3C3469A91.D10AF4C@example.com%3E"},
	{uri.RFC3986, "mailto:a@example.org?subject=hi&keywords=k&BODY=x", nil, []Code{MailtoHeaderField}, ""},
	{uri.RFC3986, "mailto:a@example.org", nil, []Code{MailtoHeaderField}, ""},
	{uri.RFC3986, "http://example.org/?bcc=b@example.org", nil, []Code{MailtoHeaderField}, ""},
	{uri.RFC3986, "gopher://127.0.0.1:6379/_SET%20x%201%0D%0A", []Code{SmugglingScheme, InternalHost}, nil, "gopher"},
	{uri.RFC3986, "dict://127.0.0.1:11211/stat", []Code{SmugglingScheme}, nil, "dict"},
	{uri.RFC3986, "gophers.example:x", nil, []Code{SmugglingScheme}, ""},
	{uri.RFC3986, "http://example.com:25/", []Code{BadPort}, nil, "25"},
	{uri.RFC3986, "https://example.com:22/", []Code{BadPort}, nil, "22"},
	{uri.RFC3986, "ws://example.com:6667/", []Code{BadPort}, nil, "6667"},
	{uri.RFC3986, "wss://example.com:10080/", []Code{BadPort}, nil, "10080"},
	{uri.RFC3986, "HTTP://example.com:1/", []Code{BadPort}, nil, "1"},
	{uri.RFC3986, "http://example.com:6379/", nil, []Code{BadPort}, ""}, // Redis: not on the list
	{uri.RFC3986, "http://example.com:8080/", nil, []Code{BadPort}, ""},
	{uri.RFC3986, "http://example.com:80/", nil, []Code{BadPort}, ""},
	{uri.RFC3986, "http://example.com:/", nil, []Code{BadPort}, ""},
	{uri.RFC3986, "ftp://example.com:21/", nil, []Code{BadPort}, ""}, // ftp's own port
	{uri.RFC3986, "foo://example.com:25/", nil, []Code{BadPort}, ""},
	{uri.RFC3986, "//example.com:25/", nil, []Code{BadPort}, ""}, // relative: the base's scheme decides

	// lookalike-delimiter (RFC 3987 section 8): rfc3987 only, in the authority
	{uri.RFC3987, "https://evil.example\uff1agood.example/", []Code{LookalikeDelimiter}, nil, "\uff1a"},
	{uri.RFC3987, "https://evil.example\uff0fgood.example/", []Code{LookalikeDelimiter}, nil, "\uff0f"},
	{uri.RFC3987, "https://evil.example\u2215good.example/", []Code{LookalikeDelimiter}, nil, "\u2215"},
	{uri.RFC3987, "https://good.example\ufe6bevil.example/", []Code{LookalikeDelimiter}, nil, "\ufe6b"},
	{uri.RFC3987, "https://evil\u3002example/", []Code{LookalikeDelimiter}, nil, "\u3002"},
	{uri.RFC3987, "https://evil%E3%80%82example/", []Code{LookalikeDelimiter}, nil, "%E3%80%82"},
	{uri.RFC3987, "https://a\u2488example/", []Code{LookalikeDelimiter}, nil, "\u2488"},
	{uri.RFC3987, "https://user\uff20good.example@evil.example/", []Code{LookalikeDelimiter}, nil, "\uff20"},
	{uri.RFC3987, "https://b\u00fccher.example/a\uff0fb", nil, []Code{LookalikeDelimiter}, ""}, // in the path: not the authority
	{uri.RFC3987, "https://\u4f8b\u3048.\u30c6\u30b9\u30c8/", nil, []Code{LookalikeDelimiter}, ""},
	{uri.RFC3987, "https://evil.example:443/", nil, []Code{LookalikeDelimiter}, ""},

	// misleading-userinfo (RFC 3986 7.6)
	{uri.RFC3986, "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm", []Code{MisleadingUserinfo}, nil, "cnn.example.com&story=breaking_news"},
	{uri.RFC3986, "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm", []Code{MisleadingUserinfo}, nil, "www.example.com&story=breaking_news"},
	{uri.RFC3986, "http://10.0.0.1@evil.example/", []Code{MisleadingUserinfo}, nil, "10.0.0.1"},
	{uri.RFC3986, "http://bank.example%2Flogin@evil.example/", []Code{MisleadingUserinfo}, nil, "bank.example%2Flogin"},
	{uri.RFC3986, "http://user@example.com/", nil, []Code{MisleadingUserinfo}, ""},
	{uri.RFC3986, "http://example.com@example.com/", nil, []Code{MisleadingUserinfo}, ""},
	{uri.RFC3986, "http://user:pa%2Fss@example.com/", nil, []Code{MisleadingUserinfo}, ""},
	{uri.RFC3986, "http://v1.x@example.com/", nil, []Code{MisleadingUserinfo}, ""}, // last label one letter

	// userinfo-password (RFC 3986 3.2.1, 7.5)
	{uri.RFC3986, "ftp://user:secret@host/", []Code{UserinfoPassword}, nil, "secret"},
	{uri.RFC3986, "http://:x@host/", []Code{UserinfoPassword}, nil, "x"},
	{uri.URLSyntax05, "ftp://user:secret@host/", []Code{UserinfoPassword}, nil, "secret"},
	{uri.RFC1738, "ftp://user:secret@host/", []Code{UserinfoPassword}, nil, "secret"},
	{uri.RFC3986, "ftp://user:@host/", nil, []Code{UserinfoPassword}, ""},
	{uri.RFC3986, "ftp://user@host/", nil, []Code{UserinfoPassword}, ""},
	{uri.RFC3986, "mailto:user:secret@host", nil, []Code{UserinfoPassword}, ""}, // no authority

	// encoded-nul (7.3), encoded-control (7.2)
	{uri.RFC3986, "http://h/a%00.png", []Code{EncodedNUL}, []Code{EncodedControl}, "%00"},
	{uri.RFC3986, "http://h/?q=a%0d%0aSet-Cookie:x", []Code{EncodedControl}, []Code{EncodedNUL}, "%0d"},
	{uri.RFC3986, "http://h/%7F", []Code{EncodedControl}, nil, "%7F"},
	{uri.RFC3986, "http://h/a%20b%7E", nil, []Code{EncodedControl, EncodedNUL}, ""},
	// A mailto: body writes its line breaks as %0D%0A (RFC 6068 section 5); elsewhere in a
	// mailto: query, and alone, a CR or LF is a control.
	{uri.RFC3986, "mailto:a@example.org?body=line1%0D%0Aline2%0d%0a", nil, []Code{EncodedControl}, ""},
	{uri.RFC3986, "mailto:a@example.org?subject=x%0D%0ABcc:c@example.org", []Code{EncodedControl}, nil, "%0D"},
	{uri.RFC3986, "mailto:a@example.org?body=x%0Ay", []Code{EncodedControl}, nil, "%0A"},
	{uri.RFC3986, "mailto:a@example.org?body=x%0D%0A%01", []Code{EncodedControl}, nil, "%01"},
	{uri.RFC3986, "http://h/?body=x%0D%0Ay", []Code{EncodedControl}, nil, "%0D"},

	// encoded-slash (7.3)
	{uri.RFC3986, "http://h/a%2Fb", []Code{EncodedSlash}, nil, "%2F"},
	{uri.RFC3986, "http://h/a%5cb", []Code{EncodedSlash}, nil, "%5c"},
	{uri.RFC3986, "http://h/a/b?x=%2F", nil, []Code{EncodedSlash}, ""}, // query, not path

	// encoded-dot-segment (7.3)
	{uri.RFC3986, "http://h/a/%2e%2e/b", []Code{EncodedDotSegment}, nil, "%2e%2e"},
	{uri.RFC3986, "http://h/a/.%2E/b", []Code{EncodedDotSegment}, nil, ".%2E"},
	{uri.RFC3986, "http://h/%2e/b", []Code{EncodedDotSegment}, nil, "%2e"},
	{uri.RFC3986, "http://h/a/%2e%2e%2e/b", nil, []Code{EncodedDotSegment}, ""},
	{uri.RFC3986, "http://h/a/../b", nil, []Code{EncodedDotSegment}, ""},

	// double-encoding (7.3)
	{uri.RFC3986, "http://h/%252e%252e/", []Code{DoubleEncoding}, nil, "%252e"},
	{uri.RFC3986, "http://h/?u=%2541", []Code{DoubleEncoding}, nil, "%2541"},
	{uri.RFC3986, "http://h/100%25", nil, []Code{DoubleEncoding}, ""},
	{uri.RFC3986, "http://h/100%25-off", nil, []Code{DoubleEncoding}, ""},

	// encoded-non-utf8 (7.3)
	{uri.RFC3986, "http://h/%C0%AF..", []Code{EncodedNonUTF8}, nil, "%C0"},
	{uri.RFC3986, "http://h/caf%E9", []Code{EncodedNonUTF8}, nil, "%E9"},
	{uri.RFC3986, "http://h/caf%C3%A9", nil, []Code{EncodedNonUTF8}, ""},
	{uri.RFC3986, "http://h/%E2%82%AC", nil, []Code{EncodedNonUTF8}, ""},

	// unexpected-port (7.2)
	{uri.RFC3986, "http://h:25/", []Code{UnexpectedPort}, nil, "25"},
	{uri.RFC3986, "https://h:80/", []Code{UnexpectedPort}, nil, "80"},
	{uri.RFC3986, "gopher://h:0/", []Code{UnexpectedPort}, nil, "0"},
	{uri.RFC3986, "telnet://192.0.2.16:80/", []Code{UnexpectedPort}, nil, "80"}, // RFC 3986 1.1.2's own example
	{uri.RFC3986, "http://h:80/", nil, []Code{UnexpectedPort}, ""},
	{uri.RFC3986, "http://h:0080/", nil, []Code{UnexpectedPort}, ""},
	{uri.RFC3986, "http://h:8080/", nil, []Code{UnexpectedPort}, ""},
	{uri.RFC3986, "http://h:/", nil, []Code{UnexpectedPort}, ""},
	{uri.RFC3986, "foo://h:25/", nil, []Code{UnexpectedPort}, ""}, // no default port

	// dot-segments-above-root (5.4.2)
	{uri.RFC3986, "http://h/../etc/passwd", []Code{DotSegmentsAboveRoot}, nil, ".."},
	{uri.RFC3986, "http://h/a/../../b", []Code{DotSegmentsAboveRoot}, nil, ".."},
	{uri.RFC3986, "/./../x", []Code{DotSegmentsAboveRoot}, nil, ".."},
	{uri.RFC3986, "http://h/a/b/../../c", nil, []Code{DotSegmentsAboveRoot}, ""},
	{uri.RFC3986, "http://h/a//../..", nil, []Code{DotSegmentsAboveRoot}, ""},
	{uri.RFC3986, "../../g", nil, []Code{DotSegmentsAboveRoot}, ""}, // relative: depends on the base
	{uri.RFC3986, "http://h/..a/b", nil, []Code{DotSegmentsAboveRoot}, ""},
	// encoded-host (RFC 3986 3.2.2): escapes of ASCII in a host; UTF-8 escapes are allowed.
	{uri.RFC3986, "http://%6c%6f%63%61%6c%68%6f%73%74/", []Code{EncodedHost, InternalHost}, nil, "%6c"},
	{uri.RFC3986, "http://%67%6f%6f%67%6c%65%2e%63%6f%6d", []Code{EncodedHost}, nil, "%67"},
	{uri.RFC3986, "http://b%C3%BCcher.example/", nil, []Code{EncodedHost}, ""},
	{uri.RFC3986, "http://example.com/%61", nil, []Code{EncodedHost}, ""},
	{uri.RFC6874, "http://[fe80::1%25eth0]/", nil, []Code{EncodedHost}, ""},

	// embedded-url (CWE-601): a query parameter, decoded once, or a path that holds a URL
	// of another host; the hazards of a parameter's URL follow it.
	{uri.RFC3986, "https://a.example/login?next=https://evil.example/", []Code{EmbeddedURL}, nil, "https://evil.example/"},
	{uri.RFC3986, "/redirect?a=1&url=//evil.example", []Code{EmbeddedURL}, nil, "//evil.example"},
	{uri.RFC3986, "https://a.example/?u=https%3A%2F%2Fevil.example%2F", []Code{EmbeddedURL}, nil, "https%3A%2F%2Fevil.example%2F"},
	{uri.RFC3986, "https://a.example/?u=Https:evil.example", []Code{EmbeddedURL}, nil, "Https:evil.example"},
	{uri.RFC3986, "https://a.example/?next=https://A.example/account", nil, []Code{EmbeddedURL}, ""},
	{uri.RFC3986, "https://a.example/?next=/account&b=//", nil, []Code{EmbeddedURL}, ""},
	{uri.RFC3986, "https://a.example/?q=a:b", nil, []Code{EmbeddedURL}, ""},
	{uri.RFC3986, "http://www.example.com/r.php?url=javascript:prompt(1)", []Code{ScriptScheme}, []Code{EmbeddedURL}, "javascript:prompt(1)"},
	{uri.RFC3986, "http://www.example.com/r.php?url=data:text/html;base64,PHNjcmlwdD4=", []Code{ActiveData}, nil, "data:text/html;base64,PHNjcmlwdD4="},
	{uri.RFC3986, "https://a.example/?url=http://169.254.169.254/", []Code{EmbeddedURL, InternalHost}, nil, "http://169.254.169.254/"},
	{uri.RFC3986, "https://web.archive.org/web/2020/https://evil.example/", []Code{EmbeddedURL}, nil, "https://evil.example/"},
	{uri.RFC3986, "/https:evil.example", []Code{EmbeddedURL}, nil, "https:evil.example"},
	{uri.RFC3986, "//https://evil.example//", []Code{EmbeddedURL}, nil, "//evil.example//"},
	{uri.RFC3986, "http://example.com/a:b/c", nil, []Code{EmbeddedURL}, ""},
	{uri.RFC3986, "file:///C:/x", nil, []Code{EmbeddedURL}, ""},
	{uri.RFC3986, "jar:http://example.com/a.jar!/b", nil, []Code{EmbeddedURL}, ""},

	// script-scheme of a reference that is a script URL once decoded.
	{uri.RFC3986, "javascript%3Aalert(1)", []Code{ScriptScheme}, nil, "javascript%3Aalert(1)"},
	{uri.RFC3986, "java%09script%3Aalert(1)", []Code{ScriptScheme}, nil, "java%09script%3Aalert(1)"},
	{uri.RFC3986, "javascript:alert(1)", []Code{ScriptScheme}, nil, "javascript"},
	{uri.RFC3986, "/java%3Ascript", nil, []Code{ScriptScheme}, ""},

	// misleading-userinfo: "@name" at the start of the query or fragment.
	{uri.RFC3986, "http://google.com:80#@www.whitelisteddomain.tld/", []Code{MisleadingUserinfo}, nil, "@www.whitelisteddomain.tld/"},
	{uri.RFC3986, "http://google.com:80?@www.whitelisteddomain.tld/", []Code{MisleadingUserinfo}, nil, "@www.whitelisteddomain.tld/"},
	{uri.RFC3986, "http://google.com/?@google.com", nil, []Code{MisleadingUserinfo}, ""},
	{uri.RFC3986, "http://a.example/#@top", nil, []Code{MisleadingUserinfo}, ""},
}

// TestHazardNote: an internal target in its ordinary spelling is a note, in any other
// spelling or inside another URL it is not.
func TestHazardNote(t *testing.T) {
	for _, c := range []struct {
		in   string
		note bool
	}{
		{"http://localhost:8080/", true},
		{"https://example.LOCALHOST:8910/", true},
		{"http://127.0.0.1:3000", true},
		{"http://127.127.127.127/", false},
		{"http://127.0.0.0/", false},
		{"http://[::1]/", true},
		{"http://192.168.0.1/", true},
		{"http://[fd00::1]/", true},
		{"http://localhost./", false},
		{"http://%6c%6f%63%61%6c%68%6f%73%74/", false},
		{"http://127.1/", false},
		{"http://0x7f.1/", false},
		{"http://0177.0.0.1/", false},
		{"http://2130706433/", false},
		{"http://[::ffff:127.0.0.1]/", false},
		{"http://0.0.0.0/", false},
		{"http://169.254.169.254/", false},
		{"http://[fd00:ec2::254]/", false},
		{"http://metadata.google.internal/", false},
		{"http://100.64.0.1/", false},
		{"jar:http://127.0.0.1!/", false},
	} {
		t.Run(subtest.Name(c.in), func(t *testing.T) {
			r, err := parsePlain(uri.RFC3986, c.in)
			if err != nil {
				t.Fatalf("%q: %v", c.in, err)
			}
			hz := Find(r)
			i := slices.IndexFunc(hz, func(h Hazard) bool { return h.Code == InternalHost })
			if i < 0 {
				t.Errorf("%q: no internal-host", c.in)
				return
			}
			if hz[i].Note != c.note {
				t.Errorf("%q: internal-host note %v, want %v", c.in, hz[i].Note, c.note)
			}
		})
	}
}

// TestDecodedScript: a string that is a script URL once percent-decoded or decoded as a
// JavaScript string literal, read with TAB, LF and CR removed.
func TestDecodedScript(t *testing.T) {
	for in, want := range map[string]string{
		"java%0d%0ascript%0d%0a:alert(0)":                      "javascript",
		`\x6A\x61\x76\x61\x73\x63\x72\x69\x70\x74\x3aalert(1)`: "javascript",
		`\u006A\u0061\u0076\u0061script\u003aalert(1)`:         "javascript",
		`\u{6A}avascript:alert(1)`:                             "javascript",
		`\152\141\166\141\163\143\162\151\160\164\072alert(1)`: "javascript",
		`\j\av\a\s\cr\i\pt\:\a\l\ert\(1\)`:                     "javascript",
		`ja\nva\tscript\r:alert(1)`:                            "javascript",
		"%20vbscript%3Amsgbox(1)":                              "vbscript",
		"javascript:alert(%31)":                                "", // a script URL as written: script-scheme's own
		"/javascript%3Aalert(1)":                               "",
		`\x6A`:                                                 "",
		"https://example.com/%6a":                              "",
	} {
		t.Run(subtest.Name(in), func(t *testing.T) {
			if got, _, _ := decodedScript(in); got != want {
				t.Errorf("decodedScript(%q) = %q, want %q", in, got, want)
			}
		})
	}
	if got := jsUnescape(`a\x41\u0042\u{43}\104\n\q\`); got != "aABCD\nq\\" {
		t.Errorf("jsUnescape = %q", got)
	}
}

func TestHazards(t *testing.T) {
	for _, c := range hazardCases {
		t.Run(c.spec.String()+" "+c.in, func(t *testing.T) {
			// The generic syntax: "mailto:user:secret@host" is no mailtoURI (RFC 6068).
			r, err := parsePlain(c.spec, c.in)
			if err != nil {
				t.Errorf("%v %q: %v", c.spec, c.in, err)
				return
			}
			hz := Find(r)
			codes := make([]Code, len(hz))
			for i, h := range hz {
				codes[i] = h.Code
				if h.Offset < 0 || h.Length < 0 || h.Offset+h.Length > len(c.in) {
					t.Errorf("%v %q: %v: span %d+%d outside the input", c.spec, c.in, h.Code, h.Offset, h.Length)
				}
				if h.Section == "" || h.Message == "" {
					t.Errorf("%v %q: %v without section or message", c.spec, c.in, h.Code)
				}
			}
			for _, w := range c.want {
				if !slices.Contains(codes, w) {
					t.Errorf("%v %q: hazards %v, want %v", c.spec, c.in, codes, w)
				}
			}
			for _, n := range c.not {
				if slices.Contains(codes, n) {
					t.Errorf("%v %q: hazards %v, must not have %v", c.spec, c.in, hz, n)
				}
			}
			if len(c.want) > 0 && c.span != "" {
				i := slices.IndexFunc(hz, func(h Hazard) bool { return h.Code == c.want[0] })
				if i >= 0 {
					if got := c.in[hz[i].Offset : hz[i].Offset+hz[i].Length]; got != c.span {
						t.Errorf("%v %q: %v spans %q, want %q", c.spec, c.in, c.want[0], got, c.span)
					}
				}
			}
		})
	}
}

// TestPlainURLsHaveNoHazards: ordinary references raise nothing under any spec that
// accepts them, neither hazards nor differentials. (A network-path reference,
// "//example.com/x", names a host where a check may see a path: network-path-reference.)
func TestPlainURLsHaveNoHazards(t *testing.T) {
	for _, in := range []string{
		"http://example.com/a/b?q=1#f", "https://www.example.org/", "ftp://ftp.is.co.za/rfc/rfc1808.txt",
		"http://www.ietf.org/rfc/rfc2396.txt", "mailto:John.Doe@example.com", "news:comp.infosystems.www.servers.unix",
		"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", "http://a/b/c/d;p?q",
		"https://example.com:8443/path/to%20file.html?x=%2F#top", "g", "../g", "/x", "",
		"http://93.184.215.14:8080/", "https://en.wikipedia.org/wiki/URL#Syntax",
	} {
		t.Run(in, func(t *testing.T) {
			for _, s := range uri.Specs() {
				r, err := uri.Parse(s, in)
				if err != nil {
					continue
				}
				if hz := append(Find(r), Differentials(r)...); len(hz) > 0 {
					t.Errorf("%v %q: %v", s, in, hz)
				}
			}
		})
	}
}

// TestDefaultReadersAreDeployed: the default readers are the deployed parsers, so a
// string only a historical version reads differently (url-1993 has no userinfo in ftp;
// RFC 1808's net_loc holds "?") raises nothing, while naming that version still does.
func TestDefaultReadersAreDeployed(t *testing.T) {
	for _, c := range []struct {
		in         string
		historical uri.Spec
	}{
		{"ftp://user@example.com/", uri.URL1993},
		{"http://user@example.com/", uri.URL1993},
		{"http://example.com?foo=bar", uri.RFC1808},
	} {
		t.Run(c.in, func(t *testing.T) {
			r, err := uri.Parse(uri.RFC3986, c.in)
			if err != nil {
				t.Fatal(err)
			}
			if hz := Differentials(r); hz != nil {
				t.Errorf("%q: %v", c.in, hz)
			}
			if hz := Differentials(r, SpecReader(c.historical)); len(hz) == 0 {
				t.Errorf("%q: %v reads it as rfc3986 does; the case tests nothing", c.in, c.historical)
			}
		})
	}
	var names []string
	for _, rd := range DefaultReaders(uri.RFC3987) {
		names = append(names, rd.Name())
	}
	if want := []string{"rfc3986", "rfc2396", "net/url", "whatwg"}; !slices.Equal(names, want) {
		t.Errorf("DefaultReaders(rfc3987) = %v, want %v", names, want)
	}
}

// TestBadPortsSorted: badPort finds a port by binary search.
func TestBadPortsSorted(t *testing.T) {
	if !slices.IsSorted(badPorts) {
		t.Error("badPorts is not sorted")
	}
}

// TestSections: each code cites the spec's own document where it has such a section,
// else RFC 3986's.
func TestSections(t *testing.T) {
	for _, c := range []struct {
		code Code
		spec uri.Spec
		want string
	}{
		{RareIPFormat, uri.RFC3986, "RFC 3986, section 7.4"},
		{RareIPFormat, uri.RFC2396bis01, "draft-fielding-uri-rfc2396bis-01, section 7.3"},
		{RareIPFormat, uri.RFC2396, "RFC 3986, section 7.4"},
		{MisleadingUserinfo, uri.RFC2396bis01, "draft-fielding-uri-rfc2396bis-01, section 7.5"},
		{UserinfoPassword, uri.RFC1738, "RFC 1738, section 6"},
		{UserinfoPassword, uri.URL1993, "RFC 3986, sections 3.2.1 and 7.5"},
		{EncodedControl, uri.RFC2396, "RFC 2396, section 7"},
		{EncodedNUL, uri.RFC2396bis01, "RFC 3986, section 7.3"}, // the draft has no Back-End Transcoding
		{UnexpectedPort, uri.URLSyntax05, "draft-fielding-url-syntax-05, section 7"},
		{DotSegmentsAboveRoot, uri.RFC6874, "RFC 3986, section 5.4.2"},
		{BidiFormatting, uri.RFC3987, "RFC 3987, section 4.1"},
		{DifferentialHost, uri.RFC2732, "RFC 2396, section 3.2.2"},
	} {
		t.Run(string(c.code)+" "+c.spec.String(), func(t *testing.T) {
			if got := c.code.Section(c.spec); got != c.want {
				t.Errorf("%v under %v: %q, want %q", c.code, c.spec, got, c.want)
			}
		})
	}
	for _, code := range Codes() {
		t.Run(string(code), func(t *testing.T) {
			for _, s := range uri.Specs() {
				if code.Section(s) == "" {
					t.Errorf("%v has no section under %v", code, s)
				}
			}
		})
	}
}

// TestBidiFormatting: RFC 3987 section 4.1's characters in a host, raw or
// percent-encoded, and near strings without them.
func TestBidiFormatting(t *testing.T) {
	for _, c := range []struct {
		host string
		at   int
		r    rune
		ok   bool
	}{
		{"example\u202Ecom", 7, 0x202E, true},
		{"\u200Fexample.com", 0, 0x200F, true},
		{"exa%E2%80%8Emple", 3, 0x200E, true},
		{"x\u2066y", 1, 0x2066, true},
		{"example.com", 0, 0, false},
		{"ex\u00e4mple.com", 0, 0, false},
		{"%E2%80%8", 0, 0, false},                         // cut short
		{"%E2%82%AC", 0, 0, false},                        // the euro sign
		{"\u05e9\u05dc\u05d5\u05dd.example", 0, 0, false}, // Hebrew letters are not formatting characters
	} {
		t.Run(c.host, func(t *testing.T) {
			at, r, ok := bidiFormattingIn(c.host)
			if ok != c.ok || ok && (at != c.at || r != c.r) {
				t.Errorf("%q: %d %U %v, want %d %U %v", c.host, at, r, ok, c.at, c.r, c.ok)
			}
		})
	}
}

// TestMixedScripts: a label mixing scripts (Latin "paypal" with a Cyrillic "а"), and
// near strings: one script per label, UTS #39's Japanese, Chinese and Korean sets,
// digits and hyphens.
func TestMixedScripts(t *testing.T) {
	for _, c := range []struct {
		host, label string
		ok          bool
	}{
		{"p\u0430ypal.com", "p\u0430ypal", true},
		{"www.p%D0%B0ypal.com", "p\u0430ypal", true},
		{"\u03b1bc.example", "\u03b1bc", true},
		{"paypal.com", "", false},
		{"\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444", "", false}, // all Cyrillic
		{"\u043f\u0440\u0438\u043c\u0435\u0440.com", "", false},          // scripts differ only across labels
		{"\u65e5\u672c\u8a9e\u306e\u30b5\u30a4\u30c8.jp", "", false},     // Han, Hiragana, Katakana
		{"abc\u4e2d\u6587.cn", "", false},                                // Latin and Han
		{"\ud55c\uad6d1-2.kr", "", false},                                // Hangul with digits
	} {
		t.Run(c.host, func(t *testing.T) {
			label, scripts, ok := mixedScriptLabel(c.host)
			if ok != c.ok || label != c.label {
				t.Errorf("%q: %q %v %v, want %q %v", c.host, label, scripts, ok, c.label, c.ok)
			}
		})
	}
}

// fakeReader reads every string as the given Reading.
type fakeReader struct {
	name string
	rd   Reading
}

func (f fakeReader) Name() string                 { return f.name }
func (f fakeReader) Read(string) (Reading, error) { return f.rd, nil }

// TestDifferentials: the motivating example (RFC 2396 reads "a@b@c" as a registry
// name, net/url reads host c and user a@b) and each part, with near readings that
// differ only in spelling.
func TestDifferentials(t *testing.T) {
	r, err := uri.Parse(uri.RFC2396, "http://a@b@c/")
	if err != nil {
		t.Fatal(err)
	}
	if err := uri.Validate(uri.RFC3986, "http://a@b@c/"); err == nil {
		t.Fatal("rfc3986 accepts http://a@b@c/")
	}
	hz := Differentials(r, SpecReader(uri.RFC3986), NetURLReader())
	codes := codesOf(hz)
	if !slices.Equal(codes, []Code{DifferentialHost, DifferentialUserinfo}) {
		t.Fatalf("a@b@c: %v", hz)
	}
	if !strings.Contains(hz[0].Message, `net/url reads host "c"`) || !strings.Contains(hz[1].Message, `net/url reads userinfo "a@b"`) {
		t.Errorf("a@b@c: messages %q, %q", hz[0].Message, hz[1].Message)
	}
	if got := r.Input()[hz[0].Offset : hz[0].Offset+hz[0].Length]; got != "a@b@c" {
		t.Errorf("a@b@c: span %q", got)
	}

	base := Reading{HasAuthority: true, HasHost: true, Host: "example.com", Path: "/a/b", HasQuery: true, Query: "q"}
	for _, c := range []struct {
		in   string
		edit func(*Reading)
		want []Code
	}{
		{"http://example.com/a/b?q", func(*Reading) {}, nil},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Host = "EXAMPLE.com" }, nil},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Host = "%65xample.com" }, nil},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Port, rd.HasPort = "80", true }, nil},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Port, rd.HasPort = "", true }, nil},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.HasUserinfo = true }, nil},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Path = "/a/%62" }, nil},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Host = "example.org" }, []Code{DifferentialHost}},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Port, rd.HasPort = "8080", true }, []Code{DifferentialPort}},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Userinfo, rd.HasUserinfo = "u", true }, []Code{DifferentialUserinfo}},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Path = "/a%2Fb" }, []Code{DifferentialPath}},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Path, rd.HasQuery = "/a/b?q", false }, nil},
		{"http://[::1]/a/b?q", func(rd *Reading) { rd.Host = "[0:0::1]" }, nil},
		{"http://example.com/a/../b?q", func(rd *Reading) { rd.Path, rd.Normalized = "/b", true }, nil},
		{"http://example.com/a/%2e%2e/b?q", func(rd *Reading) { rd.Path, rd.Normalized = "/b", true }, []Code{DifferentialPath}},
		{"http:foo", func(rd *Reading) { rd.Host, rd.Path, rd.HasQuery = "foo", "/", false }, []Code{DifferentialHost}},
		{"file:///x", func(rd *Reading) { rd.Host, rd.Path, rd.HasQuery = "localhost", "/x", false }, nil},
	} {
		t.Run(c.in, func(t *testing.T) {
			r, err := parsePlain(uri.RFC3986, c.in) // "http:foo" is no http-URI (RFC 9110)
			if err != nil {
				t.Fatal(err)
			}
			rd := base
			c.edit(&rd)
			got := codesOf(Differentials(r, fakeReader{"other", rd}))
			if !slices.Equal(got, c.want) {
				t.Errorf("%q against %+v: %v, want %v", c.in, rd, got, c.want)
			}
		})
	}
}

// TestDifferentialsGroupReaders: readers that read a part alike are named in one hazard.
func TestDifferentialsGroupReaders(t *testing.T) {
	r, err := uri.Parse(uri.RFC3986, "http://example.com/")
	if err != nil {
		t.Fatal(err)
	}
	other := Reading{HasAuthority: true, HasHost: true, Host: "evil.example", Path: "/"}
	hz := Differentials(r, fakeReader{"a", other}, fakeReader{"b", other})
	if len(hz) != 1 || !strings.HasPrefix(hz[0].Message, `a and b read host "evil.example"; rfc3986 reads host "example.com"`) {
		t.Errorf("%v", hz)
	}
}

func codesOf(hz []Hazard) []Code {
	var out []Code
	for _, h := range hz {
		out = append(out, h.Code)
	}
	return out
}

// FuzzHazards: for every spec that accepts the input, Hazards and Differentials do not
// panic, and every span lies inside the input.
func FuzzHazards(f *testing.F) {
	for _, c := range hazardCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, s := range uri.Specs() {
			r, err := uri.Parse(s, in)
			if err != nil {
				continue
			}
			for _, h := range append(Find(r), Differentials(r)...) {
				if h.Offset < 0 || h.Length < 0 || h.Offset+h.Length > len(in) {
					t.Fatalf("%v %q: %v spans [%d,%d) of %d bytes", s, in, h.Code, h.Offset, h.Offset+h.Length, len(in))
				}
				if h.Section == "" || h.Message == "" {
					t.Fatalf("%v %q: %v has no section or message", s, in, h.Code)
				}
			}
		}
	})
}

// TestZeroReference: the functions that read a spec's features work on the zero
// Reference, whose Spec is no spec.
func TestZeroReference(t *testing.T) {
	var r uri.Reference
	if hz := Find(r); hz != nil {
		t.Errorf("zero Reference: hazards %v", hz)
	}
	if hz := Differentials(r); hz != nil {
		t.Errorf("zero Reference: differentials %v", hz)
	}
	if rd := ReadingOf(r); rd.HasAuthority || rd.WholeAuthority {
		t.Errorf("zero Reference: reading %+v", rd)
	}
}

// TestScriptsList holds scriptTables equal to unicode.Scripts without Common and
// Inherited, each name with its table, so that scriptOf answers as the map would.
func TestScriptsList(t *testing.T) {
	want := map[string]*unicode.RangeTable{}
	for name, table := range unicode.Scripts {
		if name != "Common" && name != "Inherited" {
			want[name] = table
		}
	}
	got := map[string]*unicode.RangeTable{}
	for _, s := range scriptTables() {
		got[s.name] = s.table
	}
	for name, table := range want {
		if got[name] != table {
			t.Errorf("scriptTables lacks %q (unicode.%s)", name, name)
		}
	}
	for name, table := range got {
		if want[name] != table {
			t.Errorf("scriptTables has %q, which is not unicode.Scripts[%q]", name, name)
		}
	}
}
