package count

import "github.com/qtool-project/qtool/split"

// DescribeMaxJoinN is the largest order whose join plan Describe builds
// to name a subproblem: seconds and at most 1 GB (n = 21); the plans of
// n = 22 and 23 take minutes and 4–8 GB.
const DescribeMaxJoinN = min(21, JoinMaxN)

// Describe names subproblem id of the split identity for people
// (Plan.Describe), by building the plan that identity names: ok is false
// when the identity is not one of this package's plans (another version,
// another list of subproblems), when id is not one of its subproblems, or
// when the plan is too costly to build for that purpose (constellations
// beyond n = 20, joins beyond DescribeMaxJoinN).
func Describe(identity string, id int) (text string, ok bool) {
	sid, err := split.Parse(identity)
	if err != nil {
		return "", false
	}
	n := sid.N
	var p Plan
	switch sid.Method {
	case ConstellationMethod:
		if n <= ConstellationMaxN && n <= 20 {
			p, err = NewConstellationPlan(n, 0)
		}
	case DomainMethod:
		if n <= DomainMaxN {
			p, err = NewDomainPlan(n)
		}
	case JoinMethod:
		if n <= DescribeMaxJoinN {
			p, err = NewJoinPlan(n, 0)
		}
	}
	if p == nil || err != nil || p.Identity() != identity || id < 0 || id >= p.Subproblems() {
		return "", false
	}
	return p.Describe(id), true
}
