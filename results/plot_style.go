package results

import (
	"fmt"
	"hash/fnv"
	"image/color"
	"slices"
	"sort"
	"strings"
	"time"

	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// style is how one backend is drawn in every panel of a report's plots.
type style struct {
	color  color.Color
	shape  draw.GlyphDrawer
	dashes []vg.Length
}

// palette is the ten colours of Tableau 10 (Maureen Stone's 2016
// revision), distinct from one another for most readers.
var palette = []color.Color{
	color.RGBA{0x4e, 0x79, 0xa7, 0xff}, // blue
	color.RGBA{0xf2, 0x8e, 0x2b, 0xff}, // orange
	color.RGBA{0xe1, 0x57, 0x59, 0xff}, // red
	color.RGBA{0x76, 0xb7, 0xb2, 0xff}, // teal
	color.RGBA{0x59, 0xa1, 0x4f, 0xff}, // green
	color.RGBA{0xed, 0xc9, 0x48, 0xff}, // yellow
	color.RGBA{0xb0, 0x7a, 0xa1, 0xff}, // purple
	color.RGBA{0xff, 0x9d, 0xa7, 0xff}, // pink
	color.RGBA{0x9c, 0x75, 0x5f, 0xff}, // brown
	color.RGBA{0x79, 0x70, 0x6e, 0xff}, // grey
}

// styles gives each backend of a report a colour and a marker of its
// own, the same in every panel: keyed by name (a hash of it picks the
// colour and the marker), the names taken in sorted order and a slot
// already taken giving way to the next, so that no two backends of a
// report look alike and a backend keeps its look in another report
// unless its slot was taken there.
type styles map[string]style

func (r *Report) styles() styles {
	seen := map[string]bool{}
	var names []string
	for _, rec := range r.Records {
		if !seen[rec.Backend] {
			seen[rec.Backend] = true
			names = append(names, rec.Backend)
		}
	}
	for _, t := range r.Tables {
		for _, b := range t.Backends {
			if !seen[b] {
				seen[b] = true
				names = append(names, b)
			}
		}
	}
	sort.Strings(names)
	nc, ns := len(palette), len(plotutil.DefaultGlyphShapes)
	slots := nc * ns
	taken := make([]bool, slots)
	usedColor := map[int]int{}
	st := styles{}
	for _, name := range names {
		h := fnv.New32a()
		h.Write([]byte(name))
		slot := int(h.Sum32() % uint32(slots))
		// The first free slot from there, of a colour no backend has yet
		// while there are some.
		for k := range slots {
			s := (slot + k) % slots
			if !taken[s] && (usedColor[s/ns] == 0 || len(usedColor) >= nc) {
				slot = s
				break
			}
		}
		taken[slot] = true
		usedColor[slot/ns]++
		ci, si := slot/ns, slot%ns
		st[name] = style{color: palette[ci], shape: plotutil.Shape(si), dashes: plotutil.Dashes(usedColor[ci] - 1)}
	}
	return st
}

// of returns the style of a backend, a grey one for a name not in the
// report.
func (s styles) of(name string) style {
	if st, ok := s[name]; ok {
		return st
	}
	return style{color: color.Gray{Y: 100}, shape: draw.CircleGlyph{}}
}

// envCaption is the environment line under every plot: where, with what
// and how it was measured.
func envCaption(envs []Env) string {
	if len(envs) == 0 {
		return ""
	}
	var parts []string
	add := func(vals []string, format string) {
		vals = slices.Compact(vals)
		var keep []string
		for _, v := range vals {
			if v != "" && !slices.Contains(keep, v) {
				keep = append(keep, v)
			}
		}
		if len(keep) > 0 {
			parts = append(parts, fmt.Sprintf(format, strings.Join(keep, ", ")))
		}
	}
	var plat, cpu, cores, gov, commit, date []string
	settings := map[string][]string{}
	for _, e := range envs {
		plat = append(plat, e.OS+"/"+e.Arch)
		cpu = append(cpu, e.CPU)
		cores = append(cores, fmt.Sprint(e.Cores))
		gov = append(gov, e.GoVersion)
		commit = append(commit, e.Commit)
		if !e.Date.IsZero() {
			date = append(date, e.Date.UTC().Format(time.DateOnly))
		}
		for _, k := range []string{"repeats", "timeout", "workers"} {
			if v, ok := e.Settings[k]; ok {
				settings[k] = append(settings[k], v)
			}
		}
	}
	add(plat, "%s")
	add(cpu, "%s")
	add(cores, "%s cores")
	add(gov, "%s")
	add(commit, "qtool %s")
	add(date, "%s")
	for _, k := range []string{"repeats", "timeout", "workers"} {
		add(settings[k], k+" %s")
	}
	return strings.Join(parts, " · ")
}
