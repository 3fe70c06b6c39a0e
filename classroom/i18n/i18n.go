// Package i18n holds the message catalogues of the classroom (the page of
// qtool play, the text of qtool trace, the worksheets of qtool worksheet):
// one JSON file per language under catalogues/, embedded in the binary,
// each mapping a message key to a format (package fmt's verbs, explicit
// argument indexes such as %[2]s where a language orders them otherwise).
// Languages are chosen by BCP 47 tag, from a command-line flag or from an
// HTTP Accept-Language header (RFC 9110, section 12.5.4).
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

//go:embed catalogues/*.json
var files embed.FS

// Languages are the tags of the catalogues, English (the reference) first.
var Languages = []string{"en", "de", "ca", "zh-Hans"}

// Names are the languages' names in themselves, for a language menu.
var Names = map[string]string{"en": "English", "de": "Deutsch", "ca": "Català", "zh-Hans": "简体中文"}

// Catalogue is the messages of one language.
type Catalogue struct {
	Lang string
	msgs map[string]string
	// Decimal and Group are the decimal and thousands separators of the
	// language's numbers.
	Decimal, Group string
}

var catalogues = map[string]*Catalogue{}

func init() {
	for _, tag := range Languages {
		data, err := files.ReadFile("catalogues/" + tag + ".json")
		if err != nil {
			panic("i18n: missing catalogue " + tag) // embedded: cannot happen in a built binary
		}
		c := &Catalogue{Lang: tag, msgs: map[string]string{}}
		if err := json.Unmarshal(data, &c.msgs); err != nil {
			panic("i18n: catalogue " + tag + ": " + err.Error())
		}
		c.Decimal, c.Group = c.msgs["num.decimal"], c.msgs["num.group"]
		catalogues[tag] = c
	}
}

// Lookup returns the catalogue of tag (a tag of Languages, or a tag whose
// language part names one: "de-CH" gives German, "zh" and "zh-CN"
// Simplified Chinese).
func Lookup(tag string) (*Catalogue, error) {
	if c := catalogues[match(tag)]; c != nil {
		return c, nil
	}
	return nil, fmt.Errorf("i18n: no catalogue for language %q (known: %s)", tag, strings.Join(Languages, ", "))
}

// English is the reference catalogue.
func English() *Catalogue { return catalogues["en"] }

// match maps a tag to one of Languages, "" when none fits.
func match(tag string) string {
	tag = strings.TrimSpace(tag)
	low := strings.ToLower(tag)
	for _, l := range Languages {
		if strings.ToLower(l) == low {
			return l
		}
	}
	base, rest, _ := strings.Cut(low, "-")
	switch {
	case base == "zh" && (rest == "" || strings.HasPrefix(rest, "hans") || rest == "cn" || rest == "sg"):
		return "zh-Hans"
	case base == "zh":
		return "" // Traditional Chinese: no catalogue
	}
	for _, l := range Languages {
		if l == base {
			return l
		}
	}
	return ""
}

// FromAcceptLanguage chooses the catalogue for an Accept-Language header:
// the known language of highest weight, English when none is known.
func FromAcceptLanguage(h string) *Catalogue {
	type choice struct {
		lang string
		q    float64
		i    int
	}
	var cs []choice
	for i, part := range strings.Split(h, ",") {
		tag, params, _ := strings.Cut(part, ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || f < 0 || f > 1 {
				continue
			}
			q = f
		}
		if l := match(tag); l != "" && q > 0 {
			cs = append(cs, choice{l, q, i})
		}
	}
	sort.SliceStable(cs, func(a, b int) bool { return cs[a].q > cs[b].q })
	if len(cs) == 0 {
		return English()
	}
	return catalogues[cs[0].lang]
}

// T formats the message key with args. A key missing from the catalogue
// (a test makes sure none is) is shown as the key itself.
func (c *Catalogue) T(key string, args ...any) string {
	f, ok := c.msgs[key]
	if !ok {
		if f, ok = English().msgs[key]; !ok {
			return key
		}
	}
	if len(args) == 0 {
		return f
	}
	for i, a := range args {
		switch v := a.(type) {
		case int:
			args[i] = c.Number(uint64(max(v, 0)))
			if v < 0 {
				args[i] = "-" + c.Number(uint64(-v))
			}
		case uint64:
			args[i] = c.Number(v)
		}
	}
	return fmt.Sprintf(f, args...)
}

// Has says whether the catalogue has key.
func (c *Catalogue) Has(key string) bool { _, ok := c.msgs[key]; return ok }

// Keys lists the catalogue's keys, sorted.
func (c *Catalogue) Keys() []string {
	var ks []string
	for k := range c.msgs {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// Messages returns a copy of the catalogue (for the page's script).
func (c *Catalogue) Messages() map[string]string {
	m := make(map[string]string, len(c.msgs))
	for k, v := range c.msgs {
		m[k] = v
	}
	return m
}

// Number writes k with the language's thousands separator: from 1,000
// on in English and Chinese, from 10.000 on in German and Catalan (whose
// style guides leave four-digit numbers whole).
func (c *Catalogue) Number(k uint64) string {
	s := strconv.FormatUint(k, 10)
	short := 3
	if c.Lang == "de" || c.Lang == "ca" {
		short = 4
	}
	if len(s) <= short || c.Group == "" {
		return s
	}
	var b strings.Builder
	for i, d := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(c.Group)
		}
		b.WriteRune(d)
	}
	return b.String()
}
