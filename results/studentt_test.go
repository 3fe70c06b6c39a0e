package results

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// TestStudentTClosedForms checks the survival function where it has a
// closed form: ν = 1 (Cauchy), 2 and 4.
func TestStudentTClosedForms(t *testing.T) {
	forms := map[float64]func(x float64) float64{
		1: func(x float64) float64 { return 0.5 - math.Atan(x)/math.Pi },
		2: func(x float64) float64 { return 0.5 - x/(2*math.Sqrt(2+x*x)) },
		4: func(x float64) float64 {
			u := x / math.Sqrt(4+x*x)
			return 0.5 - 0.75*u*(1-u*u/3)
		},
	}
	for nu, f := range forms {
		for _, x := range []float64{-7, -1, -0.25, 0, 1e-9, 0.3, 1, 2.5, 4, 12.7, 100, 1e4} {
			got, want := studentTSurvival(x, nu), f(x)
			if math.Abs(got-want) > 1e-13*math.Max(1e-3, want) {
				t.Errorf("survival(%v, ν=%v) = %.17g, want %.17g", x, nu, got, want)
			}
		}
	}
}

// TestStudentTAgainstGonum cross-checks the survival function and the
// quantile with an independent implementation (gonum's distuv), over
// degrees of freedom from 1 to 10⁴, fractional ones included (Welch's).
func TestStudentTAgainstGonum(t *testing.T) {
	for _, nu := range []float64{1, 1.3, 2, 2.5, 3, 4.7, 7, 9, 19, 29, 99.5, 1000, 1e4} {
		d := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: nu}
		for _, x := range []float64{0, 0.01, 0.5, 1, 1.96, 2, 3, 5, 10, 40, 300} {
			got, want := studentTSurvival(x, nu), d.Survival(x)
			// gonum's own error reaches 3e-11 at ν = 10⁴ (see the
			// high-precision values below), hence the looser bound.
			if math.Abs(got-want) > 1e-9*math.Max(1e-6, want) {
				t.Errorf("survival(%v, ν=%v) = %.17g, gonum %.17g", x, nu, got, want)
			}
		}
	}
	for df := 1; df <= 300; df++ {
		for _, p := range []float64{0.5, 0.9, 0.975, 0.995} {
			got, want := studentTQuantile(p, df), distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(df)}.Quantile(p)
			if math.Abs(got-want) > 1e-9*math.Max(1, want) {
				t.Errorf("quantile(%v, df=%d) = %.17g, gonum %.17g", p, df, got, want)
			}
		}
	}
}

// TestStudentTPrecise checks the survival function against values
// computed to 40 digits with mpmath's betainc (the same identity through
// an independent arbitrary-precision evaluation).
func TestStudentTPrecise(t *testing.T) {
	for _, c := range [][3]float64{
		{1.3, 0.01, 0.49666607551169507281},
		{1.3, 1.96, 0.12642365654092436644},
		{1.3, 5, 0.041821188978483544762},
		{1.3, 40, 0.0028656442723667134811},
		{2.5, 0.01, 0.49638199717895412893},
		{2.5, 1.96, 0.081473782236406993393},
		{2.5, 5, 0.011725594985430923532},
		{2.5, 40, 0.000070978171452466914564},
		{4.7, 0.01, 0.49621586694078966661},
		{4.7, 1.96, 0.0554733456989183716},
		{4.7, 5, 0.0024331773609290754808},
		{4.7, 40, 1.9459305553641816278e-7},
		{29, 0.01, 0.49604488240161247621},
		{29, 1.96, 0.029833897759795659497},
		{29, 5, 0.000012683157867711616113},
		{29, 40, 3.1734386648646739938e-27},
		{99.5, 0.01, 0.49602065511011922645},
		{99.5, 1.96, 0.026396468216498378929},
		{99.5, 5, 1.2328336687936747491e-6},
		{99.5, 40, 1.9813553391485621854e-63},
		{10000, 0.01, 0.49601074342467790524},
		{10000, 1.96, 0.025011760115916522693},
		{10000, 5, 2.9151633068313236453e-7},
		// Beyond 10⁶ degrees of freedom, Fisher's expansion.
		{1e7, 0.5, 0.30853754422700754196},
		{1e7, 1.7, 0.044565478307206698497},
		{1e7, 1.96, 0.024997909012657094071},
		{1e7, 5, 2.866564037504269496e-7},
		{1e8, 0.5, 0.30853753927608896858},
		{1e8, 1.7, 0.044565464313409410638},
		{1e8, 1.96, 0.02499789653466405227},
		{1e8, 5, 2.8665205506336430084e-7},
	} {
		if got := studentTSurvival(c[1], c[0]); math.Abs(got-c[2]) > 1e-12*c[2] {
			t.Errorf("survival(%v, ν=%v) = %.17g, want %.17g", c[1], c[0], got, c[2])
		}
	}
}

// TestStudentTNormalLimit: with infinitely many degrees of freedom (a
// Welch–Satterthwaite df whose denominator underflowed) the survival is
// the normal's, and it approaches it from a large finite ν.
func TestStudentTNormalLimit(t *testing.T) {
	for _, x := range []float64{0, 0.5, 1.96, 4} {
		want := math.Erfc(x/math.Sqrt2) / 2
		if got := studentTSurvival(x, math.Inf(1)); math.Abs(got-want) > 1e-15 {
			t.Errorf("survival(%v, ν=∞) = %v, want %v", x, got, want)
		}
		if got := studentTSurvival(x, 1e12); math.Abs(got-want) > 1e-9 {
			t.Errorf("survival(%v, ν=1e12) = %v, want about %v", x, got, want)
		}
	}
}

// TestStudentTQuantileTable checks the two-sided 95 % points of the
// printed tables (Fisher & Yates; NIST/SEMATECH e-Handbook 1.3.6.7.2).
func TestStudentTQuantileTable(t *testing.T) {
	for df, want := range map[int]float64{1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 9: 2.262, 10: 2.228, 29: 2.045, 100: 1.984} {
		if got := studentTQuantile(0.975, df); math.Abs(got-want) > 5e-4 {
			t.Errorf("t(0.975, %d) = %v, want %v", df, got, want)
		}
	}
}

func TestMeanVariance(t *testing.T) {
	// Values near 10⁹ with a variance of 1: the naive sum of squares
	// would lose every digit.
	m, v := meanVariance([]float64{1e9 + 1, 1e9 + 2, 1e9 + 3})
	if m != 1e9+2 || v != 1 {
		t.Errorf("meanVariance = %v, %v; want 1e9+2, 1", m, v)
	}
	if m, v := meanVariance([]float64{3}); m != 3 || v != 0 {
		t.Errorf("one value: %v, %v", m, v)
	}
}
