package results

import (
	"math"
	"slices"
)

// Sample summarises repeated measurements of one quantity.
type Sample struct {
	N      int     `json:"n"`
	Median float64 `json:"median"`
	Mean   float64 `json:"mean"`
	SD     float64 `json:"sd"` // sample standard deviation (n−1); 0 when N < 2
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
	CILow  float64 `json:"ci_low"`  // 95 % confidence interval of the mean
	CIHigh float64 `json:"ci_high"` // (Student's t); equal to Mean when N < 2
}

// HasCI reports whether the sample is large enough for an interval.
func (s Sample) HasCI() bool { return s.N >= 2 }

// Spread is the half-width of the 95 % confidence interval as a fraction
// of the median, the "±" of a cell; 0 when N < 2 or the median is 0.
func (s Sample) Spread() float64 {
	if !s.HasCI() || s.Median == 0 {
		return 0
	}
	return (s.CIHigh - s.CILow) / 2 / s.Median
}

// Summarize computes the statistics of xs: median, mean,
// standard deviation, extremes and the 95 % confidence interval of the mean
// from Student's t distribution with N−1 degrees of freedom. The
// complexity is O(N log N). It panics on an empty sample.
func Summarize(xs []float64) Sample {
	if len(xs) == 0 {
		panic("results: Summarize of an empty sample")
	}
	x := slices.Clone(xs)
	slices.Sort(x)
	n := len(x)
	s := Sample{N: n, Min: x[0], Max: x[n-1], Median: x[n/2]}
	if n%2 == 0 {
		s.Median = (x[n/2-1] + x[n/2]) / 2
	}
	var v float64
	s.Mean, v = meanVariance(x)
	s.CILow, s.CIHigh = s.Mean, s.Mean
	if n >= 2 {
		s.SD = math.Sqrt(v)
		t := studentTQuantile(0.975, n-1)
		h := t * s.SD / math.Sqrt(float64(n))
		s.CILow, s.CIHigh = s.Mean-h, s.Mean+h
	}
	return s
}

// Comparison compares the times of a backend with those of the base.
type Comparison struct {
	Ratio       float64 `json:"ratio"`       // median / median of the base
	P           float64 `json:"p"`           // two-sided p-value; 1 when not Tested
	Tested      bool    `json:"tested"`      // both sides had at least two repeats
	Significant bool    `json:"significant"` // Tested and P < Alpha
}

// Alpha is the significance level of Compare.
const Alpha = 0.05

// Compare returns the ratio of the medians of x and base and whether they
// differ significantly by Welch's unequal-variances t-test on the natural
// logarithms of the values (times are skewed and compared by ratio, so
// their logarithms are the natural scale). Each sample needs at least two
// values to be tested; values must be positive (non-positive ones are
// raised to 1e-12). See Welch, Biometrika 34 (1947),
// doi:10.1093/biomet/34.1-2.28.
func Compare(x, base []float64) Comparison {
	c := Comparison{Ratio: math.NaN(), P: 1}
	if len(x) == 0 || len(base) == 0 {
		return c
	}
	mx, mb := Summarize(x).Median, Summarize(base).Median
	c.Ratio = positive(mx) / positive(mb)
	if len(x) < 2 || len(base) < 2 {
		return c
	}
	lx, lb := logs(x), logs(base)
	ax, vx := meanVariance(lx)
	ab, vb := meanVariance(lb)
	nx, nb := float64(len(lx)), float64(len(lb))
	c.Tested = true
	se2 := vx/nx + vb/nb
	switch {
	case se2 == 0 && ax == ab:
		c.P = 1
	case se2 == 0:
		c.P = 0
	default:
		t := (ax - ab) / math.Sqrt(se2)
		df := se2 * se2 / ((vx/nx)*(vx/nx)/(nx-1) + (vb/nb)*(vb/nb)/(nb-1))
		if math.IsNaN(df) || df < 1 {
			df = 1
		}
		c.P = 2 * studentTSurvival(math.Abs(t), df)
	}
	c.Significant = c.P < Alpha
	return c
}

func positive(x float64) float64 {
	if x <= 0 || math.IsNaN(x) {
		return 1e-12
	}
	return x
}

func logs(xs []float64) []float64 {
	l := make([]float64, len(xs))
	for i, x := range xs {
		l[i] = math.Log(positive(x))
	}
	return l
}

// GeoMean is the geometric mean of positive values (non-positive ones are
// raised to 1e-12), NaN for none.
func GeoMean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	var s float64
	for _, x := range xs {
		s += math.Log(positive(x))
	}
	return math.Exp(s / float64(len(xs)))
}

// meanVariance returns the mean of x and its unbiased sample variance
// (n−1 in the denominator; 0 for fewer than two values), by the corrected
// two-pass algorithm (Chan, Golub & LeVeque, The American Statistician 37
// (1983), doi:10.1080/00031305.1983.10483115), which keeps the rounding
// error of nearly equal values small.
func meanVariance(x []float64) (mean, variance float64) {
	n := float64(len(x))
	for _, v := range x {
		mean += v
	}
	mean /= n
	if len(x) < 2 {
		return mean, 0
	}
	var ss, comp float64
	for _, v := range x {
		d := v - mean
		ss += d * d
		comp += d
	}
	return mean, (ss - comp*comp/n) / (n - 1)
}
