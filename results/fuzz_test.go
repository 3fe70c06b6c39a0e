package results_test

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/qtool-project/qtool/results"
)

// FuzzReadCSV: any input is read without a panic, and what is read is
// written and read back unchanged.
func FuzzReadCSV(f *testing.F) {
	f.Add([]byte("n,board,hash,backend,mode,repeat,answer,nodes,seconds,runs,status,message\n8,,,bitmask,count,0,92,1965,1.2e-05,100,ok,\n"))
	f.Add([]byte("n,board,hash,backend,mode,repeat,answer,nodes,seconds,runs,status,message\n8,b.txt,sha256:ab,dlx,complete,2,1,7,0.5,1,timeout,\"a, \"\"b\"\"\"\n"))
	f.Add([]byte("n,board\n1,2\n"))
	f.Add([]byte("n,board,hash,backend,mode,repeat,answer,nodes,seconds,runs,status,message,given,k\n20,q20-k10-s1-0003,sha256:0a1b2c3d4e5f,dlx,decide,0,1,40,3.1e-05,1,ok,,10,10\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, err := results.ReadCSV(bytes.NewReader(data), "fuzz.csv")
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := results.WriteCSV(&buf, recs); err != nil {
			t.Fatal(err)
		}
		again, err := results.ReadCSV(&buf, "again.csv")
		if err != nil {
			t.Fatalf("written CSV does not read back: %v\n%s", err, buf.String())
		}
		if len(recs) != len(again) || (len(recs) > 0 && !reflect.DeepEqual(recs, again)) {
			t.Fatalf("round trip changed the records:\n%+v\n%+v", recs, again)
		}
	})
}

// FuzzReadLog: any input is read without a panic, and what is read is
// logged and read back unchanged.
func FuzzReadLog(f *testing.F) {
	f.Add([]byte(`{"env":{"go":"go1.26","goos":"linux","goarch":"amd64","cores":2,"date":"2026-11-30T08:00:00Z","seed":1}}` + "\n" +
		`{"n":8,"backend":"bitmask","mode":"count","repeat":0,"answer":92,"nodes":1965,"seconds":0.000012,"status":"ok"}` + "\n"))
	f.Add([]byte(`{"n":30,"backend":"backtrack","mode":"count","repeat":1,"answer":0,"nodes":0,"seconds":10,"status":"timeout","message":"x"}` + "\n{\"n\":"))
	f.Add([]byte("\n\n{}\n"))
	f.Add([]byte(`{"n":20,"board":"q20-k10-s1-0003","hash":"sha256:0a1b2c3d4e5f","given":9,"k":10,"backend":"sat","mode":"decide","repeat":0,"answer":0,"nodes":0,"seconds":2,"status":"timeout"}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		envs, recs, err := results.ReadLog(bytes.NewReader(data), "fuzz.jsonl")
		if err != nil {
			return
		}
		var buf bytes.Buffer
		l := results.NewLog(&buf)
		for _, e := range envs {
			if err := l.WriteEnv(e); err != nil {
				return // e.g. a date beyond year 9999 cannot be written back
			}
		}
		for _, r := range recs {
			if err := l.WriteRecord(r); err != nil {
				t.Fatal(err)
			}
		}
		envs2, recs2, err := results.ReadLog(&buf, "again.jsonl")
		if err != nil {
			t.Fatalf("written log does not read back: %v\n%s", err, buf.String())
		}
		if len(recs) != len(recs2) || (len(recs) > 0 && !reflect.DeepEqual(recs, recs2)) {
			t.Fatalf("round trip changed the records:\n%+v\n%+v", recs, recs2)
		}
		if len(envs) != len(envs2) {
			t.Fatalf("round trip changed the number of envs: %d then %d", len(envs), len(envs2))
		}
	})
}
