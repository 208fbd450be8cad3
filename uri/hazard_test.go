package uri

import (
	"slices"
	"strings"
	"testing"
)

// hazardCase is a string valid under spec, the codes its Hazards must include (want)
// and must not include (not), and the text the first hazard of want[0] must span.
type hazardCase struct {
	spec Spec
	in   string
	want []HazardCode
	not  []HazardCode
	span string
}

// hazardCases: for every code, strings that raise it and near strings that must not.
var hazardCases = []hazardCase{
	// rare-ip-format (RFC 3986 7.4)
	{RFC3986, "http://2130706433/", []HazardCode{RareIPFormat}, nil, "2130706433"},
	{RFC3986, "http://0x7f.1/", []HazardCode{RareIPFormat}, nil, "0x7f.1"},
	{RFC3986, "http://0X7F.0.0.1/", []HazardCode{RareIPFormat}, nil, "0X7F.0.0.1"},
	{RFC3986, "http://0177.0.0.1/", []HazardCode{RareIPFormat}, nil, "0177.0.0.1"},
	{RFC3986, "http://127.1/", []HazardCode{RareIPFormat}, nil, "127.1"},
	{RFC3986, "http://10.1.1/", []HazardCode{RareIPFormat}, nil, "10.1.1"},
	{RFC3986, "http://010.0.0.1/", []HazardCode{RareIPFormat}, nil, "010.0.0.1"},
	{RFC3986, "http://1.2.3.4./", []HazardCode{RareIPFormat}, nil, "1.2.3.4."},
	{RFC3986, "http://u@0x7f000001:8080/", []HazardCode{RareIPFormat}, nil, "0x7f000001"},
	{RFC2396, "http://010.0.0.1/", []HazardCode{RareIPFormat}, nil, "010.0.0.1"}, // an IPv4address there
	{RFC1738, "http://0177.0.0.1/", []HazardCode{RareIPFormat}, nil, "0177.0.0.1"},
	{RFC3986, "http://127.0.0.1/", nil, []HazardCode{RareIPFormat}, ""},
	{RFC3986, "http://10.0.0.1./x", []HazardCode{RareIPFormat}, nil, "10.0.0.1."},
	{RFC3986, "http://1e100.net/", nil, []HazardCode{RareIPFormat}, ""},
	{RFC3986, "http://0x7g.1/", nil, []HazardCode{RareIPFormat}, ""},   // not hex
	{RFC3986, "http://08.0.0.1/", nil, []HazardCode{RareIPFormat}, ""}, // not octal: no address
	{RFC3986, "http://256.0.0.1/", nil, []HazardCode{RareIPFormat}, ""},
	{RFC3986, "http://1.2.3.4.5/", nil, []HazardCode{RareIPFormat}, ""},
	{RFC3986, "http://4294967296/", nil, []HazardCode{RareIPFormat}, ""}, // over 32 bits
	{RFC3986, "http://example.com./", nil, []HazardCode{RareIPFormat}, ""},
	{RFC3986, "http://[::1]/", nil, []HazardCode{RareIPFormat}, ""},

	// internal-host (RFC 6890, RFC 4291): 127.0.0.1 in every notation deployed parsers
	// read as an address, the other internal ranges, and addresses that are not internal.
	{RFC3986, "http://127.0.0.1/", []HazardCode{InternalHost}, nil, "127.0.0.1"},
	{RFC3986, "http://127.0.0.1:6379/", []HazardCode{InternalHost}, nil, "127.0.0.1"},
	{RFC3986, "http://127.0.0.1./", []HazardCode{InternalHost}, nil, "127.0.0.1."},
	{RFC3986, "http://2130706433/", []HazardCode{InternalHost}, nil, "2130706433"},
	{RFC3986, "http://017700000001/", []HazardCode{InternalHost}, nil, "017700000001"},
	{RFC3986, "http://0x7f000001/", []HazardCode{InternalHost}, nil, "0x7f000001"},
	{RFC3986, "http://0x7f.0x0.0x0.0x1/", []HazardCode{InternalHost}, nil, "0x7f.0x0.0x0.0x1"},
	{RFC3986, "http://0177.0.0.01/", []HazardCode{InternalHost}, nil, "0177.0.0.01"},
	{RFC3986, "http://0x7f.1/", []HazardCode{InternalHost}, nil, "0x7f.1"},
	{RFC3986, "http://127.1/", []HazardCode{InternalHost}, nil, "127.1"},
	{RFC3986, "http://127.0.1/", []HazardCode{InternalHost}, nil, "127.0.1"},
	{RFC3986, "http://%31%32%37.0.0.1/", []HazardCode{InternalHost}, nil, "%31%32%37.0.0.1"},
	{RFC3986, "http://user@127.0.0.1:80/", []HazardCode{InternalHost}, nil, "127.0.0.1"},
	{RFC3986, "http://[::ffff:127.0.0.1]/", []HazardCode{InternalHost, IPv4InIPv6}, nil, "[::ffff:127.0.0.1]"},
	{RFC3986, "http://[::ffff:7f00:1]/", []HazardCode{InternalHost, IPv4InIPv6}, nil, "[::ffff:7f00:1]"},
	{RFC3986, "http://[0:0:0:0:0:ffff:127.0.0.1]/", []HazardCode{InternalHost, IPv4InIPv6}, nil, "[0:0:0:0:0:ffff:127.0.0.1]"},
	{RFC3986, "http://[::ffff:0:127.0.0.1]/", []HazardCode{InternalHost, IPv4InIPv6}, nil, "[::ffff:0:127.0.0.1]"},
	{RFC3986, "http://[::127.0.0.1]/", []HazardCode{InternalHost, IPv4InIPv6}, nil, "[::127.0.0.1]"},
	{RFC3986, "http://[64:ff9b::127.0.0.1]/", []HazardCode{InternalHost, IPv4InIPv6}, nil, "[64:ff9b::127.0.0.1]"},
	{RFC3986, "http://[::1]/", []HazardCode{InternalHost}, []HazardCode{IPv4InIPv6}, "[::1]"},
	{RFC3986, "http://[0:0::1]:8080/", []HazardCode{InternalHost}, []HazardCode{IPv4InIPv6}, "[0:0::1]"},
	{RFC3986, "http://[::]/", []HazardCode{InternalHost}, []HazardCode{IPv4InIPv6}, "[::]"},
	{RFC3986, "http://0.0.0.0/", []HazardCode{InternalHost}, nil, "0.0.0.0"},
	{RFC3986, "http://0/", []HazardCode{InternalHost}, nil, "0"},
	{RFC3986, "http://0.1.2.3/", []HazardCode{InternalHost}, nil, "0.1.2.3"},
	{RFC3986, "http://169.254.169.254/latest/meta-data/", []HazardCode{InternalHost}, nil, "169.254.169.254"},
	{RFC3986, "http://[fd00:ec2::254]/latest/meta-data/", []HazardCode{InternalHost}, nil, "[fd00:ec2::254]"},
	{RFC3986, "http://169.254.1.1/", []HazardCode{InternalHost}, nil, "169.254.1.1"},
	{RFC3986, "http://192.0.0.192/latest/", []HazardCode{InternalHost}, nil, "192.0.0.192"},
	{RFC3986, "http://192.0.0.193/", nil, []HazardCode{InternalHost}, ""},
	{RFC3986, "http://[fe80::1]/", []HazardCode{InternalHost}, nil, "[fe80::1]"},
	{RFC6874, "http://[fe80::1%25eth0]/", []HazardCode{InternalHost}, nil, "[fe80::1%25eth0]"},
	{RFC3986, "http://10.0.0.1/", []HazardCode{InternalHost}, nil, "10.0.0.1"},
	{RFC3986, "http://172.16.0.1/", []HazardCode{InternalHost}, nil, "172.16.0.1"},
	{RFC3986, "http://172.31.255.255/", []HazardCode{InternalHost}, nil, "172.31.255.255"},
	{RFC3986, "http://192.168.0.1/", []HazardCode{InternalHost}, nil, "192.168.0.1"},
	{RFC3986, "http://[fc00::1]/", []HazardCode{InternalHost}, nil, "[fc00::1]"},
	{RFC3986, "http://100.64.0.1/", []HazardCode{InternalHost}, nil, "100.64.0.1"},
	{RFC3986, "http://100.127.255.255/", []HazardCode{InternalHost}, nil, "100.127.255.255"},
	{RFC2396, "http://127.0.0.1/", []HazardCode{InternalHost}, nil, "127.0.0.1"},
	{RFC1738, "http://127.0.0.1/", []HazardCode{InternalHost}, nil, "127.0.0.1"},
	{RFC3986, "http://8.8.8.8/", nil, []HazardCode{InternalHost, IPv4InIPv6}, ""},
	{RFC3986, "http://172.32.0.1/", nil, []HazardCode{InternalHost}, ""},
	{RFC3986, "http://100.128.0.1/", nil, []HazardCode{InternalHost}, ""},
	{RFC3986, "http://169.255.169.254/", nil, []HazardCode{InternalHost}, ""},
	{RFC3986, "http://[2001:db8::1]/", nil, []HazardCode{InternalHost, IPv4InIPv6}, ""},
	{RFC3986, "http://[v1.127.0.0.1]/", nil, []HazardCode{InternalHost, IPv4InIPv6}, ""},
	{RFC3986, "http://127.0.0.1.example.com/", nil, []HazardCode{InternalHost}, ""},
	// Names that are internal by themselves (RFC 6761; the clouds' metadata names), in any
	// case, escaped, with a final ".", or mapped by UTS #46; other names are not.
	{RFC3986, "http://localhost/", []HazardCode{InternalHost}, nil, "localhost"},
	{RFC3986, "http://LocalHost.:80/", []HazardCode{InternalHost}, nil, "LocalHost."},
	{RFC3986, "http://a.b.localhost/", []HazardCode{InternalHost}, nil, "a.b.localhost"},
	{RFC3986, "http://%6cocalhost/", []HazardCode{InternalHost}, nil, "%6cocalhost"},
	{RFC3987, "http://loca\u217chost/", []HazardCode{InternalHost}, nil, "loca\u217chost"},
	{RFC3986, "http://metadata.google.internal/computeMetadata/v1/", []HazardCode{InternalHost}, nil, "metadata.google.internal"},
	{RFC3986, "http://metadata/computeMetadata/v1/", []HazardCode{InternalHost}, nil, "metadata"},
	{RFC3986, "http://instance-data/latest/meta-data/", []HazardCode{InternalHost}, nil, "instance-data"},
	{RFC3986, "http://100.100.100.200/latest/meta-data/", []HazardCode{InternalHost}, nil, "100.100.100.200"},
	{RFC3986, "http://168.63.129.16/machine?comp=goalstate", []HazardCode{InternalHost}, nil, "168.63.129.16"},
	{RFC3986, "http://localhost.example/", nil, []HazardCode{InternalHost}, ""},
	{RFC3986, "http://notlocalhost/", nil, []HazardCode{InternalHost}, ""},
	{RFC3986, "http://127.0.0.1.nip.io/", nil, []HazardCode{InternalHost}, ""}, // its danger is in DNS
	{RFC3986, "http://metadata.google.internal.example/", nil, []HazardCode{InternalHost}, ""},
	{RFC3986, "http://168.63.129.17/", nil, []HazardCode{InternalHost}, ""},

	// The URL inside a jar:, view-source: or feed: URL, which the client fetches.
	{RFC3986, "jar:http://127.0.0.1!/", []HazardCode{InternalHost}, nil, "127.0.0.1"},
	{RFC3986, "JAR:https://localhost:8080/a.jar!/x.class", []HazardCode{InternalHost}, nil, "localhost"},
	{RFC3986, "jar:jar:ftp://10.0.0.1/a.zip!/b.jar!/c", []HazardCode{InternalHost}, nil, "10.0.0.1"},
	{RFC3986, "view-source:javascript:alert(1)", []HazardCode{ScriptScheme}, nil, "javascript"},
	{RFC3986, "feed:gopher://127.0.0.1:6379/_INFO", []HazardCode{SmugglingScheme, InternalHost}, nil, "gopher"},
	{RFC3986, "jar:http://example.com!/", nil, []HazardCode{InternalHost}, ""},
	{RFC3986, "tftp://evil.example:12346/TESTUDPPACKET", []HazardCode{SmugglingScheme}, nil, "tftp"},
	{RFC3986, "netdoc:///etc/passwd", []HazardCode{FileScheme}, nil, "netdoc"},
	{RFC3986, "netdoc://example.com/doc", nil, []HazardCode{FileScheme}, ""},
	{RFC3986, "jar:127.0.0.1!/", nil, []HazardCode{InternalHost}, ""}, // no URL inside
	{RFC3986, "http://08.0.0.1/", nil, []HazardCode{InternalHost}, ""},
	{RFC3986, "http://example.com/127.0.0.1", nil, []HazardCode{InternalHost}, ""},

	// ipv4-in-ipv6 (RFC 4291 2.5.5, RFC 6052) of a public address
	{RFC3986, "http://[::ffff:8.8.8.8]/", []HazardCode{IPv4InIPv6}, []HazardCode{InternalHost}, "[::ffff:8.8.8.8]"},
	{RFC3986, "http://[64:ff9b::808:808]/", []HazardCode{IPv4InIPv6}, []HazardCode{InternalHost}, "[64:ff9b::808:808]"},
	{RFC3986, "http://[64:ff9b:1::8.8.8.8]/", []HazardCode{IPv4InIPv6}, []HazardCode{InternalHost}, "[64:ff9b:1::8.8.8.8]"},
	{RFC3986, "http://[::ffff:1:8.8.8.8]/", nil, []HazardCode{IPv4InIPv6}, ""},

	// script-scheme, active-data, file-scheme, smuggling-scheme, bad-port
	{RFC3986, "javascript:alert(1)", []HazardCode{ScriptScheme}, nil, "javascript"},
	{RFC3986, "JavaScript:alert(1)", []HazardCode{ScriptScheme}, nil, "JavaScript"},
	{RFC3986, "vbscript:msgbox(1)", []HazardCode{ScriptScheme}, nil, "vbscript"},
	{RFC1738, "javascript:alert(1)", []HazardCode{ScriptScheme}, nil, "javascript"},
	{RFC3986, "http://example.com/javascript:alert(1)", nil, []HazardCode{ScriptScheme}, ""},
	{RFC3986, "javascript.example:x", nil, []HazardCode{ScriptScheme}, ""},
	{RFC3986, "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", []HazardCode{ActiveData}, nil, "text/html"},
	{RFC3986, "data:TEXT/HTML,%3Cscript%3Ealert(1)%3C/script%3E", []HazardCode{ActiveData}, nil, "TEXT/HTML"},
	{RFC3986, "data:image/svg+xml;charset=utf-8,x", []HazardCode{ActiveData}, nil, "image/svg+xml"},
	{RFC3986, "data:application/xhtml+xml,x", []HazardCode{ActiveData}, nil, "application/xhtml+xml"},
	{RFC3986, "data:text/javascript,alert(1)", []HazardCode{ActiveData}, nil, "text/javascript"},
	{RFC3986, "data:,hello", nil, []HazardCode{ActiveData}, ""},
	{RFC3986, "data:text/plain,text/html", nil, []HazardCode{ActiveData}, ""},
	{RFC3986, "data:image/png;base64,iVBORw0KGgo=", nil, []HazardCode{ActiveData}, ""},
	{RFC3986, "data:text/htmlx,x", nil, []HazardCode{ActiveData}, ""},
	{RFC3986, "file:///etc/passwd", []HazardCode{FileScheme}, nil, "file"},
	{RFC3986, "FILE://localhost/c:/windows/win.ini", []HazardCode{FileScheme}, nil, "FILE"},
	{RFC3986, "http://example.com/file:///etc/passwd", nil, []HazardCode{FileScheme}, ""},
	{RFC3986, "file:/etc/passwd", []HazardCode{FileScheme}, []HazardCode{FileRemoteHost}, "file"},
	{RFC3986, "file://127.0.0.1/etc/passwd", []HazardCode{FileScheme}, []HazardCode{FileRemoteHost}, "file"},
	{RFC3986, "file://[::1]/etc/passwd", []HazardCode{FileScheme}, []HazardCode{FileRemoteHost}, "file"},

	// file-remote-host (RFC 8089 3, 5): a host that is not the local machine, in place
	// of file-scheme.
	{RFC3986, "file://server/share/a.txt", []HazardCode{FileRemoteHost}, []HazardCode{FileScheme}, "server"},
	{RFC3986, "FILE://Host.Example.com/", []HazardCode{FileRemoteHost}, nil, "Host.Example.com"},
	{RFC3986, "file://10.0.0.1/c$/", []HazardCode{FileRemoteHost, InternalHost}, nil, "10.0.0.1"},
	{RFC2396, "file://server/share", []HazardCode{FileRemoteHost}, nil, "server"},
	{RFC3986, "file://LOCALHOST/etc/passwd", nil, []HazardCode{FileRemoteHost}, ""},
	{RFC3986, "file:///c:/windows/win.ini", nil, []HazardCode{FileRemoteHost}, ""},
	{RFC3986, "http://server/share", nil, []HazardCode{FileRemoteHost}, ""},

	// http-userinfo (RFC 9110 4.2.4): any userinfo of an http or https URI, with its "@".
	{RFC3986, "http://user@example.com/", []HazardCode{HTTPUserinfo}, nil, "user@"},
	{RFC3986, "HTTPS://user:pw@example.com/", []HazardCode{HTTPUserinfo, UserinfoPassword}, nil, "user:pw@"},
	{RFC3986, "http://@example.com/", []HazardCode{HTTPUserinfo}, nil, "@"},
	{URLSyntax05, "http://user@example.com/", []HazardCode{HTTPUserinfo}, nil, "user@"},
	{RFC3986, "ftp://user@example.com/", nil, []HazardCode{HTTPUserinfo}, ""},
	{RFC3986, "http://example.com/@x?a@b#@", nil, []HazardCode{HTTPUserinfo}, ""},
	{RFC3986, "//user@example.com/", nil, []HazardCode{HTTPUserinfo}, ""}, // no scheme yet: the base's

	// mailto-header (RFC 6068 3, 4, 7): header fields other than subject, keywords, body.
	{RFC3986, "mailto:a@example.org?bcc=b@example.org", []HazardCode{MailtoHeaderField}, nil, "bcc=b@example.org"},
	{RFC3986, "mailto:a@example.org?subject=hi&CC=b@example.org", []HazardCode{MailtoHeaderField}, nil, "CC=b@example.org"},
	{RFC3986, "mailto:?to=a@example.org&body=x", []HazardCode{MailtoHeaderField}, nil, "to=a@example.org"},
	{RFC3986, "mailto:a@example.org?%46rom=ceo@example.org", []HazardCode{MailtoHeaderField}, nil, "%46rom=ceo@example.org"},
	{RFC3986, "mailto:a@example.org?Content-Type=text/html", []HazardCode{MailtoHeaderField}, nil, "Content-Type=text/html"},
	{RFC3986, "mailto:a@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E", []HazardCode{MailtoHeaderField}, nil, "In-Reply-To=%3C3469A91.D10AF4C@example.com%3E"},
	{RFC3986, "mailto:a@example.org?subject=hi&keywords=k&BODY=x", nil, []HazardCode{MailtoHeaderField}, ""},
	{RFC3986, "mailto:a@example.org", nil, []HazardCode{MailtoHeaderField}, ""},
	{RFC3986, "http://example.org/?bcc=b@example.org", nil, []HazardCode{MailtoHeaderField}, ""},
	{RFC3986, "gopher://127.0.0.1:6379/_SET%20x%201%0D%0A", []HazardCode{SmugglingScheme, InternalHost}, nil, "gopher"},
	{RFC3986, "dict://127.0.0.1:11211/stat", []HazardCode{SmugglingScheme}, nil, "dict"},
	{RFC3986, "gophers.example:x", nil, []HazardCode{SmugglingScheme}, ""},
	{RFC3986, "http://example.com:25/", []HazardCode{BadPort}, nil, "25"},
	{RFC3986, "https://example.com:22/", []HazardCode{BadPort}, nil, "22"},
	{RFC3986, "ws://example.com:6667/", []HazardCode{BadPort}, nil, "6667"},
	{RFC3986, "wss://example.com:10080/", []HazardCode{BadPort}, nil, "10080"},
	{RFC3986, "HTTP://example.com:1/", []HazardCode{BadPort}, nil, "1"},
	{RFC3986, "http://example.com:6379/", nil, []HazardCode{BadPort}, ""}, // Redis: not on the list
	{RFC3986, "http://example.com:8080/", nil, []HazardCode{BadPort}, ""},
	{RFC3986, "http://example.com:80/", nil, []HazardCode{BadPort}, ""},
	{RFC3986, "http://example.com:/", nil, []HazardCode{BadPort}, ""},
	{RFC3986, "ftp://example.com:21/", nil, []HazardCode{BadPort}, ""}, // ftp's own port
	{RFC3986, "foo://example.com:25/", nil, []HazardCode{BadPort}, ""},
	{RFC3986, "//example.com:25/", nil, []HazardCode{BadPort}, ""}, // relative: the base's scheme decides

	// lookalike-delimiter (RFC 3987 section 8): rfc3987 only, in the authority
	{RFC3987, "https://evil.example\uff1agood.example/", []HazardCode{LookalikeDelimiter}, nil, "\uff1a"},
	{RFC3987, "https://evil.example\uff0fgood.example/", []HazardCode{LookalikeDelimiter}, nil, "\uff0f"},
	{RFC3987, "https://evil.example\u2215good.example/", []HazardCode{LookalikeDelimiter}, nil, "\u2215"},
	{RFC3987, "https://good.example\ufe6bevil.example/", []HazardCode{LookalikeDelimiter}, nil, "\ufe6b"},
	{RFC3987, "https://evil\u3002example/", []HazardCode{LookalikeDelimiter}, nil, "\u3002"},
	{RFC3987, "https://evil%E3%80%82example/", []HazardCode{LookalikeDelimiter}, nil, "%E3%80%82"},
	{RFC3987, "https://a\u2488example/", []HazardCode{LookalikeDelimiter}, nil, "\u2488"},
	{RFC3987, "https://user\uff20good.example@evil.example/", []HazardCode{LookalikeDelimiter}, nil, "\uff20"},
	{RFC3987, "https://b\u00fccher.example/a\uff0fb", nil, []HazardCode{LookalikeDelimiter}, ""}, // in the path: not the authority
	{RFC3987, "https://\u4f8b\u3048.\u30c6\u30b9\u30c8/", nil, []HazardCode{LookalikeDelimiter}, ""},
	{RFC3987, "https://evil.example:443/", nil, []HazardCode{LookalikeDelimiter}, ""},

	// misleading-userinfo (RFC 3986 7.6)
	{RFC3986, "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm", []HazardCode{MisleadingUserinfo}, nil, "cnn.example.com&story=breaking_news"},
	{RFC3986, "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm", []HazardCode{MisleadingUserinfo}, nil, "www.example.com&story=breaking_news"},
	{RFC3986, "http://10.0.0.1@evil.example/", []HazardCode{MisleadingUserinfo}, nil, "10.0.0.1"},
	{RFC3986, "http://bank.example%2Flogin@evil.example/", []HazardCode{MisleadingUserinfo}, nil, "bank.example%2Flogin"},
	{RFC3986, "http://user@example.com/", nil, []HazardCode{MisleadingUserinfo}, ""},
	{RFC3986, "http://example.com@example.com/", nil, []HazardCode{MisleadingUserinfo}, ""},
	{RFC3986, "http://user:pa%2Fss@example.com/", nil, []HazardCode{MisleadingUserinfo}, ""},
	{RFC3986, "http://v1.x@example.com/", nil, []HazardCode{MisleadingUserinfo}, ""}, // last label one letter

	// userinfo-password (RFC 3986 3.2.1, 7.5)
	{RFC3986, "ftp://user:secret@host/", []HazardCode{UserinfoPassword}, nil, "secret"},
	{RFC3986, "http://:x@host/", []HazardCode{UserinfoPassword}, nil, "x"},
	{URLSyntax05, "ftp://user:secret@host/", []HazardCode{UserinfoPassword}, nil, "secret"},
	{RFC1738, "ftp://user:secret@host/", []HazardCode{UserinfoPassword}, nil, "secret"},
	{RFC3986, "ftp://user:@host/", nil, []HazardCode{UserinfoPassword}, ""},
	{RFC3986, "ftp://user@host/", nil, []HazardCode{UserinfoPassword}, ""},
	{RFC3986, "mailto:user:secret@host", nil, []HazardCode{UserinfoPassword}, ""}, // no authority

	// encoded-nul (7.3), encoded-control (7.2)
	{RFC3986, "http://h/a%00.png", []HazardCode{EncodedNUL}, []HazardCode{EncodedControl}, "%00"},
	{RFC3986, "http://h/?q=a%0d%0aSet-Cookie:x", []HazardCode{EncodedControl}, []HazardCode{EncodedNUL}, "%0d"},
	{RFC3986, "http://h/%7F", []HazardCode{EncodedControl}, nil, "%7F"},
	{RFC3986, "http://h/a%20b%7E", nil, []HazardCode{EncodedControl, EncodedNUL}, ""},
	// A mailto: body writes its line breaks as %0D%0A (RFC 6068 section 5); elsewhere in a
	// mailto: query, and alone, a CR or LF is a control.
	{RFC3986, "mailto:a@example.org?body=line1%0D%0Aline2%0d%0a", nil, []HazardCode{EncodedControl}, ""},
	{RFC3986, "mailto:a@example.org?subject=x%0D%0ABcc:c@example.org", []HazardCode{EncodedControl}, nil, "%0D"},
	{RFC3986, "mailto:a@example.org?body=x%0Ay", []HazardCode{EncodedControl}, nil, "%0A"},
	{RFC3986, "mailto:a@example.org?body=x%0D%0A%01", []HazardCode{EncodedControl}, nil, "%01"},
	{RFC3986, "http://h/?body=x%0D%0Ay", []HazardCode{EncodedControl}, nil, "%0D"},

	// encoded-slash (7.3)
	{RFC3986, "http://h/a%2Fb", []HazardCode{EncodedSlash}, nil, "%2F"},
	{RFC3986, "http://h/a%5cb", []HazardCode{EncodedSlash}, nil, "%5c"},
	{RFC3986, "http://h/a/b?x=%2F", nil, []HazardCode{EncodedSlash}, ""}, // query, not path

	// encoded-dot-segment (7.3)
	{RFC3986, "http://h/a/%2e%2e/b", []HazardCode{EncodedDotSegment}, nil, "%2e%2e"},
	{RFC3986, "http://h/a/.%2E/b", []HazardCode{EncodedDotSegment}, nil, ".%2E"},
	{RFC3986, "http://h/%2e/b", []HazardCode{EncodedDotSegment}, nil, "%2e"},
	{RFC3986, "http://h/a/%2e%2e%2e/b", nil, []HazardCode{EncodedDotSegment}, ""},
	{RFC3986, "http://h/a/../b", nil, []HazardCode{EncodedDotSegment}, ""},

	// double-encoding (7.3)
	{RFC3986, "http://h/%252e%252e/", []HazardCode{DoubleEncoding}, nil, "%252e"},
	{RFC3986, "http://h/?u=%2541", []HazardCode{DoubleEncoding}, nil, "%2541"},
	{RFC3986, "http://h/100%25", nil, []HazardCode{DoubleEncoding}, ""},
	{RFC3986, "http://h/100%25-off", nil, []HazardCode{DoubleEncoding}, ""},

	// encoded-non-utf8 (7.3)
	{RFC3986, "http://h/%C0%AF..", []HazardCode{EncodedNonUTF8}, nil, "%C0"},
	{RFC3986, "http://h/caf%E9", []HazardCode{EncodedNonUTF8}, nil, "%E9"},
	{RFC3986, "http://h/caf%C3%A9", nil, []HazardCode{EncodedNonUTF8}, ""},
	{RFC3986, "http://h/%E2%82%AC", nil, []HazardCode{EncodedNonUTF8}, ""},

	// unexpected-port (7.2)
	{RFC3986, "http://h:25/", []HazardCode{UnexpectedPort}, nil, "25"},
	{RFC3986, "https://h:80/", []HazardCode{UnexpectedPort}, nil, "80"},
	{RFC3986, "gopher://h:0/", []HazardCode{UnexpectedPort}, nil, "0"},
	{RFC3986, "telnet://192.0.2.16:80/", []HazardCode{UnexpectedPort}, nil, "80"}, // RFC 3986 1.1.2's own example
	{RFC3986, "http://h:80/", nil, []HazardCode{UnexpectedPort}, ""},
	{RFC3986, "http://h:0080/", nil, []HazardCode{UnexpectedPort}, ""},
	{RFC3986, "http://h:8080/", nil, []HazardCode{UnexpectedPort}, ""},
	{RFC3986, "http://h:/", nil, []HazardCode{UnexpectedPort}, ""},
	{RFC3986, "foo://h:25/", nil, []HazardCode{UnexpectedPort}, ""}, // no default port

	// dot-segments-above-root (5.4.2)
	{RFC3986, "http://h/../etc/passwd", []HazardCode{DotSegmentsAboveRoot}, nil, ".."},
	{RFC3986, "http://h/a/../../b", []HazardCode{DotSegmentsAboveRoot}, nil, ".."},
	{RFC3986, "/./../x", []HazardCode{DotSegmentsAboveRoot}, nil, ".."},
	{RFC3986, "http://h/a/b/../../c", nil, []HazardCode{DotSegmentsAboveRoot}, ""},
	{RFC3986, "http://h/a//../..", nil, []HazardCode{DotSegmentsAboveRoot}, ""},
	{RFC3986, "../../g", nil, []HazardCode{DotSegmentsAboveRoot}, ""}, // relative: depends on the base
	{RFC3986, "http://h/..a/b", nil, []HazardCode{DotSegmentsAboveRoot}, ""},
}

