package split

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestIdentityRoundTrip(t *testing.T) {
	id := Identity{Method: "constellations", Version: 1, N: 16, Depth: 1, Subproblems: 29116, Hash: 0x0123456789abcdef}
	s := id.String()
	if s != "constellations/1 n=16 depth=1 subproblems=29116 hash=0123456789abcdef" {
		t.Fatalf("String: %q", s)
	}
	got, err := Parse(s)
	if err != nil || got != id {
		t.Fatalf("Parse: %+v %v", got, err)
	}
	for _, bad := range []string{"", "x", "v0 constellations/1 n=16 depth=1 subproblems=29116 hash=0123456789abcdef",
		"c/1 n=0 depth=1 subproblems=1 hash=0123456789abcdef", "c/1 n=8 depth=-1 subproblems=1 hash=0123456789abcdef",
		"c/1 n=8 depth=1 subproblems=1 hash=0123", "c/1 n=8 depth=1 subproblems=1 hash=0123456789ABCDEF",
		"c/1 n=08 depth=1 subproblems=1 hash=0123456789abcdef", "c/x n=8 depth=1 subproblems=1 hash=0123456789abcdef",
		"c/1  n=8 depth=1 subproblems=1 hash=0123456789abcdef", "c/1 n=+8 depth=1 subproblems=1 hash=0123456789abcdef"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

// TestReadPlaces: errors name file:line:col, also after a long record.
func TestReadPlaces(t *testing.T) {
	long := `{"n":8,"solutions":0,"shard":0,"shards":1,"status":"ok","backend":"` + strings.Repeat("1", 3<<20) + "\"}\n"
	for _, c := range []struct{ in, want string }{
		{"{\"n\": 10,\n \"shard\": 1,, }", "f:2:13:"},
		{`{"n":10,"solutions":-4}`, `f:1:21: field "solutions": -4 is not a whole number ≥ 0`},
		{`{"n":"ten"}`, `f:1:6: field "n": want a whole number, got a JSON string`},
		{`{"n":8,"backend":7}`, `f:1:18: field "backend": want a string, got a JSON number`},
		{"42\n", "f:1:1: a JSON number where a record should be"},
		{`{"n":10,"sol`, "f:1:13:"},
		{long + `{"n":"x"}`, `f:2:6: field "n"`},
		{`{"n":8,"parts":[{"id":"a"}]}`, `f:1:17: part 0: field "id"`},
		{`{"n":8,"parts":[],"parts":[]}`, `given twice`},
	} {
		_, err := ReadAll(context.Background(), strings.NewReader(c.in), "f", 0)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.40q: got %v, want %q", c.in, err, c.want)
		}
	}
	if _, err := ReadAll(context.Background(), strings.NewReader(strings.Repeat(" ", 100)+`{"n":1}`), "f", 64); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("over the bound: %v", err)
	}
}

