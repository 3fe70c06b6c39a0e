package i18n_test

import (
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/qtool-project/qtool/classroom/i18n"
)

var verbRE = regexp.MustCompile(`%(\[\d+\])?[a-z%]`)

// verbs lists a format's verbs as a sorted multiset of argument numbers
// and letters, so that "%[2]s … %[1]s" in one language matches "%s … %s".
func verbs(f string) string {
	var out []string
	next := 1
	for _, m := range verbRE.FindAllStringSubmatch(f, -1) {
		if m[0] == "%%" {
			continue
		}
		arg := next
		if m[1] != "" {
			arg = int(m[1][1] - '0')
		}
		next = arg + 1
		out = append(out, string(rune('0'+arg))+m[0][len(m[0])-1:])
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// sameAsEnglish are the keys whose text may be the same in a language as
// in English (numbers' signs, method names).
var sameAsEnglish = regexp.MustCompile(`^(num\.|method\.name\.|lang\.)`)

// sameWord are messages that are the same word in a language as in
// English.
var sameWord = map[string]map[string]bool{"ca": {"counter.nodes": true, "tree.node": true, "page.tree.node": true, "complete.nodes": true}, "de": {"page.pause": true}}

// TestCatalogues fails on a key missing from any catalogue, an extra key,
// an empty message, a message left in English, or a message whose
// arguments differ from English.
func TestCatalogues(t *testing.T) {
	en := i18n.English()
	for _, tag := range i18n.Languages {
		c, err := i18n.Lookup(tag)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range en.Keys() {
			if !c.Has(k) {
				t.Errorf("%s: key %q missing", tag, k)
			}
		}
		msgs := c.Messages()
		enMsgs := en.Messages()
		for _, k := range c.Keys() {
			if !en.Has(k) {
				t.Errorf("%s: key %q is not in the English catalogue", tag, k)
				continue
			}
			if strings.TrimSpace(msgs[k]) == "" && !strings.HasPrefix(k, "num.") {
				t.Errorf("%s: %q is empty", tag, k)
			}
			if tag != "en" && msgs[k] == enMsgs[k] && !sameAsEnglish.MatchString(k) && !sameWord[tag][k] && regexp.MustCompile(`[A-Za-z]{3}`).MatchString(msgs[k]) {
				t.Errorf("%s: %q is not translated: %q", tag, k, msgs[k])
			}
			if verbs(msgs[k]) != verbs(enMsgs[k]) {
				t.Errorf("%s: %q has arguments %q, English %q", tag, k, verbs(msgs[k]), verbs(enMsgs[k]))
			}
		}
	}
}

// TestChoose: tags and Accept-Language headers choose the catalogue, and
// numbers are grouped as each language writes them.
func TestChoose(t *testing.T) {
	for h, want := range map[string]string{
		"de-CH,de;q=0.9,en;q=0.8": "de", "fr-FR,ca;q=0.5,en;q=0.4": "ca", "zh-CN,zh;q=0.9": "zh-Hans",
		"zh-TW": "en", "": "en", "en;q=0.1, de;q=0.2": "de", "xx, zh-Hans-CN;q=0.3": "zh-Hans", "de;q=0, ca": "ca", "de;q=abc": "en",
	} {
		if got := i18n.FromAcceptLanguage(h).Lang; got != want {
			t.Errorf("Accept-Language %q: %s, want %s", h, got, want)
		}
	}
	if _, err := i18n.Lookup("fr"); err == nil {
		t.Error("a French catalogue?")
	}
	for tag, want := range map[string]string{"en": "856,189", "de": "856.189", "ca": "856.189", "zh-Hans": "856,189"} {
		c, _ := i18n.Lookup(tag)
		if got := c.Number(856189); got != want {
			t.Errorf("%s: 856189 written %s, want %s", tag, got, want)
		}
	}
	de, _ := i18n.Lookup("de")
	if de.Number(2057) != "2057" || i18n.English().Number(2057) != "2,057" || i18n.English().Number(999) != "999" {
		t.Errorf("four-digit numbers: de %s, en %s", de.Number(2057), i18n.English().Number(2057))
	}
}
