package textin

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// JSONTypeError says what a value of the wrong type in a line of JSON is
// and what its field wants, in the file's own words: the field's JSON name
// and the kind of value, never a Go type ("json: cannot unmarshal array
// into Go value of type struct { Env *results.Env … }", "want uint64").
// where names what a line holds ("a record", "a record or an env"): a
// value of the wrong type in place of the whole line is "a JSON array
// where a record should be". A number out of its field's range or not
// whole is said so.
func JSONTypeError(te *json.UnmarshalTypeError, where string) string {
	got := te.Value
	if len(got) > 40 {
		got = got[:40] + "…"
	}
	if te.Field == "" {
		return fmt.Sprintf("a JSON %s where %s should be", got, where)
	}
	field := te.Field[strings.LastIndexByte(te.Field, '.')+1:]
	if len(field) > 120 {
		field = field[:120] + "…"
	}
	want := JSONKind(te.Type)
	if num, ok := strings.CutPrefix(got, "number "); ok {
		switch {
		case strings.HasPrefix(want, "a whole number") && (strings.ContainsAny(num, ".eE") || strings.HasPrefix(num, "-") && want != "a whole number"):
			return fmt.Sprintf("field %q: %s is not %s", field, num, want)
		case strings.HasPrefix(want, "a whole number") || want == "a number":
			return fmt.Sprintf("field %q: %s is out of range", field, num)
		}
	}
	return fmt.Sprintf("field %q: want %s, got a JSON %s", field, want, got)
}

// JSONKind names the JSON value a Go type takes, in a reader's words
// ("a whole number ≥ 0", not uint64).
func JSONKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number ≥ 0"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a JSON array"
	}
	return "a JSON object"
}
