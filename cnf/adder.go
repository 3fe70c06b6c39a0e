package cnf

// Adder receives a formula one literal at a time, the way DIMACS writes
// it: a nonzero literal extends the current clause, 0 ends it. It is the one
// narrow sink every producer of clauses writes into, after gini's
// inter.Adder, so that one code path fills a SAT solver, a DIMACS Writer or
// a Counter without a slice of clauses ever being built.
type Adder interface {
	Add(lit int)
}

// Counter is an Adder that only counts what it receives.
type Counter struct {
	Clauses  int // clauses ended (by Add(0)), the empty clause included
	Literals int // nonzero literals
	MaxVar   int // the largest variable seen
}

// Add counts one literal, or the end of a clause when lit is 0.
func (c *Counter) Add(lit int) {
	if lit == 0 {
		c.Clauses++
		return
	}
	c.Literals++
	c.MaxVar = max(c.MaxVar, Var(lit))
}

// Var returns the variable of literal lit (its absolute value).
func Var(lit int) int {
	if lit < 0 {
		return -lit
	}
	return lit
}

// Clause writes the literals lits and ends the clause.
func Clause(dst Adder, lits ...int) {
	for _, l := range lits {
		dst.Add(l)
	}
	dst.Add(0)
}