func TestHazards(t *testing.T) {
	for _, c := range hazardCases {
		// The generic syntax: "mailto:user:secret@host" is no mailtoURI (RFC 6068).
		r, err := parsePlain(c.spec, c.in)
		if err != nil {
			t.Errorf("%v %q: %v", c.spec, c.in, err)
			continue
		}
		hz := r.Hazards()
		codes := make([]HazardCode, len(hz))
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
	}
}

// TestPlainURLsHaveNoHazards: ordinary references raise nothing under any spec that
// accepts them, neither hazards nor differentials.
func TestPlainURLsHaveNoHazards(t *testing.T) {
	for _, in := range []string{
		"http://example.com/a/b?q=1#f", "https://www.example.org/", "ftp://ftp.is.co.za/rfc/rfc1808.txt",
		"http://www.ietf.org/rfc/rfc2396.txt", "mailto:John.Doe@example.com", "news:comp.infosystems.www.servers.unix",
		"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", "http://a/b/c/d;p?q",
		"https://example.com:8443/path/to%20file.html?x=%2F#top", "g", "../g", "//example.com/x", "",
		"http://93.184.215.14:8080/", "https://en.wikipedia.org/wiki/URL#Syntax",
	} {
		for _, s := range Specs() {
			r, err := Parse(s, in)
			if err != nil {
				continue
			}
			if hz := append(r.Hazards(), r.Differentials()...); len(hz) > 0 {
				t.Errorf("%v %q: %v", s, in, hz)
			}
		}
	}
}

