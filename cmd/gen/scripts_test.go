package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
)

// scriptAlphabets are letters of the scripts the pictures' fonts draw,
// each with characters that take more than one byte in UTF-8: a unit is a
// letter, or for Devanagari a syllable (a consonant or conjunct with its
// vowel sign), which a partly typed text keeps whole or cuts after a
// virama.
var scriptAlphabets = map[string][]string{
	"latin":      units("aäbcçdeéèêfgğhiıjklłmnñoöøpqrsştuüvwxyzßÄÖÜÉÅ"),
	"greek":      units("αβγδεζηθικλμνξοπρστυφχψωάέήίόύώΣΔΩ"),
	"cyrillic":   units("абвгдеёжзийклмнопрстуфхцчшщъыьэюяЖЩЯ"),
	"mixed":      units("1234aÄöß€ζЖ"),
	"cjk":        units("日本語東京大学中文北京漢字한국어서울시ひらがなカタカナー"),
	"devanagari": devanagariSyllables(),
}

// units returns the characters of s, one a unit.
func units(s string) []string {
	var out []string
	for _, r := range s {
		out = append(out, string(r))
	}
	return out
}

// devanagariSyllables returns consonants and conjuncts, each bare and with
// each of some vowel signs (left, right, above and below the letter).
func devanagariSyllables() []string {
	bases := []string{"क", "ख", "ग", "त", "द", "न", "प", "म", "र", "स", "ह", "क्ष", "त्र", "स्त", "द्य", "ष्ट"}
	signs := []string{"", "ा", "ि", "ी", "ु", "ू", "े", "ै", "ो", "ं", "ृ", "्"}
	var out []string
	for _, b := range bases {
		for _, s := range signs {
			out = append(out, b+s)
		}
	}
	return append(out, "अ", "आ", "इ", "उ", "ए", "ओ")
}

// scriptFamily draws a family whose text pools are words of 1 to 5
// units of alphabet: two text boxes a checkbox enables (their wants may
// be partly typed) and one box of its own.
func scriptFamily(name string, alphabet []string, rng *rand.Rand) string {
	pool := func(n int) string {
		var words []string
		for len(words) < n {
			w := make([]string, 1+rng.IntN(5))
			for i := range w {
				w[i] = alphabet[rng.IntN(len(alphabet))]
			}
			s := strings.Join(w, "")
			if forms.CheckText(s) != nil || slices.ContainsFunc(words, func(v string) bool { return forms.Key(v) == forms.Key(s) }) {
				continue
			}
			words = append(words, s)
		}
		q := make([]string, len(words))
		for i, w := range words {
			q[i] = fmt.Sprintf("%q", w)
		}
		return "[" + strings.Join(q, ", ") + "]"
	}
	return fmt.Sprintf(`  - name: %s
    refer: ordinal
    elements:
      - kind: checkbox
        min_count: 1
        max_count: 1
      - kind: textbox
        min_count: 2
        max_count: 2
        text_pool: %s
        text_vocab: 3
        enabled_by: {group: 0, member: 1}
      - kind: textbox
        min_count: 1
        max_count: 1
        text_pool: %s
        text_vocab: %d
`, name, pool(4+rng.IntN(4)), pool(3), 2+rng.IntN(2))
}

// TestScriptsVerify is a property test: families with text pools of
// several scripts, drawn from a few seeds, give rows that gen verify
// passes, every suite and option count included. A text is cut between
// characters, never between the bytes of one.
func TestScriptsVerify(t *testing.T) {
	names := []string{"cjk", "cyrillic", "devanagari", "greek", "latin", "mixed"}
	for seed := range uint64(2) {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 43))
			var b strings.Builder
			b.WriteString("families:\n")
			for _, n := range names {
				b.WriteString(scriptFamily(n, scriptAlphabets[n], rng))
			}
			dir := t.TempDir()
			cfg := filepath.Join(dir, "scripts.yaml")
			if err := os.WriteFile(cfg, []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, choices := range []string{"2", "4"} {
				out := filepath.Join(dir, "out"+choices)
				args := []string{"--config", cfg, "--out", out, "--no-images", "--quiet", "--n", "120", "--choices", choices, "--seed", fmt.Sprint(seed + 1)}
				if _, stderr, err := runGen(t, args...); err != nil {
					t.Fatalf("gen %s: %v\n%s\n%s", strings.Join(args, " "), err, stderr, b.String())
				}
				if _, stderr, err := runGen(t, "verify", "--quiet", out); err != nil {
					t.Fatalf("verify with %s options: %v\n%s\n%s", choices, err, stderr, b.String())
				}
			}
		})
	}
}

// TestScriptsVerifyPictures is TestScriptsVerify with pictures: families of
// every script's text pools, drawn in the faces formplan ships (Liberation
// Sans, and the CJK and Devanagari faces their pools need), give rows whose
// pictures gen verify re-renders and probes without a failure.
func TestScriptsVerifyPictures(t *testing.T) {
	if testing.Short() {
		t.Skip("renders pictures")
	}
	names := []string{"cjk", "cyrillic", "devanagari", "greek", "latin"}
	rng := rand.New(rand.NewPCG(7, 43))
	var b strings.Builder
	b.WriteString("families:\n")
	for _, n := range names {
		b.WriteString(scriptFamily(n, scriptAlphabets[n], rng))
	}
	dir := t.TempDir()
	cfg := filepath.Join(dir, "scripts.yaml")
	if err := os.WriteFile(cfg, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	args := []string{"--config", cfg, "--out", out, "--quiet", "--n", "45", "--seed", "3"}
	if _, stderr, err := runGen(t, args...); err != nil {
		t.Fatalf("gen %s: %v\n%s\n%s", strings.Join(args, " "), err, stderr, b.String())
	}
	if _, stderr, err := runGen(t, "verify", "--quiet", out); err != nil {
		t.Fatalf("verify: %v\n%s\n%s", err, stderr, b.String())
	}
}