// TestReadStreams: a record of a million parts is read (its text is not
// kept whole), and the reader stops when its context is done.
func TestReadStreams(t *testing.T) {
	const k = 1 << 20
	pr, pw := io.Pipe()
	go func() {
		fmt.Fprint(pw, `{"n":27,"solutions":`+fmt.Sprint(k)+`,"shard":0,"shards":1,"status":"ok","split":{"method":"m","version":1,"n":27,"depth":0,"subproblems":`+fmt.Sprint(k)+`,"identity":"m/1 n=27 depth=0 subproblems=`+fmt.Sprint(k)+` hash=0000000000000001","shard":0,"shards":1,"todo":`+fmt.Sprint(k)+`},"parts":[`)
		for i := range k {
			if i > 0 {
				fmt.Fprint(pw, ",")
			}
			fmt.Fprintf(pw, `{"id":%d,"solutions":1,"unique":0,"nodes":1}`, i)
		}
		fmt.Fprint(pw, "]}\n")
		pw.Close()
	}()
	recs, err := ReadAll(context.Background(), pr, "big", 0)
	if err != nil {
		t.Fatal(err)
	}
	tot, err := Merge(recs)
	if err != nil || tot.Solutions != k {
		t.Fatalf("%+v %v", tot, err)
	}
	// An idle input: the context ends the read at the next part.
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	pr2, pw2 := io.Pipe()
	go func() {
		fmt.Fprint(pw2, `{"n":8,"parts":[`)
		for i := 0; ; i++ {
			if _, err := fmt.Fprintf(pw2, `{"id":%d},`, i); err != nil {
				return
			}
		}
	}()
	_, err = ReadAll(ctx, pr2, "endless", 0)
	pr2.Close()
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("endless parts: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add("constellations/1 n=16 depth=1 subproblems=29116 hash=0123456789abcdef")
	f.Add("halves/3 n=8 depth=0 subproblems=12 hash=ffffffffffffffff")
	f.Add("v0 x/1 n=1 depth=0 subproblems=1 hash=0000000000000000")
	f.Fuzz(func(t *testing.T, s string) {
		id, err := Parse(s)
		if err != nil {
			return
		}
		if id.String() != s {
			t.Fatalf("Parse(%q) = %+v, which writes %q", s, id, id.String())
		}
	})
}

// FuzzRead: any input ends in records or one error with a place, never a
// panic; what Merge accepts adds up.
func FuzzRead(f *testing.F) {
	f.Add([]byte(`{"n":8,"backend":"bitmask","solutions":92,"unique":12,"shard":0,"shards":1,"seconds":0.01,"status":"ok","complete":true}`))
	f.Add([]byte("{\"n\":8,\"solutions\":40,\"shard\":0,\"shards\":2,\"status\":\"ok\"}\n{\"n\":8,\"solutions\":52,\"shard\":1,\"shards\":2,\"status\":\"ok\"}\n"))
	f.Add([]byte(`{"n":9,"solutions":2,"shard":0,"shards":1,"status":"ok","split":{"method":"halves","version":3,"n":9,"depth":0,"subproblems":2,"identity":"halves/3 n=9 depth=0 subproblems=2 hash=00000000000000aa","shard":0,"shards":1,"todo":2},"parts":[{"id":0,"solutions":1},{"id":1,"solutions":1}]}`))
	f.Add([]byte(`{"n":9,"solutions":18446744073709551615,"shard":0,"shards":1,"status":"ok","split":{"method":"halves","version":3,"n":9,"depth":0,"subproblems":2,"identity":"halves/3 n=9 depth=0 subproblems=2 hash=00000000000000aa","shard":0,"shards":1,"todo":2},"parts":[{"id":0,"solutions":18446744073709551615},{"id":1,"solutions":1}]}`))
	f.Add([]byte("\ufeff[[[[[[[[[[[[[[[[[[["))
	f.Add([]byte(`{"n":8,"parts":[{"id":1},{"id":1}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, err := ReadAll(context.Background(), strings.NewReader(string(data)), "in", 1<<20)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "split: in") {
				t.Fatalf("error without its place: %v", err)
			}
			return
		}
		tot, err := Merge(recs)
		if err != nil {
			return
		}
		var sum uint64
		for _, r := range recs {
			sum += r.Solutions
		}
		if sum != tot.Solutions {
			t.Fatalf("total %d, records add up to %d", tot.Solutions, sum)
		}
	})
}

// FuzzReadSame: the scanner reads every input as the reader built on
// encoding/json's decoder did (read_ref_test.go): the same records, or
// an error (with its place) for both.
func FuzzReadSame(f *testing.F) {
	for _, s := range readSameSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		readSame(t, data)
	})
}

var readSameSeeds = []string{
	`{"n":8,"backend":"bitmask","solutions":92,"unique":12,"shard":0,"shards":1,"seconds":0.01,"status":"ok","complete":true}`,
	`{"n":9,"solutions":2,"shard":0,"shards":1,"status":"ok","split":{"method":"halves","version":3,"n":9,"depth":0,"subproblems":2,"identity":"halves/3 n=9 depth=0 subproblems=2 hash=00000000000000aa","shard":0,"shards":1,"todo":2},"parts":[{"id":0,"solutions":1},{"id":1,"solutions":1}]}`,
	`{"n":8,"PARTS":[{"ID":3,"Solutions":18446744073709551615,"unique":null,"nodes":7,"x":[1,{"a":"\u00e9\n"}]},null,{}]}`,
	`{"n":8,"parts":[{"id":-1}]}`, `{"n":8,"parts":[{"id":1.5}]}`, `{"n":8,"parts":[{"id":9223372036854775808}]}`,
	`{"n":8,"parts":[{"solutions":18446744073709551616}]}`, `{"n":8,"parts":[{"nodes":01}]}`, `{"n":8,"parts":[{"nodes":1e3}]}`,
	`{"n":8,"parts":[5]}`, `{"n":8,"parts":["x"]}`, `{"n":8,"parts":{}}`, `{"n":8,"parts":null}`, `{"n":8,"parts":[1,]}`,
	`{"n":8,"parts":[{"id":1}{"id":2}]}`, `{"n":8,"parts":[{"id" 1}]}`, `{"n":8,"parts":[{"id":1,}]}`, `{"n":8,"parts":[{"id":tru}]}`,
	"{\"n\":8,\"b\":\"a\tb\"}", `{"n":8,"b":"\x"}`, `{"n":8,"b":"\u12"}`, `{"n":8}{"n":9} {"n":10}` + "\n", "\ufeff{\"n\":1}", "[[[[[", "x", `{"n":8,}`, `{"n":8 "b":1}`,
	`{"n":8,"solutions":"9"}`, `{"n":8,"split":{"n":"x"}}`, `{"n":-0.0e+1}`, `{"n":8,"parts":[{"id":` + "00" + `}]}`,
	`{"n":8,"parts":[{"id":0, "id":3 , "solutions" : 4 } , { "id" : 5 } ] , "solutions":4}`,
}

func readSame(t *testing.T, data []byte) {
	got, err := ReadAll(context.Background(), strings.NewReader(string(data)), "in", 1<<20)
	want, werr := refReadAll(context.Background(), strings.NewReader(string(data)), "in", 1<<20)
	if (err == nil) != (werr == nil) {
		t.Fatalf("%q: scanner: %v; decoder: %v", data, err, werr)
	}
	if err != nil {
		// The places may differ: the decoder placed errors inside a value
		// from the value's start in its buffer (in "{\"b\":\"\t\"}" at
		// column 5 for the tab at column 7), the scanner at the byte.
		if !strings.HasPrefix(err.Error(), "split: in:") {
			t.Fatalf("%q: error without its place: %v", data, err)
		}
		return
	}
	if len(got) != len(want) {
		t.Fatalf("%q: %d records, decoder %d", data, len(got), len(want))
	}
	for i := range got {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Fatalf("%q: record %d:\nscanner %+v\ndecoder %+v", data, i, *got[i], *want[i])
		}
	}
}

func TestReadSame(t *testing.T) {
	for _, s := range readSameSeeds {
		readSame(t, []byte(s))
	}
}
