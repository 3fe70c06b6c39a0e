package encode

import (
	"strconv"
	"strings"
)

// PeekSize is how many first bytes of a file FormOf looks at (and
// ParseInstance and ParseBoard peek).
const PeekSize = peekSize

// FormOf says in words which form of instance file head (the first
// PeekSize bytes, or all of a shorter file) starts: "a board" (grid,
// compact, list or algebraic form), "a parameter file (CSPLib prob079
// .param or Essence′: n, numdiags, diags, init)" or "a .qpos completion
// file (N K, then K lines row col)".
func FormOf(head []byte) string {
	switch instanceForm(head) {
	case formParams:
		return "a parameter file (CSPLib prob079 .param or Essence′: n, numdiags, diags, init)"
	case formQpos:
		return "a .qpos completion file (N K, then K lines row col)"
	}
	return "a board"
}

// IsBoardForm reports whether head starts a board (a form ParseBoard
// reads) rather than a parameter or .qpos file.
func IsBoardForm(head []byte) bool { return instanceForm(head) == formBoard }

// qposHeader reports whether the first line that is not blank or a
// comment of head is a plausible .qpos header "N K" (1 ≤ N, 0 ≤ K ≤ N).
func qposHeader(head []byte) bool {
	for _, l := range strings.Split(string(head), "\n") {
		w := strings.Fields(l)
		if len(w) == 0 || w[0][0] == '#' || w[0][0] == '$' {
			continue
		}
		if len(w) != 2 {
			return false
		}
		n, err1 := strconv.Atoi(w[0])
		k, err2 := strconv.Atoi(w[1])
		return err1 == nil && err2 == nil && n >= 1 && k >= 0 && k <= n
	}
	return false
}
