package render

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// leakHosts are the hosts that leakHead and leakJob reach for. The example
// names are reserved for documentation, and 192.0.2.0/24 (TEST-NET-1) is
// routed nowhere, so a failing test sends nothing that matters either.
var leakHosts = []string{
	"prefetch.example.com", "preconnect.example.com", "css.example.com", "prefetch2.example.org",
	"preload.example.net", "import.example.org", "font.example.net", "bg.example.com",
	"js.example.net", "fetch.example.org", "xhr.example.com", "beacon.example.com",
	"ws.example.org", "sse.example.net", "stun.example.com", "img.example.com", "img.example.org",
	"frame.example.net", "video.example.com", "object.example.org", "bgcell.example.net",
	"srcset.example.org", "ping.example.com",
	"192.0.2.1", "192.0.2.2", "192.0.2.3",
}

// leakHead reaches for the network in every way a page can: links, style
// sheets, fonts, scripts, fetch, XMLHttpRequest, a beacon, WebSockets,
// server-sent events and a WebRTC peer connection with STUN servers, over
// http and https, by name and by number.
const leakHead = `<link rel="dns-prefetch" href="//prefetch.example.com">
<link rel="preconnect" href="https://preconnect.example.com">
<link rel="stylesheet" href="http://css.example.com/a.css">
<link rel="prefetch" href="https://prefetch2.example.org/x">
<link rel="preload" as="image" href="https://preload.example.net/i.png">
<style>@import url(https://import.example.org/b.css);
@font-face{font-family:leak;src:url(https://font.example.net/f.woff2)}
body{background:url(http://bg.example.com/bg.png);font-family:leak}</style>
<script src="https://js.example.net/s.js"></script>
<script>
fetch("https://fetch.example.org/api").catch(() => {});
fetch("http://192.0.2.1/ip").catch(() => {});
try { const x = new XMLHttpRequest(); x.open("GET", "http://xhr.example.com/"); x.send(); } catch (e) {}
try { navigator.sendBeacon("https://beacon.example.com/", "x"); } catch (e) {}
try { new WebSocket("wss://ws.example.org/"); } catch (e) {}
try { new WebSocket("ws://192.0.2.2/"); } catch (e) {}
try { new EventSource("https://sse.example.net/"); } catch (e) {}
try {
	const pc = new RTCPeerConnection({iceServers: [{urls: "stun:192.0.2.3:3478"}, {urls: "stun:stun.example.com:3478"}]});
	pc.createDataChannel("x");
	pc.createOffer().then(o => pc.setLocalDescription(o));
} catch (e) {}
</script>`

// leakJob is a job whose elements load from the network: images, a frame,
// a video, an object, CSS backgrounds and a link with a ping.
const leakJob = `<div style="width:200px;height:100px;overflow:hidden">` +
	`<img src="https://img.example.com/a.png"><img src="http://img.example.org/b.png">` +
	`<iframe src="https://frame.example.net/"></iframe><video src="https://video.example.com/v.mp4"></video>` +
	`<object data="https://object.example.org/o"></object>` +
	`<div style="background-image:url(https://bgcell.example.net/c.png);width:10px;height:10px"></div>` +
	`<img srcset="https://srcset.example.org/s.png 2x"><a href="https://a.example.com/" ping="https://ping.example.com/">a</a></div>`

