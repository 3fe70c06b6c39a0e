package main

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// shownOutput is a command of a README or docs console block with the
// output shown under it.
type shownOutput struct {
	file, cmd string
	lines     []string
}

// shownOutputs returns, for each Markdown file, the console commands in
// order and the output lines under each (none for a command shown alone).
func shownOutputs(t *testing.T, files ...string) map[string][]shownOutput {
	out := map[string][]shownOutput{}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		in := false
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			l := sc.Text()
			switch {
			case strings.HasPrefix(l, "```console"):
				in = true
			case strings.HasPrefix(l, "```"):
				in = false
			case in && strings.HasPrefix(l, "$ "):
				out[file] = append(out[file], shownOutput{file: file, cmd: strings.TrimPrefix(l, "$ ")})
			case in && len(out[file]) > 0:
				last := &out[file][len(out[file])-1]
				last.lines = append(last.lines, l)
			}
		}
	}
	return out
}

// varies masks what differs between runs of a command: times.
var varies = []*regexp.Regexp{
	regexp.MustCompile(`(?m)^(seconds\s+)\S+$`),
	regexp.MustCompile(`("seconds":)[0-9.e+-]+`),
}

func maskVaries(s string) string {
	for _, re := range varies {
		s = re.ReplaceAllString(s, "${1}T")
	}
	return s
}

// shownPattern turns the output shown into a pattern: "..." within a line
// stands for anything (an abbreviation the text makes), a line "…" or
// "..." for any lines.
func shownPattern(lines []string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString(`^`)
	for _, l := range lines {
		l = maskVaries(l)
		if strings.TrimSpace(l) == "…" || strings.TrimSpace(l) == "..." {
			b.WriteString(`(?:.*\n)*?`)
			continue
		}
		parts := strings.Split(l, "...")
		for i := range parts {
			parts[i] = regexp.QuoteMeta(parts[i])
		}
		b.WriteString(strings.Join(parts, `.*`) + `\n`)
	}
	b.WriteString(`\z`)
	return regexp.MustCompile(b.String())
}

// TestShownOutputs runs every command of the README's console blocks (and
// the docs') in order, in a copy of the examples and testdata, and checks
// the output shown under it (times aside, and the parts the text
// abbreviates with "...").
func TestShownOutputs(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	bin := qtoolOnPath(t)
	docs, _ := filepath.Glob("../../docs/*.md")
	checked := 0
	for file, cmds := range shownOutputs(t, append([]string{"../../README.md"}, docs...)...) {
		work := t.TempDir()
		copyTree(t, "../../examples", filepath.Join(work, "examples"))
		copyTree(t, "../../testdata", filepath.Join(work, "testdata"))
		for _, c := range cmds {
			if len(c.lines) == 0 {
				continue // shown without output: TestHelpExamples runs it
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			cmd := exec.CommandContext(ctx, "sh", "-c", c.cmd)
			cmd.Dir = work
			cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
			got, _ := cmd.Output() // the exit status is TestHelpExamples' to check
			cancel()
			text := maskVaries(string(got))
			if !strings.HasSuffix(text, "\n") {
				text += "\n"
			}
			if !shownPattern(c.lines).MatchString(text) {
				t.Errorf("%s: $ %s\nprints:\n%s\nthe text shows:\n%s", filepath.Base(file), c.cmd, got, strings.Join(c.lines, "\n"))
			}
			checked++
		}
	}
	if checked < 10 {
		t.Errorf("only %d outputs checked", checked)
	}
}
