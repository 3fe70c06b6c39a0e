package split

// Record is one count as qtool count --json prints it: the fields n,
// backend, solutions, nodes, seconds and status are the command-line
// contract; shard and shards name a slice of a split count; split and
// parts are there when the backend counts by subproblems; board_hash is
// the content hash of the board counted (see BoardHash).
type Record struct {
	N         int               `json:"n"`
	Backend   string            `json:"backend"`
	Board     string            `json:"board,omitempty"`
	BoardHash string            `json:"board_hash,omitempty"`
	Given     int               `json:"given,omitempty"`
	Solutions uint64            `json:"solutions"`
	Unique    *uint64           `json:"unique,omitempty"`
	Nodes     *uint64           `json:"nodes,omitempty"`
	Shard     *int              `json:"shard,omitempty"`
	Shards    *int              `json:"shards,omitempty"`
	Seconds   float64           `json:"seconds"`
	Status    string            `json:"status"`
	Complete  bool              `json:"complete"`
	Method    string            `json:"method,omitempty"`
	Stats     map[string]uint64 `json:"stats,omitempty"`
	// Problem is the variant when it is not plain n-queens; Queens the
	// domination number (domination), Pieces the maximum (kings, bishops,
	// knights, rooks); Blocked and Excluded the forbidden squares and
	// diagonals of the board.
	Problem  string `json:"problem,omitempty"`
	Queens   *int   `json:"queens,omitempty"`
	Pieces   *int   `json:"pieces,omitempty"`
	Blocked  int    `json:"blocked,omitempty"`
	Excluded int    `json:"excluded_diagonals,omitempty"`
	// Pawns is the number of pawns of queens+pawns; PawnsSearched says
	// that every placement of them was tried (none given on the board).
	Pawns         *int `json:"pawns,omitempty"`
	PawnsSearched bool `json:"pawns_searched,omitempty"`
	// Army is the pieces of a problem of several kinds, by kind
	// ("Q=5,N=5": encode.Army).
	Army string `json:"army,omitempty"`
	// Split describes the split counted and Parts the count of each of its
	// subproblems, when the backend counts by subproblems.
	Split *Info  `json:"split,omitempty"`
	Parts []Part `json:"parts,omitempty"`
}

// Info describes the split of a count: its identity in parts and as text,
// and the slice of it that was counted.
type Info struct {
	Method  string `json:"method"`  // e.g. "constellations"
	Version int    `json:"version"` // of the method's split
	N       int    `json:"n"`
	Depth   int    `json:"depth"`       // rows fixed beyond the method's own
	Total   int    `json:"subproblems"` // in the whole split
	// Identity is the one-line name of the split (Identity.String).
	Identity string `json:"identity"`
	// Shard and Shards name the slice counted, Todo its subproblems.
	Shard  int `json:"shard"`
	Shards int `json:"shards"`
	Todo   int `json:"todo"`
	// Resumed is the number of subproblems read from a checkpoint rather
	// than counted in this run.
	Resumed int `json:"resumed"`
}

// Part is the count of one subproblem of a split.
type Part struct {
	ID        int    `json:"id"`
	Solutions uint64 `json:"solutions"`
	Unique    uint64 `json:"unique"`
	Nodes     uint64 `json:"nodes"`
}
