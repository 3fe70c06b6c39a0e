package split

import (
	"fmt"
	"strconv"
	"strings"
)

// Identity names a deterministic split of a count into subproblems: the
// method that makes it and the version of that method, the board order,
// the rows fixed beyond the method's own, the number of subproblems and a
// 64-bit hash of their list. Two counts can be added up or compared piece
// by piece only when their identities are equal.
//
// Its text form, written by String and read by Parse, is the one that
// checkpoints and count records have always carried:
//
//	constellations/1 n=16 depth=1 subproblems=29116 hash=0123456789abcdef
type Identity struct {
	Method      string
	Version     int
	N           int
	Depth       int
	Subproblems int
	Hash        uint64
}

// String writes the identity's one-line text form.
func (id Identity) String() string {
	return fmt.Sprintf("%s/%d n=%d depth=%d subproblems=%d hash=%016x", id.Method, id.Version, id.N, id.Depth, id.Subproblems, id.Hash)
}

// Parse reads the text form that String writes, strictly: the five fields
// in their order, one blank between them, a method of letters, digits,
// '-' and '_', non-negative numbers (n and subproblems at least 1) and a
// hash of 16 lower-case hex digits.
func Parse(s string) (Identity, error) {
	var id Identity
	f := strings.Split(s, " ")
	if len(f) != 5 {
		return id, fmt.Errorf("split: identity %q: want \"METHOD/VERSION n=N depth=D subproblems=S hash=H\"", clip(s))
	}
	method, version, ok := strings.Cut(f[0], "/")
	if !ok || method == "" || strings.Trim(method, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != "" {
		return id, fmt.Errorf("split: identity %q: bad method/version %q", clip(s), clip(f[0]))
	}
	id.Method = method
	var err error
	num := func(field, key string, min int) int {
		if err != nil {
			return 0
		}
		v, ok := strings.CutPrefix(field, key+"=")
		x, perr := strconv.Atoi(v)
		if !ok || perr != nil || x < min || strings.HasPrefix(v, "+") || (len(v) > 1 && v[0] == '0') {
			err = fmt.Errorf("split: identity %q: bad %s %q (want %s=%d or more)", clip(s), key, clip(field), key, min)
		}
		return x
	}
	id.Version = num("v="+version, "v", 0)
	id.N = num(f[1], "n", 1)
	id.Depth = num(f[2], "depth", 0)
	id.Subproblems = num(f[3], "subproblems", 1)
	if err != nil {
		return Identity{}, err
	}
	h, ok := strings.CutPrefix(f[4], "hash=")
	if !ok || len(h) != 16 || strings.ToLower(h) != h {
		return Identity{}, fmt.Errorf("split: identity %q: bad hash %q (want hash= and 16 hex digits)", clip(s), clip(f[4]))
	}
	if id.Hash, err = strconv.ParseUint(h, 16, 64); err != nil {
		return Identity{}, fmt.Errorf("split: identity %q: bad hash %q (want hash= and 16 hex digits)", clip(s), clip(f[4]))
	}
	return id, nil
}

// clip shortens text quoted in a message.
func clip(s string) string {
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}
