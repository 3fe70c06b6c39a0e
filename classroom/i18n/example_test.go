package i18n_test

import (
	"fmt"

	"github.com/qtool-project/qtool/classroom/i18n"
)

func Example() {
	de := i18n.FromAcceptLanguage("de-AT,de;q=0.9,en;q=0.5")
	fmt.Println(de.Lang, de.T("ws.puzzle", 3), de.Number(856189))
	// Output: de Aufgabe 3 856.189
}
