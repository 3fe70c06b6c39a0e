package results

import (
	"math"
	"sync"
)

// studentTSurvival is P(T > t) for Student's t distribution with nu > 0
// degrees of freedom (+Inf: the normal distribution): for t ≥ 0 it is I_x(ν/2, 1/2)/2 with x = ν/(ν+t²),
// the regularized incomplete beta function (Abramowitz & Stegun 26.7.1,
// 26.5.27).
func studentTSurvival(t, nu float64) float64 {
	switch {
	case math.IsNaN(t) || math.IsNaN(nu) || nu <= 0:
		return math.NaN()
	case t < 0:
		return 1 - studentTSurvival(-t, nu)
	case math.IsInf(t, 1):
		return 0
	case nu > 1e6:
		// Far out the continued fraction below loses digits (x sits at
		// the beta distribution's mean); Fisher's expansion about the
		// normal (R. A. Fisher, Metron 5 (1925) 90–104; the terms checked
		// against 60-digit values) to 1/ν² keeps 12 digits there, and
		// ν = +Inf is the normal itself.
		t2 := t * t
		g1 := (t2 + 1) * t / 4
		g2 := (((3*t2-7)*t2-5)*t2 - 3) * t / 96
		phi := math.Exp(-t2/2) / math.Sqrt(2*math.Pi)
		return math.Erfc(t/math.Sqrt2)/2 + phi*(g1/nu+g2/(nu*nu))
	}
	d := nu + t*t
	return regIncBeta(nu/2, 0.5, nu/d, t*t/d) / 2
}

// quantiles caches studentTQuantile by its arguments: a report asks for
// the same few degrees of freedom over and over.
var quantiles sync.Map // [2]float64{p, df} → float64

// studentTQuantile is the t with P(T ≤ t) = p, for 0.5 ≤ p < 1 and df ≥ 1
// degrees of freedom, found by bisection on studentTSurvival to the last
// bits of a float64.
func studentTQuantile(p float64, df int) float64 {
	key := [2]float64{p, float64(df)}
	if v, ok := quantiles.Load(key); ok {
		return v.(float64)
	}
	q := 1 - p
	nu := float64(df)
	lo, hi := 0.0, 1.0
	for studentTSurvival(hi, nu) > q && hi < 1e300 {
		lo, hi = hi, hi*2
	}
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid == lo || mid == hi {
			break
		}
		if studentTSurvival(mid, nu) > q {
			lo = mid
		} else {
			hi = mid
		}
	}
	t := lo + (hi-lo)/2
	quantiles.Store(key, t)
	return t
}

// regIncBeta is the regularized incomplete beta function I_x(a, b) for
// a, b > 0 and 0 ≤ x ≤ 1, with y = 1 − x given by the caller so that it
// keeps its precision when x is near 1. It evaluates the continued
// fraction of DLMF 8.17.22 by the modified Lentz method (Thompson &
// Barnett, J. Comput. Phys. 64 (1986), doi:10.1016/0021-9991(86)90046-X)
// on whichever side of the mean a/(a+b) converges fast, using
// I_x(a, b) = 1 − I_y(b, a) for the other.
func regIncBeta(a, b, x, y float64) float64 {
	switch {
	case x <= 0:
		return 0
	case y <= 0:
		return 1
	}
	lbeta := logBeta(a, b)
	front := func(a, b, x, y float64) float64 {
		// log x as log1p(−y) when x is near 1, where y has the digits.
		lx, ly := math.Log(x), math.Log(y)
		if x > 0.5 {
			lx = math.Log1p(-y)
		} else {
			ly = math.Log1p(-x)
		}
		return math.Exp(a*lx + b*ly - lbeta)
	}
	if x < (a+1)/(a+b+2) {
		return front(a, b, x, y) * betaFraction(a, b, x) / a
	}
	return 1 - front(a, b, x, y)*betaFraction(b, a, y)/b
}

// betaFraction evaluates 1/(1+ d₁/(1+ d₂/(1+ …))), the continued fraction
// of I_x(a, b) (DLMF 8.17.22), with d_{2m} = m(b−m)x/((a+2m−1)(a+2m)) and
// d_{2m+1} = −(a+m)(a+b+m)x/((a+2m)(a+2m+1)).
func betaFraction(a, b, x float64) float64 {
	const tiny = 1e-300
	guard := func(v float64) float64 {
		if math.Abs(v) < tiny {
			return tiny
		}
		return v
	}
	// The leading term 1/(1+d₁) with d₁ = −(a+b)x/(a+1).
	c := 1.0
	d := 1 / guard(1-(a+b)*x/(a+1))
	f := d
	for m := 1; m <= 1000; m++ {
		fm := float64(m)
		for _, dm := range [2]float64{
			fm * (b - fm) * x / ((a + 2*fm - 1) * (a + 2*fm)),
			-(a + fm) * (a + b + fm) * x / ((a + 2*fm) * (a + 2*fm + 1)),
		} {
			d = 1 / guard(1+dm*d)
			c = guard(1 + dm/c)
			f *= c * d
			if dm < 0 && math.Abs(c*d-1) < 1e-15 {
				return f
			}
		}
	}
	return f
}

// logBeta is log B(a, b) = log Γ(a) + log Γ(b) − log Γ(a+b) for a, b > 0.
// When one argument is large the two big log-gammas would cancel to a
// few digits, so their difference is taken from Stirling's series
// instead (DLMF 5.11.1): log Γ(x+s) − log Γ(x) = (x−½)·log1p(s/x) +
// s·log(x+s) − s + μ(x+s) − μ(x), μ the series' remainder.
func logBeta(a, b float64) float64 {
	if a < b {
		a, b = b, a
	}
	if a < 50 {
		la, _ := math.Lgamma(a)
		lb, _ := math.Lgamma(b)
		lab, _ := math.Lgamma(a + b)
		return la + lb - lab
	}
	lb, _ := math.Lgamma(b)
	diff := (a-0.5)*math.Log1p(b/a) + b*math.Log(a+b) - b + stirlingRemainder(a+b) - stirlingRemainder(a)
	return lb - diff
}

// stirlingRemainder is μ(x) = log Γ(x) − (x−½)·log x + x − ½·log 2π for
// x ≥ 50, by its asymptotic series (DLMF 5.11.1) to the x⁻⁷ term, whose
// error there is below 10⁻¹⁸.
func stirlingRemainder(x float64) float64 {
	z := 1 / (x * x)
	return (1.0/12 - z*(1.0/360-z*(1.0/1260-z/1680))) / x
}
