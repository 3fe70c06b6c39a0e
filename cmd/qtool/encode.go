package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"qtool/encode"
	"qtool/experiments"
)

func init() {
	register(command{name: "encode", summary: "write a board as an exact-cover matrix (dlx) or a CNF (dimacs)", run: runEncode})
}

// encoder writes a board in one target format for an outside solver.
type encoder struct {
	name  string
	about string
	// write writes board b; opts holds the target's options (e.g. "amo").
	write func(w io.Writer, b encode.Board, opts map[string]string) error
}

var encoders = map[string]encoder{}

// registerEncoder adds a target of qtool encode --to; each target registers
// itself from an init function in its own file.
func registerEncoder(e encoder) {
	if _, dup := encoders[e.name]; dup {
		panic("qtool: encoder registered twice: " + e.name)
	}
	encoders[e.name] = e
}

func encoderNames() []string {
	names := make([]string, 0, len(encoders))
	for n := range encoders {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

const encodeUsage = `
Usage: qtool encode -n N [--board FILE] --to TARGET [--amo ENC] [--out FILE]

Writes the n-queens problem (or the completion of a board) for an outside
solver: --to dlx writes Knuth's exact-cover format (dlx1, TAOCP 7.2.2.1),
--to dimacs writes a CNF for any SAT solver.

Examples:
  qtool encode -n 8 --to dlx > queens8.dlx
  qtool encode --board board.txt --to dimacs --amo sequential > board.cnf
`

func runEncode(ctx context.Context, c *cli, args []string) error {
	fs := flagSet("encode", encodeUsage)
	var p problemFlags
	intFlag(fs, &p.n, "n", 0, "board order `N` (optional with --board)")
	fs.StringVar(&p.board, "board", "", "`FILE` with queens already placed (- for stdin)")
	to := fs.String("to", "", "`TARGET` format: "+strings.Join(encoderNames(), ", "))
	amo := fs.String("amo", "", "at-most-one encoding for --to dimacs")
	outPath := fs.String("out", "", "write to `FILE` instead of stdout")
	operands, err := parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	if len(operands) > 0 {
		return usageErrorf("encode: unexpected argument %q (see qtool encode --help)", operands[0])
	}
	e, ok := encoders[*to]
	if !ok {
		return usageErrorf("encode: --to %q: want one of %s", *to, strings.Join(encoderNames(), ", "))
	}
	p.backend = "backtrack" // any backend: load checks only the board
	b, _, err := p.load(c, setFlags(fs), experiments.Count, 0)
	if err != nil {
		return err
	}
	opts := map[string]string{}
	if *amo != "" {
		opts["amo"] = *amo
	}
	w := c.stdout
	if *outPath != "" {
		f, err := os.Create(*outPath)
		if err != nil {
			return usageErrorf("--out: %v", err)
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	if err := e.write(bw, b, opts); err != nil {
		return usageErrorf("encode: %v", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("encode: writing: %v", err)
	}
	return nil
}