// TestNetworkIsolation starts a Renderer as production does, renders and
// executes a page that reaches for many hosts, and reads Chromium's net
// log, which records every name lookup, socket and request of the browser:
// nothing may have looked up a name or left the machine. Without the
// isolation flags, the per-tab blocking alone lets through DNS lookups
// (preconnects, WebSockets, the browser's own services), a TCP connection
// to a numeric WebSocket address and WebRTC's STUN packets, and this test
// fails.
func TestNetworkIsolation(t *testing.T) {
	netLog := filepath.Join(t.TempDir(), "netlog.json")
	testFlags = []chromedp.ExecAllocatorOption{chromedp.Flag("log-net-log", netLog)}
	t.Cleanup(func() { testFlags = nil })

	r := newRenderer(t, Options{Head: leakHead})
	job := Job{HTML: leakJob, Width: 200, Height: 100}
	if _, err := r.Render(context.Background(), []Job{job}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Execute(context.Background(), job, nil); err != nil {
		t.Fatal(err)
	}
	// The scripts and the WebRTC candidate gathering run on after the
	// screenshot.
	time.Sleep(time.Second)

	// The browser writes the end of its net log when it closes gracefully.
	r.mu.Lock()
	in := r.inst
	r.mu.Unlock()
	ctx, cancel := context.WithTimeout(in.browserCtx, 10*time.Second)
	defer cancel()
	if err := chromedp.Cancel(ctx); err != nil {
		t.Fatalf("close the browser: %v", err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}

	data, err := os.ReadFile(netLog)
	if err != nil {
		t.Fatal(err)
	}
	problems, tried, err := checkNetLog(data, leakHosts)
	if err != nil {
		t.Fatal(err)
	}
	const shown = 20
	for i, p := range problems {
		if i == shown {
			t.Errorf("and %d more", len(problems)-shown)
			break
		}
		t.Error(p)
	}
	// The page must have tried, or the test proves nothing.
	if len(tried) == 0 {
		t.Errorf("the net log shows no attempt of the page to reach %v", leakHosts)
	} else if len(problems) == 0 {
		t.Logf("the page tried to reach %v; nothing left the machine", tried)
	}
}

// netLogEvent is one event of a Chromium net log.
type netLogEvent struct {
	Type   int             `json:"type"`
	Params json.RawMessage `json:"params"`
}

// ipv6Probe is where Chromium's host resolver connects a UDP socket to
// learn whether IPv6 is routed. Connecting a UDP socket sends nothing.
const ipv6Probe = "[2001:4860:4860::8888]:443"

// checkNetLog reads a net log as --log-net-log writes it and returns what
// went to the network: name lookups, DNS queries, connections, UDP sent and
// HTTP requests sent, whatever the host. It also returns the hosts among
// hosts that the log mentions, the attempts of the page.
func checkNetLog(data []byte, hosts []string) (problems, tried []string, err error) {
	var log struct {
		Constants struct {
			LogEventTypes map[string]int `json:"logEventTypes"`
		} `json:"constants"`
		Events []netLogEvent `json:"events"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		return nil, nil, fmt.Errorf("net log (%d bytes) is not complete JSON: %v", len(data), err)
	}
	if len(log.Constants.LogEventTypes) == 0 || len(log.Events) == 0 {
		return nil, nil, fmt.Errorf("net log has %d event types and %d events", len(log.Constants.LogEventTypes), len(log.Events))
	}
	names := make(map[int]string, len(log.Constants.LogEventTypes))
	for name, n := range log.Constants.LogEventTypes {
		names[n] = name
	}
	seen := map[string]bool{}
	for _, ev := range log.Events {
		name, params := names[ev.Type], string(ev.Params)
		for _, h := range hosts {
			if !seen[h] && strings.Contains(params, h) {
				seen[h] = true
				tried = append(tried, h)
			}
		}
		var p struct {
			Host    string `json:"host"`
			Address string `json:"address"`
		}
		json.Unmarshal(ev.Params, &p)
		bad := false
		switch {
		case name == "HOST_RESOLVER_MANAGER_REQUEST" && p.Host != "":
			// Every host resolves as ~NOTFOUND, which fails at once.
			bad = !strings.HasSuffix(p.Host, "~notfound")
		case strings.HasPrefix(name, "HOST_RESOLVER_MANAGER_JOB"), strings.HasPrefix(name, "HOST_RESOLVER_DNS_TASK"),
			strings.HasPrefix(name, "HOST_RESOLVER_SYSTEM_TASK"), strings.HasPrefix(name, "DNS_TRANSACTION"),
			strings.HasPrefix(name, "MDNS"):
			bad = true // a real lookup
		case name == "TCP_CONNECT", name == "TCP_CONNECT_ATTEMPT", name == "SSL_CONNECT",
			name == "UDP_BYTES_SENT", name == "SOCKET_BYTES_SENT", name == "HTTP_TRANSACTION_SEND_REQUEST",
			strings.HasPrefix(name, "QUIC_SESSION_PACKET_SENT"):
			bad = true
		case name == "UDP_CONNECT" || name == "SOCKET_CONNECT":
			bad = p.Address != "" && p.Address != ipv6Probe
		}
		if bad {
			if len(params) > 200 {
				params = params[:200] + "..."
			}
			problems = append(problems, fmt.Sprintf("net log: %s %s", name, params))
		}
	}
	return problems, tried, nil
}

// TestCheckNetLog shows that checkNetLog sees lookups, connections and
// packets, in the form the net log of Chromium 156 gave them when the
// browser ran without its isolation flags.
func TestCheckNetLog(t *testing.T) {
	const constants = `{"constants":{"logEventTypes":{"HOST_RESOLVER_MANAGER_REQUEST":1,"HOST_RESOLVER_MANAGER_JOB":2,` +
		`"HOST_RESOLVER_DNS_TASK":3,"SOCKET_CONNECT":4,"UDP_CONNECT":5,"TCP_CONNECT":6,"UDP_BYTES_SENT":7,"URL_REQUEST_START_JOB":8}},"events":[`
	tests := []struct {
		name  string
		event string
		bad   bool
	}{
		{"mapped lookup", `{"type":1,"phase":1,"source":{"id":1},"params":{"host":"https://~notfound"}}`, false},
		{"lookup", `{"type":1,"phase":1,"source":{"id":1},"params":{"host":"https://ws.example.org"}}`, true},
		{"resolver job", `{"type":2,"phase":1,"source":{"id":1},"params":{"host":"https://frame.example.net","tasks":[1,0]}}`, true},
		{"DNS task", `{"type":3,"phase":1,"source":{"id":1},"params":{"secure":false}}`, true},
		{"DNS server", `{"type":4,"phase":0,"source":{"id":1},"params":{"address":"10.255.255.53:53"}}`, true},
		{"IPv6 probe", `{"type":5,"phase":1,"source":{"id":1},"params":{"address":"[2001:4860:4860::8888]:443"}}`, false},
		{"TCP", `{"type":6,"phase":1,"source":{"id":1},"params":{"address_list":["192.0.2.2:80"]}}`, true},
		{"STUN", `{"type":7,"phase":0,"source":{"id":1},"params":{"address":"192.0.2.3:3478","byte_count":20}}`, true},
		{"failed request", `{"type":8,"phase":2,"source":{"id":1},"params":{"net_error":-105}}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			problems, tried, err := checkNetLog([]byte(constants+tt.event+"]}"), []string{"ws.example.org"})
			if err != nil {
				t.Fatal(err)
			}
			if got := len(problems) > 0; got != tt.bad {
				t.Errorf("problems %q, want some: %v", problems, tt.bad)
			}
			if want := strings.Contains(tt.event, "ws.example.org"); (len(tried) > 0) != want {
				t.Errorf("tried %q, want ws.example.org: %v", tried, want)
			}
		})
	}
	if _, _, err := checkNetLog([]byte(constants), nil); err == nil {
		t.Error("a net log cut short passes")
	}
}
