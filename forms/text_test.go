package forms

import "testing"

func TestTextCuts(t *testing.T) {
	for _, c := range []struct {
		s        string
		n        int
		prefixes []string // TextPrefix(s, 0..n)
	}{
		{"", 0, []string{""}},
		{"1234", 4, []string{"", "1", "12", "123", "1234"}},
		{"ÄÖ", 2, []string{"", "Ä", "ÄÖ"}},
		{"αβγ", 3, []string{"", "α", "αβ", "αβγ"}},
		{"яж", 2, []string{"", "я", "яж"}},
		{"日本", 2, []string{"", "日", "日本"}},
		{"किताब", 3, []string{"", "कि", "किता", "किताब"}},
		{"e\u0301a", 2, []string{"", "e\u0301", "e\u0301a"}},
	} {
		if got := TextLen(c.s); got != c.n {
			t.Errorf("TextLen(%q) = %d, want %d", c.s, got, c.n)
		}
		for k, want := range c.prefixes {
			if got := TextPrefix(c.s, k); got != want {
				t.Errorf("TextPrefix(%q, %d) = %q, want %q", c.s, k, got, want)
			}
			if !IsTextPrefix(c.s, want) {
				t.Errorf("IsTextPrefix(%q, %q) = false, want true", c.s, want)
			}
		}
		if got := TextPrefix(c.s, c.n+3); got != c.s {
			t.Errorf("TextPrefix(%q, %d) = %q, want all of it", c.s, c.n+3, got)
		}
	}
	for _, c := range []struct{ s, p string }{
		{"ÄÖ", "\xc3"},
		{"किताब", "क"},
		{"e\u0301a", "e"},
		{"abc", "b"},
		{"ab", "abc"},
	} {
		if IsTextPrefix(c.s, c.p) {
			t.Errorf("IsTextPrefix(%q, %q) = true, want false", c.s, c.p)
		}
	}
}

// TestKeyDropsInvisible checks that labels differing only in code points
// that draw nothing share a key, as they look the same in the picture.
func TestKeyDropsInvisible(t *testing.T) {
	for _, c := range []struct{ a, b string }{
		{"apple", "app\u2060le"},
		{"apple", "apple\ufe0f"},
		{"apple", "a\u00adpple"},
		{"apple", "\u0430pple"},
		{"rn", "m"},
	} {
		if Key(c.a) != Key(c.b) {
			t.Errorf("Key(%q) = %q, Key(%q) = %q: want one key", c.a, Key(c.a), c.b, Key(c.b))
		}
	}
	if Key("apple") == Key("apples") {
		t.Error("apple and apples share a key")
	}
}