// TestDefaultReadersAreDeployed: the default readers are the deployed parsers, so a
// string only a historical version reads differently (url-1993 has no userinfo in ftp;
// RFC 1808's net_loc holds "?") raises nothing, while naming that version still does.
func TestDefaultReadersAreDeployed(t *testing.T) {
	for _, c := range []struct {
		in         string
		historical Spec
	}{
		{"ftp://user@example.com/", URL1993},
		{"http://user@example.com/", URL1993},
		{"http://example.com?foo=bar", RFC1808},
	} {
		r, err := Parse(RFC3986, c.in)
		if err != nil {
			t.Fatal(err)
		}
		if hz := r.Differentials(); hz != nil {
			t.Errorf("%q: %v", c.in, hz)
		}
		if hz := r.Differentials(SpecReader(c.historical)); len(hz) == 0 {
			t.Errorf("%q: %v reads it as rfc3986 does; the case tests nothing", c.in, c.historical)
		}
	}
	var names []string
	for _, rd := range DefaultReaders(RFC3987) {
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
		code HazardCode
		spec Spec
		want string
	}{
		{RareIPFormat, RFC3986, "RFC 3986, section 7.4"},
		{RareIPFormat, RFC2396bis01, "draft-fielding-uri-rfc2396bis-01, section 7.3"},
		{RareIPFormat, RFC2396, "RFC 3986, section 7.4"},
		{MisleadingUserinfo, RFC2396bis01, "draft-fielding-uri-rfc2396bis-01, section 7.5"},
		{UserinfoPassword, RFC1738, "RFC 1738, section 6"},
		{UserinfoPassword, URL1993, "RFC 3986, sections 3.2.1 and 7.5"},
		{EncodedControl, RFC2396, "RFC 2396, section 7"},
		{EncodedNUL, RFC2396bis01, "RFC 3986, section 7.3"}, // the draft has no Back-End Transcoding
		{UnexpectedPort, URLSyntax05, "draft-fielding-url-syntax-05, section 7"},
		{DotSegmentsAboveRoot, RFC6874, "RFC 3986, section 5.4.2"},
		{BidiFormatting, RFC3987, "RFC 3987, section 4.1"},
		{DifferentialHost, RFC2732, "RFC 2396, section 3.2.2"},
	} {
		if got := c.code.Section(c.spec); got != c.want {
			t.Errorf("%v under %v: %q, want %q", c.code, c.spec, got, c.want)
		}
	}
	for _, code := range HazardCodes() {
		for s := Spec(1); s < numSpecs; s++ {
			if code.Section(s) == "" {
				t.Errorf("%v has no section under %v", code, s)
			}
		}
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
		at, r, ok := bidiFormattingIn(c.host)
		if ok != c.ok || ok && (at != c.at || r != c.r) {
			t.Errorf("%q: %d %U %v, want %d %U %v", c.host, at, r, ok, c.at, c.r, c.ok)
		}
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
		label, scripts, ok := mixedScriptLabel(c.host)
		if ok != c.ok || label != c.label {
			t.Errorf("%q: %q %v %v, want %q %v", c.host, label, scripts, ok, c.label, c.ok)
		}
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
	r, err := Parse(RFC2396, "http://a@b@c/")
	if err != nil {
		t.Fatal(err)
	}
	if err := Validate(RFC3986, "http://a@b@c/"); err == nil {
		t.Fatal("rfc3986 accepts http://a@b@c/")
	}
	hz := r.Differentials(SpecReader(RFC3986), NetURLReader())
	codes := codesOf(hz)
	if !slices.Equal(codes, []HazardCode{DifferentialHost, DifferentialUserinfo}) {
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
		want []HazardCode
	}{
		{"http://example.com/a/b?q", func(*Reading) {}, nil},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Host = "EXAMPLE.com" }, nil},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Host = "%65xample.com" }, nil},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Port, rd.HasPort = "80", true }, nil},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Port, rd.HasPort = "", true }, nil},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.HasUserinfo = true }, nil},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Path = "/a/%62" }, nil},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Host = "example.org" }, []HazardCode{DifferentialHost}},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Port, rd.HasPort = "8080", true }, []HazardCode{DifferentialPort}},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Userinfo, rd.HasUserinfo = "u", true }, []HazardCode{DifferentialUserinfo}},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Path = "/a%2Fb" }, []HazardCode{DifferentialPath}},
		{"http://example.com/a/b?q", func(rd *Reading) { rd.Path, rd.HasQuery = "/a/b?q", false }, nil},
		{"http://[::1]/a/b?q", func(rd *Reading) { rd.Host = "[0:0::1]" }, nil},
		{"http://example.com/a/../b?q", func(rd *Reading) { rd.Path, rd.Normalized = "/b", true }, nil},
		{"http://example.com/a/%2e%2e/b?q", func(rd *Reading) { rd.Path, rd.Normalized = "/b", true }, []HazardCode{DifferentialPath}},
		{"http:foo", func(rd *Reading) { rd.Host, rd.Path, rd.HasQuery = "foo", "/", false }, []HazardCode{DifferentialHost}},
		{"file:///x", func(rd *Reading) { rd.Host, rd.Path, rd.HasQuery = "localhost", "/x", false }, nil},
	} {
		r, err := parsePlain(RFC3986, c.in) // "http:foo" is no http-URI (RFC 9110)
		if err != nil {
			t.Fatal(err)
		}
		rd := base
		c.edit(&rd)
		got := codesOf(r.Differentials(fakeReader{"other", rd}))
		if !slices.Equal(got, c.want) {
			t.Errorf("%q against %+v: %v, want %v", c.in, rd, got, c.want)
		}
	}
}

// TestDifferentialsGroupReaders: readers that read a part alike are named in one hazard.
func TestDifferentialsGroupReaders(t *testing.T) {
	r, err := Parse(RFC3986, "http://example.com/")
	if err != nil {
		t.Fatal(err)
	}
	other := Reading{HasAuthority: true, HasHost: true, Host: "evil.example", Path: "/"}
	hz := r.Differentials(fakeReader{"a", other}, fakeReader{"b", other})
	if len(hz) != 1 || !strings.HasPrefix(hz[0].Message, `a and b read host "evil.example"; rfc3986 reads host "example.com"`) {
		t.Errorf("%v", hz)
	}
}

func codesOf(hz []Hazard) []HazardCode {
	var out []HazardCode
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
		for _, s := range Specs() {
			r, err := Parse(s, in)
			if err != nil {
				continue
			}
			for _, h := range append(r.Hazards(), r.Differentials()...) {
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
